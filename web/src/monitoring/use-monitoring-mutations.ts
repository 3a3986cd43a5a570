import { DuecheckError } from "@duecheck/react/api/errors";
import { toast } from "@duecheck/ui/use-toast";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import type { MonitoredEntityView, MonitoringStatus, NewMonitoredEntity } from "../../../lib/monitoring/schemas.ts";
import i18n from "../i18n";
import { answer, api, serverErrorText } from "../lib/api";
import { MONITORING_LIST_QUERY_KEY } from "./use-monitored-entities";

/**
 * A failure toast with the action's failure text (e.g. 'Failed to add entity. Please try again.'); when the server refused the request for a
 * reason the user can act on (a 4xx with its words: already monitored, a blank name), those words instead.
 */
function failureToast(fallbackKey: string, error: unknown, { serverReason }: { serverReason: boolean }) {
  const server = serverErrorText(error);
  const refused = error instanceof DuecheckError && error.status >= 400 && error.status < 500;
  const description = serverReason && refused && server ? i18n.t(server) : i18n.t(fallbackKey);
  toast({ variant: "destructive", title: i18n.t("monitoring.errorTitle"), description });
}

/** Every tab and its counts are read again after a change. */
function useRefreshList() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: MONITORING_LIST_QUERY_KEY });
}

/** POST /api/monitoring/entities: 'Entity Added', or the server's reason (already monitored, a blank name). */
export function useAddEntity(onAdded: () => void) {
  const refresh = useRefreshList();
  return useMutation({
    mutationFn: (body: NewMonitoredEntity) => answer(api.monitoring.entities.$post({ json: body })),
    onSuccess: async (entity) => {
      toast({ title: i18n.t("monitoring.added"), description: i18n.t("monitoring.addedDescription", { name: entity.searchTerm }) });
      onAdded();
      await refresh();
    },
    onError: (error) => failureToast("monitoring.addFailed", error, { serverReason: true }),
  });
}

/** DELETE /api/monitoring/entities/{id}. */
export function useRemoveEntity() {
  const refresh = useRefreshList();
  return useMutation({
    mutationFn: (entity: MonitoredEntityView) => answer(api.monitoring.entities[":id"].$delete({ param: { id: entity.id } })),
    onSuccess: async (_answer, entity) => {
      toast({ title: i18n.t("monitoring.removed"), description: i18n.t("monitoring.removedDescription", { name: entity.searchTerm }) });
      await refresh();
    },
    // A failure may mean the entry is gone (removed elsewhere): the list is read again either way.
    onError: async (error) => {
      failureToast("monitoring.removeFailed", error, { serverReason: false });
      await refresh();
    },
  });
}

/** PUT /api/monitoring/entities/{id}/status: Pause or Resume. */
export function useSetEntityStatus() {
  const refresh = useRefreshList();
  return useMutation({
    mutationFn: ({ entity, status }: { entity: MonitoredEntityView; status: MonitoringStatus }) =>
      answer(api.monitoring.entities[":id"].status.$put({ param: { id: entity.id }, json: { status } })),
    onSuccess: async (_answer, { entity, status }) => {
      toast({
        title: i18n.t("monitoring.statusUpdated"),
        description: i18n.t(status === "paused" ? "monitoring.pausedDescription" : "monitoring.resumedDescription", { name: entity.searchTerm }),
      });
      await refresh();
    },
    onError: async (error) => {
      failureToast("monitoring.statusFailed", error, { serverReason: false });
      await refresh();
    },
  });
}

/** View Changes: POST .../report, then to the reportUrl it answers. The alert stays open: viewing decides nothing. */
export function useViewChanges() {
  const refresh = useRefreshList();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (entity: MonitoredEntityView) => answer(api.monitoring.entities[":id"].report.$post({ param: { id: entity.id } })),
    onSuccess: async ({ reportUrl }) => {
      toast({ title: i18n.t("monitoring.reportGenerated"), description: i18n.t("monitoring.reportGeneratedDescription") });
      await refresh();
      await navigate({ href: reportUrl });
    },
    onError: async (error) => {
      failureToast("monitoring.reportFailed", error, { serverReason: true });
      await refresh();
    },
  });
}

/** POST /api/monitoring/entities/{id}/acknowledge: the owner closes an alert with nothing left to decide. */
export function useAcknowledgeAlert() {
  const refresh = useRefreshList();
  return useMutation({
    mutationFn: (entity: MonitoredEntityView) => answer(api.monitoring.entities[":id"].acknowledge.$post({ param: { id: entity.id } })),
    onSuccess: async (entity) => {
      toast({ title: i18n.t("monitoring.acknowledged"), description: i18n.t("monitoring.acknowledgedDescription", { name: entity.searchTerm }) });
      await refresh();
    },
    onError: async (error) => {
      failureToast("monitoring.acknowledgeFailed", error, { serverReason: true });
      await refresh();
    },
  });
}

/** POST /api/monitoring/entities/{id}/dismiss {reason}: an administrator closes the alert whatever is open. */
export function useDismissAlert(onDismissed: () => void) {
  const refresh = useRefreshList();
  return useMutation({
    mutationFn: ({ entity, reason }: { entity: MonitoredEntityView; reason: string }) =>
      answer(api.monitoring.entities[":id"].dismiss.$post({ param: { id: entity.id }, json: { reason } })),
    onSuccess: async (entity) => {
      toast({ title: i18n.t("monitoring.dismissed"), description: i18n.t("monitoring.dismissedDescription", { name: entity.searchTerm }) });
      onDismissed();
      await refresh();
    },
    onError: async (error) => {
      failureToast("monitoring.dismissFailed", error, { serverReason: true });
      await refresh();
    },
  });
}
