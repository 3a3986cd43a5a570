import { toast } from "@duecheck/ui/use-toast";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { LegalHoldCreate, LegalHoldView } from "../../../lib/retention/contract.ts";
import i18n from "../i18n";
import { answer, api, serverErrorText, withSignal } from "../lib/api";
import { type HoldList, holdsQuery } from "./legal-holds-search";

export const LEGAL_HOLDS_QUERY_KEY = ["/api/admin/legal-holds"] as const;

/** GET /api/admin/legal-holds: not paged (holds are set by hand), newest first; active, lifted or all. */
export function useLegalHolds(show: HoldList) {
  return useQuery(
    queryOptions({
      queryKey: [...LEGAL_HOLDS_QUERY_KEY, show],
      queryFn: ({ signal }) => answer(api.admin["legal-holds"].$get({ query: holdsQuery(show) }, withSignal(signal))),
      staleTime: 0,
    }),
  );
}

function failureToast(titleKey: string, error: unknown) {
  toast({ variant: "destructive", title: i18n.t(titleKey), description: serverErrorText(error) });
}

/** POST /api/admin/legal-holds; the server's reason (an unknown user or search) shows when it refuses. */
export function useSetLegalHold(onSet: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LegalHoldCreate) => answer(api.admin["legal-holds"].$post({ json: input })),
    onSuccess: async (hold) => {
      toast({ title: i18n.t("legalHolds.set"), description: hold.userEmail ?? hold.searchTerm ?? hold.searchId ?? "" });
      onSet();
      await queryClient.invalidateQueries({ queryKey: LEGAL_HOLDS_QUERY_KEY });
    },
    onError: (error) => failureToast("legalHolds.setFailed", error),
  });
}

/** POST /api/admin/legal-holds/{id}/lift with the reason; a hold lifted meanwhile (409) says so. */
export function useLiftLegalHold(onLifted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ hold, reason }: { hold: LegalHoldView; reason: string }) =>
      answer(api.admin["legal-holds"][":id"].lift.$post({ param: { id: encodeURIComponent(hold.id) }, json: { reason } })),
    onSuccess: async () => {
      toast({ title: i18n.t("legalHolds.lifted") });
      onLifted();
      await queryClient.invalidateQueries({ queryKey: LEGAL_HOLDS_QUERY_KEY });
    },
    onError: async (error) => {
      failureToast("legalHolds.liftFailed", error);
      await queryClient.invalidateQueries({ queryKey: LEGAL_HOLDS_QUERY_KEY });
    },
  });
}
