import { useCurrentUser } from "../auth/use-current-user";
import { useDebouncedValue } from "../hooks/use-debounced-value";
import { answer, api, withSignal } from "../lib/api";
import { usePagedList } from "../lib/use-paged-list";
import { SEARCH_LIST_QUERY_KEY } from "../search/use-searches";

/** Searches per page of the history. */
export const HISTORY_PAGE_SIZE = 30;

/** GET /api/searches a page at a time, filtered on the server by the typed term once typing pauses. */
export function useSearchHistory(filter: string) {
  const { user } = useCurrentUser();
  const q = useDebouncedValue(filter.trim(), 300);
  const list = usePagedList(
    SEARCH_LIST_QUERY_KEY,
    { q, limit: HISTORY_PAGE_SIZE },
    (query, signal) => answer(api.searches.$get({ query }, withSignal(signal))),
    { enabled: !!user },
  );
  return { ...list, q };
}
