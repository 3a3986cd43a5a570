import { toast } from "@duecheck/ui/use-toast";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useCurrentUser } from "../auth/use-current-user";
import { apiRequest, serverErrorText } from "../lib/api";

export const API_KEYS_QUERY_KEY = ["/api/user/api-keys"] as const;

/** An item of GET /api/user/api-keys: the key is masked. */
export interface ApiKeyItem {
  id: string;
  name: string;
  key: string;
  createdAt: string;
  lastUsed: string | null;
  usageCount: number;
}

/** POST /api/user/api-keys: the only answer that carries the key in full. */
export interface CreatedApiKey {
  id: string;
  name: string;
  key: string;
  createdAt: string;
}

export function useApiKeys() {
  const { user } = useCurrentUser();
  return useQuery<ApiKeyItem[]>({ queryKey: API_KEYS_QUERY_KEY, enabled: !!user, staleTime: 0 });
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
      queryClient.setQueryData<ApiKeyItem[]>(API_KEYS_QUERY_KEY, (list) => list?.filter((k) => k.id !== id));
      toast({ title: t("apiAccess.deleted"), description: t("apiAccess.deletedDescription") });
    },
    onError: () => {
      toast({ variant: "destructive", title: t("apiAccess.errorTitle"), description: t("apiAccess.deleteFailed") });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY }),
  });
}
