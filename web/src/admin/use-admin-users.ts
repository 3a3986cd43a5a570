import { toast } from "@duecheck/ui/use-toast";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { AdminUserView, adminCreditsSchema, adminUserUpdateSchema } from "../../../lib/admin/schemas.ts";
import i18n from "../i18n";
import { answer, api, serverErrorText, withSignal } from "../lib/api";
import { usePagedList } from "../lib/use-paged-list";
import { ADMIN_QUERY_KEY } from "./use-admin-stats";

const USERS_QUERY_KEY = [...ADMIN_QUERY_KEY, "users"] as const;
const USERS_PAGE_SIZE = 50;

/**
 * GET /api/admin/users filtered on the server (q on email, name and company): a filter in the browser would
 * need every account loaded there, which stops being quick with thousands of users.
 */
export function useAdminUsers(q: string) {
  return usePagedList(USERS_QUERY_KEY, { q: q.trim() || undefined, limit: USERS_PAGE_SIZE }, (query, signal) =>
    answer(api.admin.users.$get({ query }, withSignal(signal))),
  );
}

/** The action's failure text (e.g. 'Failed to update user') as the title, the server's reason (e.g. the last admin rule) under it. */
function failureToast(titleKey: string, error: unknown) {
  toast({ variant: "destructive", title: i18n.t(titleKey), description: serverErrorText(error) });
}

/** Every admin list and the dashboard figures are read again after a change. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
}

export type AdminUserUpdate = z.infer<typeof adminUserUpdateSchema>;

/** PUT /api/admin/users/{id}: 'User Updated', or 'Failed to update user'. */
export function useUpdateUser(onDone: () => void) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ user, body }: { user: AdminUserView; body: AdminUserUpdate }) => answer(api.admin.users[":id"].$put({ param: { id: user.id }, json: body })),
    onSuccess: async (_answer, { body }) => {
      toast({ title: i18n.t("admin.users.updated"), description: i18n.t("admin.users.updatedDescription", { name: body.fullName }) });
      onDone();
      await refresh();
    },
    onError: (error) => failureToast("admin.users.updateFailed", error),
  });
}

/** POST /api/admin/users/{id}/credits: 'Credits Added', or 'Failed to add credits'. */
export function useAddCredits(onDone: () => void) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ user, body }: { user: AdminUserView; body: z.infer<typeof adminCreditsSchema> }) =>
      answer(api.admin.users[":id"].credits.$post({ param: { id: user.id }, json: body })),
    onSuccess: async (_answer, { user, body }) => {
      toast({
        title: i18n.t("admin.users.creditsAdded"),
        description: i18n.t("admin.users.creditsAddedDescription", {
          count: body.amount,
          value: new Intl.NumberFormat(i18n.language).format(body.amount),
          email: user.email,
        }),
      });
      onDone();
      await refresh();
    },
    onError: (error) => failureToast("admin.users.addCreditsFailed", error),
  });
}

/** POST /api/admin/users/{id}/toggle: activate or deactivate; 'Failed to toggle user status' with the server's reason. */
export function useToggleUser() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (user: AdminUserView) => answer(api.admin.users[":id"].toggle.$post({ param: { id: user.id } })),
    onSuccess: async (_answer, user) => {
      toast({
        title: i18n.t("admin.users.statusUpdated"),
        description: i18n.t(user.isActive ? "admin.users.deactivatedDescription" : "admin.users.activatedDescription", { email: user.email }),
      });
      await refresh();
    },
    onError: async (error) => {
      failureToast("admin.users.toggleFailed", error);
      await refresh();
    },
  });
}
