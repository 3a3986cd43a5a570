import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AssignCaseInput, CaseStatusInput } from "../../../lib/cases/contract.ts";
import { answer, api, withSignal } from "../lib/api";
import { usePagedList } from "../lib/use-paged-list";
import { REVIEWS_QUERY_KEY } from "../review/review-queries";
import type { CaseListSearch } from "./case-search";
import { filterOfView } from "./case-search";

/** Everything under /api/cases: the list and each case. */
export const CASES_QUERY_KEY = ["/api/cases"] as const;
const LIST_KEY = [...CASES_QUERY_KEY, "list"] as const;
const caseKey = (caseId: string) => [...CASES_QUERY_KEY, "case", caseId] as const;
const PAGE_SIZE = 25;

/** hc puts a path parameter into the address as it is given: encoded here, so an odd id stays one segment. */
const segment = encodeURIComponent;

/** GET /api/cases: the view's filter and the list's own filters, paged in the list's order (newest first; Overdue by due date). */
export function useCaseList(search: CaseListSearch) {
  const params = {
    ...filterOfView(search.view),
    status: search.status,
    priority: search.priority,
    source: search.source,
    tag: search.tag,
    olderThan: search.olderThan === undefined ? undefined : String(search.olderThan),
    limit: PAGE_SIZE,
  };
  return usePagedList(LIST_KEY, params, (query, signal) => answer(api.cases.$get({ query }, withSignal(signal))));
}

/** GET /api/cases/{id}: the case with its searches, notes and timeline. */
export function useCase(caseId: string) {
  return useQuery({
    queryKey: caseKey(caseId),
    queryFn: ({ signal }) => answer(api.cases[":id"].$get({ param: { id: segment(caseId) } }, withSignal(signal))),
    staleTime: 0,
  });
}

/** GET /api/cases/{id}/assignees: the case's own organisation's members who can be given it, with their load. */
export function useCaseAssignees(caseId: string) {
  return useQuery({
    queryKey: [...caseKey(caseId), "assignees"],
    queryFn: ({ signal }) => answer(api.cases[":id"].assignees.$get({ param: { id: segment(caseId) } }, withSignal(signal))),
  });
}

/** After any change of a case, every list and case is read again, and the review queue (its items follow cases). */
function refreshAll(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: CASES_QUERY_KEY });
  void queryClient.invalidateQueries({ queryKey: REVIEWS_QUERY_KEY });
}

/**
 * The changes of a case. Each one's refusal (403, 409 with the undecided hits or a concurrent change) stays on the
 * mutation: the screen shows it in the server's words where the action was taken.
 */
export function useAssignCase(caseId: string, onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AssignCaseInput) => answer(api.cases[":id"].assignee.$put({ param: { id: segment(caseId) }, json: body })),
    onSuccess: () => {
      onDone?.();
      refreshAll(queryClient);
    },
  });
}

export function useCaseStatus(caseId: string, onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CaseStatusInput) => answer(api.cases[":id"].status.$post({ param: { id: segment(caseId) }, json: body })),
    onSuccess: () => {
      onDone?.();
      refreshAll(queryClient);
    },
  });
}

export function useEscalateCase(caseId: string, onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => answer(api.cases[":id"].escalate.$post({ param: { id: segment(caseId) }, json: { reason } })),
    onSuccess: () => {
      onDone?.();
      refreshAll(queryClient);
    },
  });
}

export function useAddCaseNote(caseId: string, onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => answer(api.cases[":id"].notes.$post({ param: { id: segment(caseId) }, json: { text } })),
    onSuccess: () => {
      onDone?.();
      refreshAll(queryClient);
    },
  });
}

/** GET /api/cases/summary: the reader's open and overdue cases and the team's, counted. */
export function useCaseSummary(enabled = true) {
  return useQuery({
    queryKey: [...CASES_QUERY_KEY, "summary"],
    queryFn: ({ signal }) => answer(api.cases.summary.$get({}, withSignal(signal))),
    enabled,
  });
}
