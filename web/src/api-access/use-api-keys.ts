import { toast } from "@duecheck/ui/use-toast";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { CreateApiKeyRequest } from "../../../lib/auth/api-key-schema.ts";
import { useCurrentUser } from "../auth/use-current-user";
import { answer, api, serverErrorText } from "../lib/api";
import { API_KEYS_QUERY_KEY, apiKeysQuery } from "./queries";

const createApiKey = (json: CreateApiKeyRequest) => answer(api.user["api-keys"].$post({ json }));

const rotateApiKey = ({ id, graceHours }: { id: string; graceHours: number }) =>
  answer(api.user["api-keys"][":id"].rotate.$post({ param: { id }, json: { graceHours } }));

/** What creating or rotating a key answers: the key in full, this once. */
export type CreatedApiKey = Awaited<ReturnType<typeof createApiKey>>;

export function useApiKeys() {
  const { user } = useCurrentUser();
  return useQuery({ ...apiKeysQuery, enabled: !!user, staleTime: 0 });
}

/** A refusal the server explains (too many keys, a key already rotated) in its words; anything else generically. */
function useFailureToast(fallback: string) {
  const { t, i18n } = useTranslation();
  return (error: Error) => {
    const text = serverErrorText(error);
    toast({ variant: "destructive", title: t("apiAccess.errorTitle"), description: text && i18n.exists(text) ? t(text) : fallback });
  };
}

export function useCreateApiKey() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => {
      toast({ title: t("apiAccess.generated"), description: t("apiAccess.generatedDescription") });
    },
    onError: useFailureToast(t("apiAccess.createFailed")),
    onSettled: () => queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY }),
  });
}

export function useRotateApiKey() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateApiKey,
    onSuccess: () => {
      toast({ title: t("apiAccess.rotated"), description: t("apiAccess.rotatedToast") });
    },
    onError: useFailureToast(t("apiAccess.rotateFailed")),
    onSettled: () => queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY }),
  });
}

export function useDeleteApiKey() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => answer(api.user["api-keys"][":id"].$delete({ param: { id } })),
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
