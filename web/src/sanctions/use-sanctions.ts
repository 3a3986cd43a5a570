import { toast } from "@duecheck/ui/use-toast";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { AddDatasetRequest } from "../../../lib/sanctions/contract.ts";
import { useCurrentUser } from "../auth/use-current-user";
import { answer, api, serverErrorText } from "../lib/api";
import { DATASETS_QUERY_KEY, datasetsQuery, STATUS_QUERY_KEY, sanctionsStatusQuery } from "./queries";

/** Dataset list polling interval: every 30 s while the screen is open. */
export const DATASETS_REFETCH_MS = 30_000;

/** The current version and the kept previous, week-old and month-old ones. */
export const VERSIONS_SHOWN = 4;

/** GET /api/sanctions/datasets: fresh on every visit, then every 30 s while the screen is open, and on demand. */
export function useDatasets() {
  const { user } = useCurrentUser();
  return useQuery({
    ...datasetsQuery,
    enabled: !!user,
    staleTime: 0,
    refetchInterval: DATASETS_REFETCH_MS,
  });
}

/**
 * GET /api/sanctions/status: which lists have data. Polled every 10 s while a list has none (a first download is
 * under way on a fresh install), every minute otherwise.
 */
export function useSanctionsStatus() {
  const { user } = useCurrentUser();
  return useQuery({
    ...sanctionsStatusQuery,
    enabled: !!user,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.lists.some((l) => l.version_date === null) ? 10_000 : 60_000),
  });
}

/** POST /api/sanctions/datasets/{id}/download (admin only); the list is refetched either way to show the outcome. */
export function useDownloadDataset() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => answer(api.sanctions.datasets[":id"].download.$post({ param: { id } })),
    onError: () => {
      toast({ variant: "destructive", title: t("sanctions.downloadFailed"), description: t("sanctions.downloadFailedDescription") });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: DATASETS_QUERY_KEY }),
  });
}

/**
 * POST /api/sanctions/datasets (admin only): adds a custom dataset (201 with the dataset as listed). Failures
 * (400 {error} for a rule the body breaks, 409 for a clash) toast the server's text; the caller closes its dialog.
 */
export function useAddDataset() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddDatasetRequest) => answer(api.sanctions.datasets.$post({ json: body })),
    onSuccess: (dataset, body) => {
      toast({ title: t("sanctions.add.added"), description: t("sanctions.add.addedDescription", { name: dataset?.source_name ?? body.name }) });
      return queryClient.invalidateQueries({ queryKey: DATASETS_QUERY_KEY });
    },
    onError: (error) => {
      // The server's message is English; a translation is used when one exists under that text.
      const server = serverErrorText(error);
      toast({
        variant: "destructive",
        title: t("sanctions.add.failed"),
        description: server ? i18n.t(server) : t("sanctions.add.failedDescription"),
      });
    },
  });
}

/** POST /api/sanctions/download-all (admin only): reports how many datasets succeeded and failed. */
export function useDownloadAll() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => answer(api.sanctions["download-all"].$post()),
    onSuccess: (answer) => {
      const successful = answer?.summary?.successful ?? 0;
      const failed = answer?.summary?.failed ?? 0;
      toast({
        variant: failed > 0 && successful === 0 ? "destructive" : undefined,
        title: t("sanctions.bulkDownloadComplete"),
        description: t("sanctions.bulkDownloadSummary", { successful, failed }),
      });
    },
    onError: () => {
      toast({
        variant: "destructive",
        title: t("sanctions.bulkDownloadFailed"),
        description: t("sanctions.bulkDownloadFailedDescription"),
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: DATASETS_QUERY_KEY }),
  });
}

/**
 * POST /api/sanctions/datasets/{id}/enable|disable (admin only). The lists and the status are refetched either way,
 * so the switch shows what the server holds (a refused last sanctions list stays on, with the server's reason).
 */
export function useSetDatasetEnabled() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    // Disabling carries the admin's reason (required by the server, kept in the audit log).
    mutationFn: ({ id, enabled, reason }: { id: string; enabled: boolean; reason?: string }) => {
      const dataset = api.sanctions.datasets[":id"];
      return answer(enabled ? dataset.enable.$post({ param: { id } }) : dataset.disable.$post({ param: { id }, json: { reason: reason ?? "" } }));
    },
    onSuccess: (dataset, { enabled }) => {
      const name = dataset?.source_name ?? "";
      toast({
        title: enabled ? t("sanctions.enabled.nowOn") : t("sanctions.enabled.nowOff"),
        description: enabled ? t("sanctions.enabled.nowOnDescription", { name }) : t("sanctions.enabled.nowOffDescription", { name }),
      });
    },
    onError: (error) => {
      const server = serverErrorText(error);
      toast({ variant: "destructive", title: t("sanctions.enabled.failed"), description: server ? i18n.t(server) : undefined });
    },
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: DATASETS_QUERY_KEY }), queryClient.invalidateQueries({ queryKey: STATUS_QUERY_KEY })]),
  });
}
