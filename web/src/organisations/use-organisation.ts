import { toast } from "@duecheck/ui/use-toast";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ChangeMemberRoleRequest,
  InviteMemberRequest,
  MemberCapRequest,
  OrganisationMemberView,
  OrganisationSettingsRequest,
} from "../../../lib/organisations/contract.ts";
import { CURRENT_USER_QUERY_KEY } from "../auth/use-current-user";
import i18n from "../i18n";
import { answer, api, serverErrorText, withSignal } from "../lib/api";
import { removeFromPagedLists, usePagedList } from "../lib/use-paged-list";

export const ORGANISATION_QUERY_KEY = ["/api/organisation"] as const;
const MEMBERS_QUERY_KEY = [...ORGANISATION_QUERY_KEY, "members"] as const;
/** As the other paged lists: one screenful and more, the rest as the list scrolls. */
const MEMBERS_PAGE_SIZE = 50;

/** GET /api/organisation: the caller's organisation and the caller's role in it. */
export const organisationQuery = queryOptions({
  queryKey: ORGANISATION_QUERY_KEY,
  queryFn: ({ signal }) => answer(api.organisation.$get({}, withSignal(signal))),
});

/** Read again on every visit: an owner may have changed the caller's role (and so what the screen offers) meanwhile. */
export function useOrganisation() {
  return useQuery({ ...organisationQuery, staleTime: 0 });
}

/** GET /api/organisation/members, filtered on the server (q on name and email) and paged like the other lists. */
export function useOrganisationMembers(q: string) {
  return usePagedList(MEMBERS_QUERY_KEY, { q: q.trim() || undefined, limit: MEMBERS_PAGE_SIZE }, (query, signal) =>
    answer(api.organisation.members.$get({ query }, withSignal(signal))),
  );
}

/**
 * A refusal as the other screens show it: the action's failure as the title, the server's reason under it (a 403,
 * the last owner, an email that already has an account), in the reader's language when lib/i18n words it, else as
 * the server said it.
 */
function failureToast(titleKey: string, error: unknown) {
  const reason = serverErrorText(error);
  toast({ variant: "destructive", title: i18n.t(titleKey), description: reason ? i18n.t(reason) : undefined });
}

/**
 * After a change the member list, the organisation (its member count) and the signed-in user (whose own role may be
 * the one that changed) are read again: the screen then offers exactly what the server will allow.
 */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: ORGANISATION_QUERY_KEY }), queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY })]);
}

// The invitation's answer is the route's own type (the member, and without SMTP the link): never stated here.
const inviteMember = (body: InviteMemberRequest) => answer(api.organisation.members.$post({ json: body }));
export type InvitedMember = Awaited<ReturnType<typeof inviteMember>>;

/** POST /api/organisation/members: mailed with SMTP; without it the answer carries the link, shown once. */
export function useInviteMember(onInvited: (invited: InvitedMember) => void) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: inviteMember,
    onSuccess: async (invited) => {
      toast({
        title: i18n.t(invited.invitationLink ? "organisation.invite.created" : "organisation.invite.sent"),
        description: invited.email,
      });
      onInvited(invited);
      await refresh();
    },
    onError: (error) => failureToast("organisation.invite.failed", error),
  });
}

/** PUT /api/organisation/members/{userId}: the new role, or the server's reason (e.g. the organisation's last owner). */
export function useChangeMemberRole() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ member, body }: { member: OrganisationMemberView; body: ChangeMemberRoleRequest }) =>
      answer(api.organisation.members[":userId"].$put({ param: { userId: member.id }, json: body })),
    onSuccess: async (changed) => {
      toast({
        title: i18n.t("organisation.roleChanged"),
        description: i18n.t("organisation.roleChangedDescription", { name: changed.fullName, role: i18n.t(`organisation.role.${changed.role}`) }),
      });
      await refresh();
    },
    // The select shows the role the server holds: read again, it falls back to it.
    onError: async (error) => {
      failureToast("organisation.roleChangeFailed", error);
      await refresh();
    },
  });
}

