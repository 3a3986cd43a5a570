import { useCurrentUser } from "../auth/use-current-user";
import { useDebouncedValue } from "../hooks/use-debounced-value";
import { answer, api, withSignal } from "../lib/api";
import { usePagedList } from "../lib/use-paged-list";
import { SEARCH_LIST_QUERY_KEY } from "../search/use-searches";

/** Searches per page of the history. */
export const HISTORY_PAGE_SIZE = 30;

/** Whose searches: the caller's own, or the team's (the scopes GET /api/searches takes). */
export type HistoryScope = "mine" | "team";

/**
 * GET /api/searches a page at a time, filtered on the server by the typed term once typing pauses: the caller's own
 * searches, or with scope "team" every search of the organisation the caller may read (the server decides which).
 */
export function useSearchHistory(filter: string, scope: HistoryScope = "mine") {
  const { user } = useCurrentUser();
  const q = useDebouncedValue(filter.trim(), 300);
  const list = usePagedList(
    SEARCH_LIST_QUERY_KEY,
    { q, limit: HISTORY_PAGE_SIZE, scope },
    (query, signal) => answer(api.searches.$get({ query }, withSignal(signal))),
    { enabled: !!user },
  );
  return { ...list, q };
}
