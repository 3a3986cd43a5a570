import { toast } from "@duecheck/ui/use-toast";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminSettings } from "../../../lib/admin/schemas.ts";
import i18n from "../i18n";
import { answer, api, serverErrorText, withSignal } from "../lib/api";
import { ADMIN_QUERY_KEY } from "./use-admin-stats";

const SETTINGS_QUERY_KEY = [...ADMIN_QUERY_KEY, "settings"] as const;

const adminSettingsQuery = queryOptions({
  queryKey: SETTINGS_QUERY_KEY,
  queryFn: ({ signal }) => answer(api.admin.settings.$get({}, withSignal(signal))),
});

/** GET /api/admin/settings, read again on every visit. */
export function useAdminSettings() {
  return useQuery({ ...adminSettingsQuery, staleTime: 0 });
}

/** POST /api/admin/settings with the whole payload: 'Settings Updated', or 'Update Failed' with the server's reason. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: AdminSettings) => answer(api.admin.settings.$post({ json: settings })),
    onSuccess: (saved) => {
      queryClient.setQueryData(SETTINGS_QUERY_KEY, saved);
      // The sidebar's usage rates and the packages on /buy-credits read the settings too.
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== ADMIN_QUERY_KEY[0] });
      toast({ title: i18n.t("admin.settings.updated"), description: i18n.t("admin.settings.updatedDescription") });
    },
    onError: (error) => {
      const reason = serverErrorText(error);
      toast({
        variant: "destructive",
        title: i18n.t("admin.settings.updateFailed"),
        description: reason ? `${i18n.t("admin.settings.updateFailedDescription")}: ${reason}` : i18n.t("admin.settings.updateFailedDescription"),
      });
    },
  });
}
