import { DuecheckError } from "@duecheck/react/api/errors";
import { toast } from "@duecheck/ui/use-toast";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { readsAdminViews } from "../../../lib/auth/roles.ts";
import type { UserRole } from "../../../lib/auth/schemas.ts";
import { isFinished, SEARCH_POLL_MS } from "../../../lib/screening/contract.ts";
import { CURRENT_USER_QUERY_KEY, useCurrentUser } from "../auth/use-current-user";
import { CREDIT_BALANCE_QUERY_KEY } from "../credits/use-credit-balance";
import { answer, api, withSignal } from "../lib/api";

/** hc puts a path parameter into the address as it is given: encoded here, so an id holding "/" or "?" stays one segment. */
const segment = encodeURIComponent;

import { removeFromPagedLists } from "../lib/use-paged-list";

export const SEARCHES_QUERY_KEY = ["/api/searches"] as const;

export const searchQueryKey = (id: string) => [...SEARCHES_QUERY_KEY, id] as const;

/** GET /api/searches/{id}: the owner's search, typed by the route. */
const readOwnSearch = (id: string, signal: AbortSignal) => answer(api.searches[":id"].$get({ param: { id: segment(id) }, query: {} }, withSignal(signal)));

/** The pages of GET /api/searches (web/src/history/use-search-history.ts), one list per filter. */
export const SEARCH_LIST_QUERY_KEY = [...SEARCHES_QUERY_KEY, "list"] as const;

/**
 * GET /api/searches/{id}. A running search is polled every 2 s until it is completed or failed; a historical
 * search (poll false, the view parameter) is read once and never polled.
 */
export function useSearchDetail(id: string | undefined, { poll, role: given }: { poll: boolean; role?: UserRole }) {
  // Every reader of one search shares its cache entry, so each reads it as the signed-in person's role allows: a
  // reader without a role of its own must not turn an admin's read of another's search into the owner's 404.
  const { user } = useCurrentUser();
  const role = given ?? user?.role ?? "user";
  return useQuery({
    queryKey: searchQueryKey(id ?? ""),
    // An admin opening another user's search (the activity tab's link) reads it, read-only and audited, from the
    // admin call when the owner's call answers 404; a reviewer opening one from the review queue, from the queue's.
    queryFn: ({ signal }) => (role === "user" ? readOwnSearch(id ?? "", signal) : readOthersSearch(id ?? "", role, signal)),
    enabled: !!id && (given !== undefined || !!user),
    staleTime: 0,
    // A running search survives a brief network hiccup; a refusal (404: deleted or not yours) shows at once.
    retry: (failures, error) => poll && failures < 2 && !(error instanceof DuecheckError && error.status < 500),
    refetchInterval: (query) => (poll && !isFinished(query.state.data?.status) && !query.state.error ? SEARCH_POLL_MS : false),
  });
}

/** Each place a search is read from is its own typed call; the three routes answer the same view (lib/review/search-detail.ts). */
async function readOthersSearch(id: string, role: UserRole, signal: AbortSignal) {
  try {
    return await readOwnSearch(id, signal);
  } catch (error) {
    if (!(error instanceof DuecheckError) || error.status !== 404) throw error;
    if (readsAdminViews({ role })) return answer(api.admin.searches[":id"].$get({ param: { id: segment(id) } }, withSignal(signal)));
    return answer(api.reviews[":searchId"].$get({ param: { searchId: segment(id) } }, withSignal(signal)));
  }
}

/** A search was accepted or ended: its charge moved, so the user (credits), the balance and the history list are read again. */
export function useSearchEndRefresh() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: CREDIT_BALANCE_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: SEARCH_LIST_QUERY_KEY });
  }, [queryClient]);
}

/** The server's 402 text: "You need at least {n} credits to perform a search. ..." */
const INSUFFICIENT_CREDITS = /need at least (\d+) credits/i;

/**
 * A refused POST /api/searches, worded as toasts: 402 says how many credits a search needs and
 * refreshes the balance (so the button turns to 'Insufficient Credits'); anything else says the search did not start.
 */
export function useSearchStartRefusal() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (error: unknown) => {
    const status = (error as { status?: number }).status;
    if (status === 402) {
      const cost = Number(INSUFFICIENT_CREDITS.exec((error as Error).message)?.[1]) || undefined;
      toast({ variant: "destructive", title: t("search.insufficientCredits"), description: t("search.insufficientCreditsNeed", { count: cost ?? 10 }) });
      void queryClient.invalidateQueries({ queryKey: CREDIT_BALANCE_QUERY_KEY });
      return;
    }
    toast({ variant: "destructive", title: t("search.errorTitle"), description: t("search.startFailed") });
  };
}

/** DELETE /api/searches/{id}: toast 'Search deleted' and drop it from the lists, or why not (legal hold), or 'Failed to delete search'. */
export function useDeleteSearch() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => answer(api.searches[":id"].$delete({ param: { id: segment(id) } })),
    onSuccess: (_answer, id) => {
      removeFromPagedLists(queryClient, SEARCH_LIST_QUERY_KEY, id);
      queryClient.removeQueries({ queryKey: searchQueryKey(id), exact: true });
      toast({ title: t("history.deleted"), description: t("history.deletedDescription") });
    },
    // A search under legal hold is refused (409) with the server's reason, in the user's language: it stays.
    onError: (error) => {
      const held = error instanceof DuecheckError && error.status === 409;
      toast({ variant: "destructive", title: t("search.errorTitle"), description: held ? t(error.message) : t("history.deleteFailed") });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: SEARCH_LIST_QUERY_KEY }),
  });
}
