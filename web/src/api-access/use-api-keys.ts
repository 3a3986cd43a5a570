import { toast } from "@duecheck/ui/use-toast";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { CreatedApiKey } from "../../../lib/auth/schemas.ts";
import { useCurrentUser } from "../auth/use-current-user";
import { apiRequest, serverErrorText } from "../lib/api";
import { API_KEYS_QUERY_KEY, apiKeysQuery } from "./queries";

export type { CreatedApiKey };

export function useApiKeys() {
  const { user } = useCurrentUser();
  return useQuery({ ...apiKeysQuery, enabled: !!user, staleTime: 0 });
}

export function useCreateApiKey() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiRequest<CreatedApiKey>("POST", "/api/user/api-keys", { name }),
    onSuccess: () => {
      toast({ title: t("apiAccess.generated"), description: t("apiAccess.generatedDescription") });
    },
    onError: (error) => {
      // A refusal the server explains (e.g. too many keys) is shown in its words; anything else generically.
      const text = serverErrorText(error);
      toast({
        variant: "destructive",
        title: t("apiAccess.errorTitle"),
        description: text && i18n.exists(text) ? t(text) : t("apiAccess.createFailed"),
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY }),
  });
}

export function useDeleteApiKey() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest("DELETE", `/api/user/api-keys/${encodeURIComponent(id)}`),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData(apiKeysQuery.queryKey, (list) => list?.filter((k) => k.id !== id));
      toast({ title: t("apiAccess.deleted"), description: t("apiAccess.deletedDescription") });
    },
    onError: () => {
      toast({ variant: "destructive", title: t("apiAccess.errorTitle"), description: t("apiAccess.deleteFailed") });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY }),
  });
}
