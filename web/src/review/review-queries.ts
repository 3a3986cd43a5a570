import { toast } from "@duecheck/ui/use-toast";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ClearanceView, DecideHitInput, HitDecisionView } from "../../../lib/review/contract.ts";
import i18n from "../i18n";
import { answer, api, serverErrorText, withSignal } from "../lib/api";
import { usePagedList } from "../lib/use-paged-list";
import { SEARCHES_QUERY_KEY } from "../search/use-searches";

/** Everything under /api/reviews: the searches' reviews and the clearances. */
export const REVIEWS_QUERY_KEY = ["/api/reviews"] as const;
const reviewItemKey = (searchId: string) => [...REVIEWS_QUERY_KEY, "item", searchId] as const;
const timelineKey = (searchId: string) => [...REVIEWS_QUERY_KEY, "timeline", searchId] as const;
const CLEARANCES_KEY = [...REVIEWS_QUERY_KEY, "clearances"] as const;
const PAGE_SIZE = 25;

/** hc puts a path parameter into the address as it is given: encoded here, so an id holding "/" or "?" stays one segment. */
const segment = encodeURIComponent;

/**
 * GET /api/reviews/{searchId}: the search with its hits and review, for its owner and for any admin or reviewer
 * (the owner's GET /api/searches/{id} is 404 to a reviewer looking at someone else's search).
 */
export function useReviewItem(searchId: string | undefined) {
  return useQuery({
    queryKey: reviewItemKey(searchId ?? ""),
    queryFn: ({ signal }) => answer(api.reviews[":searchId"].$get({ param: { searchId: segment(searchId ?? "") } }, withSignal(signal))),
    enabled: !!searchId,
    staleTime: 0,
  });
}

/** GET /api/searches/{id}/timeline: the search's story, oldest first. */
export function useTimeline(searchId: string) {
  return useQuery({
    queryKey: timelineKey(searchId),
    queryFn: ({ signal }) => answer(api.searches[":id"].timeline.$get({ param: { id: segment(searchId) } }, withSignal(signal))),
    staleTime: 0,
  });
}

/** GET /api/reviews/clearances: remembered clearances; `all` includes revoked ones. */
export function useClearances(q: string, all: boolean) {
  return usePagedList(CLEARANCES_KEY, { q: q.trim() || undefined, all: all ? "true" : undefined, limit: PAGE_SIZE }, (query, signal) =>
    answer(api.reviews.clearances.$get({ query }, withSignal(signal))),
  );
}

/** After any review change every view of reviews is read again: the item, the queue, the history, the result page. */
function refreshAll(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: REVIEWS_QUERY_KEY });
  void queryClient.invalidateQueries({ queryKey: SEARCHES_QUERY_KEY });
  void queryClient.invalidateQueries({ queryKey: ["duecheck", "search"] });
}

function failed(titleKey: string) {
  return (error: unknown) => toast({ variant: "destructive", title: i18n.t(titleKey), description: serverErrorText(error) });
}

/**
 * POST /api/searches/{id}/decisions. The caller shows a refusal in its form (a 409 says the hit was decided
 * meanwhile), so only success is announced here.
 */
export function useDecideHit(searchId: string, onDone: (decision: HitDecisionView) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DecideHitInput) => answer(api.searches[":id"].decisions.$post({ param: { id: segment(searchId) }, json: body })),
    onSuccess: (decision) => {
      toast({ title: i18n.t(decision.state === "proposed" ? "reviews.proposed" : "reviews.decided"), description: decision.hitLabel });
      onDone(decision);
      refreshAll(queryClient);
    },
  });
}

/** The answer to a proposal: approving may say something, rejecting must say why. */
type ProposalAnswer = { decision: HitDecisionView } & ({ answer: "approve"; comment?: string } | { answer: "reject"; comment: string });

/** POST /api/reviews/decisions/{id}/approve or /reject (a comment, required to reject). */
export function useAnswerProposal(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ProposalAnswer) => {
      const param = { id: segment(request.decision.id) };
      const decisions = api.reviews.decisions[":id"];
      return request.answer === "approve"
        ? answer(decisions.approve.$post({ param, json: request.comment ? { comment: request.comment } : {} }))
        : answer(decisions.reject.$post({ param, json: { comment: request.comment } }));
    },
    onSuccess: (_answer, { answer, decision }) => {
      toast({ title: i18n.t(answer === "approve" ? "reviews.approved" : "reviews.rejected"), description: decision.hitLabel });
      onDone();
      refreshAll(queryClient);
    },
    // Rejecting is done in a dialog that shows its refusal; approving is a button, whose refusal is announced.
    onError: (error, request) => {
      if (request.answer === "approve") failed("reviews.answerFailed")(error);
    },
  });
}

/** POST /api/searches/{id}/notes: appends a case note. */
/** POST /api/searches/{id}/notes. The form shows a refusal, and empties itself once the note is added. */
export function useAddNote(searchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => answer(api.searches[":id"].notes.$post({ param: { id: segment(searchId) }, json: { text } })),
    onSuccess: () => refreshAll(queryClient),
  });
}

/**
 * POST /api/searches/{id}/escalate: escalates the search's case to the reviewers (the search keeps the request on its
 * timeline). A refusal (409: the case is closed or already escalated) is shown in the dialog; the cases are read again.
 */
export function useEscalate(searchId: string, onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => answer(api.searches[":id"].escalate.$post({ param: { id: segment(searchId) }, json: { text } })),
    onSuccess: () => {
      toast({ title: i18n.t("reviews.escalated") });
      onDone();
      refreshAll(queryClient);
      // The case's key (web/src/cases/case-queries.ts), named here: cases sit above review and import it, not the reverse.
      void queryClient.invalidateQueries({ queryKey: ["/api/cases"] });
    },
  });
}

/** PUT /api/searches/{id}/assignee: "me" takes the item on, null gives it back. */
export function useAssign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ searchId, assignee }: { searchId: string; assignee: "me" | null }) =>
      answer(api.searches[":id"].assignee.$put({ param: { id: segment(searchId) }, json: { assignee } })),
    onSuccess: () => refreshAll(queryClient),
    onError: failed("reviews.assignFailed"),
  });
}

/** POST /api/reviews/clearances/{id}/revoke with the reason. */
export function useRevokeClearance(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ clearance, reason }: { clearance: ClearanceView; reason: string }) =>
      answer(api.reviews.clearances[":id"].revoke.$post({ param: { id: segment(clearance.id) }, json: { reason } })),
    onSuccess: (_answer, { clearance }) => {
      toast({ title: i18n.t("reviews.clearances.revoked"), description: clearance.listingName });
      onDone();
      refreshAll(queryClient);
    },
  });
}
