import { toast } from "@duecheck/ui/use-toast";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { CreateWebhookRequest } from "../../../lib/webhooks/schemas.ts";
import { useCurrentUser } from "../auth/use-current-user";
import { answer, api, serverErrorText, withSignal } from "../lib/api";

export const WEBHOOKS_QUERY_KEY = ["/api/webhooks"] as const;

export const webhooksQuery = queryOptions({
  queryKey: WEBHOOKS_QUERY_KEY,
  queryFn: ({ signal }) => answer(api.webhooks.$get({}, withSignal(signal))),
});

const deliveriesQueryKey = (webhookId: string) => [...WEBHOOKS_QUERY_KEY, webhookId, "deliveries"];

export const deliveriesQuery = (webhookId: string | null) =>
  queryOptions({
    queryKey: deliveriesQueryKey(webhookId ?? ""),
    queryFn: ({ signal }) =>
      answer(api.webhooks[":id"].deliveries.$get({ param: { id: webhookId ?? "" }, query: { limit: String(DELIVERIES_SHOWN) } }, withSignal(signal))),
  });
const DELIVERIES_SHOWN = 20;

/** The user's webhooks; refreshed every 3 s while a delivery is still pending, so its outcome appears. */
export function useWebhooks() {
  const { user } = useCurrentUser();
  return useQuery({
    ...webhooksQuery,
    enabled: !!user,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.some((w) => w.lastDelivery?.status === "pending") ? 3000 : false),
  });
}

/** The newest deliveries of one webhook, refreshed every 2 s while one is pending. */
export function useDeliveries(webhookId: string | null) {
  return useQuery({
    ...deliveriesQuery(webhookId),
    enabled: !!webhookId,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.items.some((d) => d.status === "pending") ? 2000 : false),
  });
}

/** A failure toast in the server's words when they have a translation, else the generic text. */
function useFailureToast() {
  const { t, i18n } = useTranslation();
  return (fallback: string) => (error: unknown) => {
    const text = serverErrorText(error);
    toast({ variant: "destructive", title: t("webhooks.errorTitle"), description: text && i18n.exists(text) ? t(text) : t(fallback) });
  };
}

export function useCreateWebhook() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const failed = useFailureToast();
  return useMutation({
    mutationFn: (request: CreateWebhookRequest) => answer(api.webhooks.$post({ json: request })),
    onSuccess: () => toast({ title: t("webhooks.created"), description: t("webhooks.createdDescription") }),
    onError: failed("webhooks.createFailed"),
    onSettled: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY }),
  });
}

export function useSetWebhookEnabled() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const failed = useFailureToast();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) => answer(api.webhooks[":id"].$patch({ param: { id }, json: { enabled } })),
    onSuccess: (hook) => {
      queryClient.setQueryData(webhooksQuery.queryKey, (list) => list?.map((w) => (w.id === hook.id ? hook : w)));
      toast({ title: hook.enabled ? t("webhooks.enabledToast") : t("webhooks.disabledToast"), description: hook.url });
    },
    onError: failed("webhooks.updateFailed"),
  });
}

export function useDeleteWebhook() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const failed = useFailureToast();
  return useMutation({
    mutationFn: (id: string) => answer(api.webhooks[":id"].$delete({ param: { id } })),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData(webhooksQuery.queryKey, (list) => list?.filter((w) => w.id !== id));
      toast({ title: t("webhooks.deleted"), description: t("webhooks.deletedDescription") });
    },
    onError: failed("webhooks.deleteFailed"),
    onSettled: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY }),
  });
}

export function useSendTestEvent() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const failed = useFailureToast();
  return useMutation({
    mutationFn: (id: string) => answer(api.webhooks[":id"].test.$post({ param: { id } })),
    onSuccess: (_answer, id) => {
      toast({ title: t("webhooks.testQueued"), description: t("webhooks.testQueuedDescription") });
      void queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: deliveriesQueryKey(id) });
    },
    onError: failed("webhooks.testFailed"),
  });
}
