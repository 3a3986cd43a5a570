import { type InfiniteData, keepPreviousData, type QueryClient, type QueryKey, useInfiniteQuery } from "@tanstack/react-query";
import type { Page } from "../../../lib/paging-contract.ts";

export type { Page };

/** A page's query: the filters (empty ones are left out) and the cursor of the page before. */
export type PageQuery<P> = { [K in keyof P]?: string } & { cursor?: string };

/** A row of a page the route answers. */
type Row<Answer> = Answer extends Page<infer T> ? T : never;

/**
 * A list the server pages (lib/paging.ts; the page's shape in lib/paging-contract.ts): the first page at once, the
 * next ones on fetchNextPage, each after the previous page's cursor. Changing params (a filter) starts again from
 * the first page, keeping the old rows on screen until the new ones arrive. `fetchPage` is the route's typed call
 * (web/src/lib/api.ts), so the rows, and whatever else a page carries (counts), are typed by what the route answers.
 */
export function usePagedList<Answer extends Page<unknown>, P extends Record<string, string | number | undefined>>(
  queryKey: QueryKey,
  params: P,
  fetchPage: (query: PageQuery<P>, signal: AbortSignal) => Promise<Answer>,
  { enabled = true }: { enabled?: boolean } = {},
) {
  const query = useInfiniteQuery({
    queryKey: [...queryKey, params],
    queryFn: ({ pageParam, signal }) => {
      const search: Record<string, string> = {};
      for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== "") search[key] = String(value);
      if (pageParam) search.cursor = pageParam;
      // As every query: a 401 ends the session in the app (query-client.ts), a newer filter aborts this request.
      return fetchPage(search as PageQuery<P>, signal);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 0,
  });
  return {
    ...query,
    // The compiler cannot follow a generic page's rows through flatMap: they are Row<Answer> by definition.
    items: query.data?.pages.flatMap((page) => page.items as Row<Answer>[]),
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
