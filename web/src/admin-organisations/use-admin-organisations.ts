import { toast } from "@duecheck/ui/use-toast";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminOrganisationMember, AdminOrganisationView, MoveUserRequest, OrganisationCreditsRequest } from "../../../lib/organisations/admin-contract.ts";
import { ADMIN_QUERY_KEY } from "../admin/use-admin-stats";
import i18n from "../i18n";
import { answer, api, serverErrorText, withSignal } from "../lib/api";

/** Under the admin key: every admin list and the dashboard are read again after a change here. */
export const ORGANISATIONS_QUERY_KEY = [...ADMIN_QUERY_KEY, "organisations"] as const;

/** GET /api/admin/organisations/{id}: the organisation and its members. */
export function useAdminOrganisation(id: string) {
  return useQuery({
    queryKey: [...ORGANISATIONS_QUERY_KEY, id],
    queryFn: ({ signal }) => answer(api.admin.organisations[":id"].$get({ param: { id } }, withSignal(signal))),
    retry: false,
  });
}

/** A short list of organisations whose name contains q (the move dialog's choice); not paged beyond the first 20. */
export function useOrganisationChoices(q: string, enabled: boolean) {
  return useQuery({
    queryKey: [...ORGANISATIONS_QUERY_KEY, "choices", q],
    queryFn: ({ signal }) => answer(api.admin.organisations.$get({ query: { q: q || undefined, limit: "20" } }, withSignal(signal))),
    enabled,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
}

const failed = (titleKey: string) => (error: unknown) => toast({ variant: "destructive", title: i18n.t(titleKey), description: serverErrorText(error) });

/** POST /api/admin/organisations/{id}/credits. */
export function useAddOrganisationCredits(onDone: () => void) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ organisation, body }: { organisation: AdminOrganisationView; body: OrganisationCreditsRequest }) =>
      answer(api.admin.organisations[":id"].credits.$post({ param: { id: organisation.id }, json: body })),
    onSuccess: async (result) => {
      toast({
        title: i18n.t("adminOrganisations.creditsAdded"),
        description: i18n.t("adminOrganisations.creditsAddedDescription", {
          name: result.organisation.name,
          value: new Intl.NumberFormat(i18n.language).format(result.balance),
        }),
      });
      onDone();
      await refresh();
    },
    onError: failed("adminOrganisations.addCreditsFailed"),
  });
}

/** POST /api/admin/organisations/{id}/suspend or /unsuspend. */
export function useSuspendOrganisation(onDone: () => void) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ organisation, suspend }: { organisation: AdminOrganisationView; suspend: boolean }) => {
      const param = { param: { id: organisation.id } };
      return answer(suspend ? api.admin.organisations[":id"].suspend.$post(param) : api.admin.organisations[":id"].unsuspend.$post(param));
    },
    onSuccess: async (result) => {
      toast({ title: i18n.t(result.suspendedAt ? "adminOrganisations.suspendedToast" : "adminOrganisations.unsuspendedToast", { name: result.name }) });
      onDone();
      await refresh();
    },
    onError: failed("adminOrganisations.suspendFailed"),
  });
}

/** POST /api/admin/users/{id}/organisation. */
export function useMoveUser(onDone: () => void) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ member, body }: { member: AdminOrganisationMember; body: MoveUserRequest; targetName: string }) =>
      answer(api.admin.users[":id"].organisation.$post({ param: { id: member.id }, json: body })),
    onSuccess: async (result, { targetName }) => {
      toast({
        title: i18n.t("adminOrganisations.moved"),
        description: i18n.t("adminOrganisations.movedDescription", { email: result.email, name: targetName }),
      });
      onDone();
      await refresh();
    },
    onError: failed("adminOrganisations.moveFailed"),
  });
}
