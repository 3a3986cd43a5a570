import { type InfiniteData, keepPreviousData, type QueryClient, type QueryKey, useInfiniteQuery } from "@tanstack/react-query";
import type { Page } from "../../../lib/paging-contract.ts";
import { fetchQueryJson } from "./query-client";

export type { Page };

/**
 * A list the server pages (lib/paging.ts; the page's shape in lib/paging-contract.ts): the first page at once, the
 * next ones on fetchNextPage, each after the previous page's cursor. Changing params (a filter) starts again from
 * the first page, keeping the old rows on screen until the new ones arrive.
 */
export function usePagedList<T>(
  path: string,
  queryKey: QueryKey,
  params: Record<string, string | number | undefined>,
  { enabled = true }: { enabled?: boolean } = {},
) {
  const query = useInfiniteQuery({
    queryKey: [...queryKey, params],
    queryFn: ({ pageParam, signal }) => {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== "") search.set(key, String(value));
      if (pageParam) search.set("cursor", pageParam);
      const query = search.toString();
      // As every query: a 401 ends the session in the app (query-client.ts), a newer filter aborts this request.
      return fetchQueryJson<Page<T>>(query ? `${path}?${query}` : path, { on401: "throw", signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 0,
  });
  return {
    ...query,
    items: query.data?.pages.flatMap((page) => page.items),
    total: query.data?.pages[0]?.total,
  };
}

/** Takes a deleted row out of every loaded page of the lists under queryKey, and lowers their totals. */
export function removeFromPagedLists(queryClient: QueryClient, queryKey: QueryKey, id: string) {
  queryClient.setQueriesData<InfiniteData<Page<{ id: string }>>>({ queryKey }, (data) => {
    if (!data?.pages) return data;
    const found = data.pages.some((page) => page.items.some((item) => item.id === id));
    if (!found) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({ ...page, items: page.items.filter((item) => item.id !== id), total: page.total - 1 })),
    };
  });
}
