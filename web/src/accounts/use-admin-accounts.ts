import { toast } from "@duecheck/ui/use-toast";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminCreateUserInput, AdminUserView } from "../../../lib/admin/schemas.ts";
import { ADMIN_QUERY_KEY } from "../admin/use-admin-stats";
import i18n from "../i18n";
import { answer, api, serverErrorText } from "../lib/api";

const failureToast = (titleKey: string, error: unknown) => {
  const server = serverErrorText(error);
  toast({ variant: "destructive", title: i18n.t(titleKey), description: server ? i18n.t(server) : undefined });
};

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
}

// The calls whose answers the screens are handed: their types are those of the routes (server/admin/routes.ts), never
// stated here, so a change of an answer on the server is a type error in the screen that reads it.
const createUser = (body: AdminCreateUserInput) => answer(api.admin.users.$post({ json: body }));
const resetLink = (user: AdminUserView) => answer(api.admin.users[":id"]["reset-link"].$post({ param: { id: user.id } }));

/** POST /api/admin/users: a new account with a password, or invited (the link mailed, or answered to show). */
export function useCreateUser(onCreated: (created: Awaited<ReturnType<typeof createUser>>) => void) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: createUser,
    onSuccess: async (created) => {
      toast({ title: i18n.t("accounts.admin.created"), description: created.user.email });
      onCreated(created);
      await refresh();
    },
    onError: (error) => failureToast("accounts.admin.createFailed", error),
  });
}

/** POST /api/admin/users/{id}/reset-link: a one-time link to hand over. */
export function useResetLink(onLink: (user: AdminUserView, link: Awaited<ReturnType<typeof resetLink>>) => void) {
  return useMutation({
    mutationFn: resetLink,
    onSuccess: (link, user) => onLink(user, link),
    onError: (error) => failureToast("accounts.admin.resetLinkFailed", error),
  });
}

/** POST /api/admin/users/{id}/reset-2fa. */
export function useResetTwoFactor(onDone: () => void) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (user: AdminUserView) => answer(api.admin.users[":id"]["reset-2fa"].$post({ param: { id: user.id } })),
    onSuccess: async (_answer, user) => {
      toast({ title: i18n.t("accounts.admin.reset2faDone"), description: user.email });
      onDone();
      await refresh();
    },
    onError: (error) => failureToast("accounts.admin.reset2faFailed", error),
  });
}
