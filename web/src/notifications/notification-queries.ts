import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MarkReadInput } from "../../../lib/notifications/contract.ts";
import { answer, api, withSignal } from "../lib/api";
import { usePagedList } from "../lib/use-paged-list";

/** Everything under /api/notifications: the bell's latest and the page's list. */
export const NOTIFICATIONS_QUERY_KEY = ["/api/notifications"] as const;
const PAGE_SIZE = 25;
/** What the bell lists: the latest few; the page has them all. */
const BELL_SIZE = 8;
/**
 * How often the bell reads again while the app is open: an assignment made by a colleague shows within a minute (and
 * at once when the window comes back into focus).
 */
const BELL_REFRESH_MS = 30_000;

/** GET /api/notifications?limit=8: the bell's latest notifications and the unread count. */
export function useBellNotifications() {
  return useQuery({
    queryKey: [...NOTIFICATIONS_QUERY_KEY, "bell"],
    queryFn: ({ signal }) => answer(api.notifications.$get({ query: { limit: String(BELL_SIZE) } }, withSignal(signal))),
    refetchInterval: BELL_REFRESH_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

/** GET /api/notifications, paged, all of them or the unread ones (?unread=true). */
export function useNotificationList(unreadOnly: boolean) {
  const params = { unread: unreadOnly ? "true" : undefined, limit: PAGE_SIZE };
  return usePagedList([...NOTIFICATIONS_QUERY_KEY, "list"], params, (query, signal) => answer(api.notifications.$get({ query }, withSignal(signal))));
}

/** POST /api/notifications/read: the bell and the page read again after it. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkReadInput) => answer(api.notifications.read.$post({ json: body })),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
  });
}
