import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CaseTagsInput, OpenCaseRequest } from "../../../lib/cases/contract.ts";
import { answer, api, withSignal } from "../lib/api";
import { REVIEWS_QUERY_KEY } from "../review/review-queries";
import { CASES_QUERY_KEY } from "./case-queries";

/** hc puts a path parameter into the address as it is given: encoded here, so an odd id stays one segment. */
const segment = encodeURIComponent;

/** After a case is opened or changed, every list and case is read again, and the review queue (its items follow cases). */
function refreshAll(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: CASES_QUERY_KEY });
  void queryClient.invalidateQueries({ queryKey: REVIEWS_QUERY_KEY });
}

/** POST /api/cases: a case opened by hand; its refusal (409 with the subject's case id) stays on the mutation. */
export function useOpenCase(onDone?: (caseId: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OpenCaseRequest) => answer(api.cases.$post({ json: body })),
    onSuccess: (view) => {
      refreshAll(queryClient);
      onDone?.(view.id);
    },
  });
}

/** POST /api/cases/{id}/searches */
export function useAddCaseSearch(caseId: string, onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (searchId: string) => answer(api.cases[":id"].searches.$post({ param: { id: segment(caseId) }, json: { searchId } })),
    onSuccess: () => {
      onDone?.();
      refreshAll(queryClient);
    },
  });
}

/** PUT /api/cases/{id}/tags */
export function useSetCaseTags(caseId: string, onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CaseTagsInput) => answer(api.cases[":id"].tags.$put({ param: { id: segment(caseId) }, json: body })),
    onSuccess: () => {
      onDone?.();
      refreshAll(queryClient);
    },
  });
}

/**
 * The team's latest searches whose name contains the subject's (GET /api/searches?q=&scope=team), to pick one to add:
 * the history's own filter, so the reader is offered only searches they may read.
 */
export function useSubjectSearches(name: string, enabled: boolean) {
  return useQuery({
    queryKey: ["/api/searches", "case-candidates", name],
    queryFn: ({ signal }) => answer(api.searches.$get({ query: { q: name, scope: "team", limit: "20" } }, withSignal(signal))),
    enabled,
    staleTime: 0,
  });
}