/** DELETE /api/organisation/members/{userId}: the row leaves every loaded page at once, then the list is read again. */
export function useRemoveMember() {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (member: OrganisationMemberView) => answer(api.organisation.members[":userId"].$delete({ param: { userId: member.id } })),
    onSuccess: async (_answer, member) => {
      removeFromPagedLists(queryClient, MEMBERS_QUERY_KEY, member.id);
      toast({ title: i18n.t("organisation.removed"), description: i18n.t("organisation.removedDescription", { name: member.fullName }) });
      await refresh();
    },
    onError: (error) => failureToast("organisation.removeFailed", error),
  });
}

/**
 * PUT /api/organisation/settings (owners and admins): the organisation is read again either way, so the switch
 * shows what the server holds, and a refusal (a role taken away meanwhile) leaves it read-only.
 */
export function useChangeOrganisationSettings() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: OrganisationSettingsRequest) => answer(api.organisation.settings.$put({ json: body })),
    onSuccess: async (settings, body) => {
      toast({
        title: i18n.t("organisation.settings.saved"),
        // What was changed is what the toast tells: four-eyes review when that was the choice, else the switch.
        description:
          body.fourEyes !== undefined
            ? i18n.t(`organisation.settings.fourEyes.${fourEyesChoice(settings.fourEyes)}Saved`)
            : body.requireTwoFactor !== undefined
              ? i18n.t(`organisation.settings.requireTwoFactor.${fourEyesChoice(settings.requireTwoFactor)}Saved`)
              : body.country !== undefined
                ? settings.country === null
                  ? i18n.t("organisation.settings.country.cleared")
                  : i18n.t("organisation.settings.country.saved", { country: settings.country })
                : body.retentionYears !== undefined
                  ? settings.retentionYears === null
                    ? i18n.t("organisation.settings.retention.instanceSaved")
                    : i18n.t("organisation.settings.retention.saved", { count: settings.retentionYears })
                  : i18n.t(settings.membersSeeTeam ? "organisation.settings.membersSeeTeamOn" : "organisation.settings.membersSeeTeamOff"),
      });
      await refresh();
    },
    onError: async (error) => {
      failureToast("organisation.settings.failed", error);
      await refresh();
    },
  });
}

/** Four-eyes review as the screen offers it: the instance's setting (null), on or off. */
export const FOUR_EYES_CHOICES = ["instance", "on", "off"] as const;
export type FourEyesChoice = (typeof FOUR_EYES_CHOICES)[number];
export const fourEyesChoice = (fourEyes: boolean | null): FourEyesChoice => (fourEyes === null ? "instance" : fourEyes ? "on" : "off");
export const fourEyesSetting = (choice: FourEyesChoice): boolean | null => (choice === "instance" ? null : choice === "on");

/**
 * PUT /api/organisation/members/{userId}/cap (owners and admins): the member's monthly spending cap, or none. The
 * list is read again either way, so the row shows what the server holds.
 */
export function useSetMemberCap(onSaved: () => void) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ member, body }: { member: OrganisationMemberView; body: MemberCapRequest }) =>
      answer(api.organisation.members[":userId"].cap.$put({ param: { userId: member.id }, json: body })),
    onSuccess: async (changed) => {
      toast({
        title: i18n.t("organisation.cap.saved"),
        description:
          changed.monthlyCreditCap === null
            ? i18n.t("organisation.cap.savedNone", { name: changed.fullName })
            : i18n.t("organisation.cap.savedValue", { name: changed.fullName, count: changed.monthlyCreditCap, cap: changed.monthlyCreditCap }),
      });
      onSaved();
      await refresh();
    },
    onError: async (error) => {
      failureToast("organisation.cap.failed", error);
      await refresh();
    },
  });
}
