import { errorOf } from "@duecheck/react/api/errors";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { WATCHLIST_UPLOAD_FIELD, type WatchlistEntryInput, type WatchlistImportMode, type WatchlistImportResult } from "../../../lib/watchlists/contract.ts";
import { answer, api, withSignal } from "../lib/api";

export const WATCHLISTS_QUERY_KEY = ["/api/organisation/watchlists"] as const;
/** Entries shown a page. */
export const ENTRIES_PAGE_SIZE = 50;

/** GET /api/organisation/watchlists: the organisation's own watchlists. */
export function useWatchlists() {
  return useQuery({
    queryKey: WATCHLISTS_QUERY_KEY,
    queryFn: ({ signal }) => answer(api.organisation.watchlists.$get({}, withSignal(signal))),
  });
}

/** GET /api/organisation/watchlists/{id}: the watchlist with a page of its entries (q on name and aliases). */
export function useWatchlist(id: string, q: string, offset: number) {
  return useQuery({
    queryKey: [...WATCHLISTS_QUERY_KEY, id, { q, offset }],
    queryFn: ({ signal }) =>
      answer(
        api.organisation.watchlists[":id"].$get(
          { param: { id }, query: { q: q || undefined, offset: String(offset), limit: String(ENTRIES_PAGE_SIZE) } },
          withSignal(signal),
        ),
      ),
    placeholderData: keepPreviousData,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: WATCHLISTS_QUERY_KEY });
}

export function useCreateWatchlist() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (name: string) => answer(api.organisation.watchlists.$post({ json: { name } })),
    onSuccess: refresh,
  });
}

export function useRenameWatchlist(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (name: string) => answer(api.organisation.watchlists[":id"].$put({ param: { id }, json: { name } })),
    onSuccess: refresh,
  });
}

export function useDeleteWatchlist(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => answer(api.organisation.watchlists[":id"].$delete({ param: { id } })),
    onSuccess: () => queryClient.removeQueries({ queryKey: [...WATCHLISTS_QUERY_KEY, id] }),
  });
}

export function useAddEntry(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (entry: WatchlistEntryInput) => answer(api.organisation.watchlists[":id"].entries.$post({ param: { id }, json: entry })),
    onSuccess: refresh,
  });
}

export function useRemoveEntry(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (entryId: string) => answer(api.organisation.watchlists[":id"].entries[":entryId"].$delete({ param: { id, entryId } })),
    onSuccess: refresh,
  });
}

/** POST …/import as multipart (a file cannot go through the JSON client): the good lines kept, the bad ones answered. */
export function useImportCsv(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ file, mode }: { file: File; mode: WatchlistImportMode }): Promise<WatchlistImportResult> => {
      const form = new FormData();
      form.append(WATCHLIST_UPLOAD_FIELD, file, file.name);
      const res = await fetch(`/api/organisation/watchlists/${encodeURIComponent(id)}/import?mode=${mode}`, {
        method: "POST",
        body: form,
        credentials: "include",
        headers: { Accept: "application/json" },
      });
      if (!res.ok) throw await errorOf(res);
      return res.json();
    },
    onSuccess: refresh,
  });
}

export const exportUrl = (id: string) => `/api/organisation/watchlists/${encodeURIComponent(id)}/export`;
