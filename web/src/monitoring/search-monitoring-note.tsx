import { Alert, AlertDescription } from "@duecheck/ui/alert";
import { Button } from "@duecheck/ui/button";
import { toast } from "@duecheck/ui/use-toast";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { RadarIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { answer, api, serverErrorText, withSignal } from "../lib/api";
import { MONITORING_LIST_QUERY_KEY } from "./use-monitored-entities";

const SEARCH_MONITORING_QUERY_KEY = ["/api/monitoring/searches"] as const;

/** GET /api/monitoring/searches/{searchId} */
const searchMonitoringQuery = (searchId: string) =>
  queryOptions({
    queryKey: [...SEARCH_MONITORING_QUERY_KEY, searchId],
    queryFn: ({ signal }) => answer(api.monitoring.searches[":searchId"].$get({ param: { searchId } }, withSignal(signal))),
    retry: false,
  });

/**
 * Above a search's results: its subject is re-screened every day at a cost (the owner's auto-add put it there), with
 * "Stop monitoring" to opt out for this subject in one click (DELETE /api/monitoring/entities/{id}, audited). Nothing
 * when the subject is not monitored, or for a search that is not the user's own.
 */
export function SearchMonitoringNote({ searchId }: { searchId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery(searchMonitoringQuery(searchId));
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: SEARCH_MONITORING_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: MONITORING_LIST_QUERY_KEY }),
    ]);
  const stop = useMutation({
    mutationFn: (entityId: string) => answer(api.monitoring.entities[":id"].$delete({ param: { id: entityId } })),
    onSuccess: async () => {
      toast({ title: t("searchMonitoring.stopped") });
      await refresh();
    },
    onError: async (error) => {
      const server = serverErrorText(error);
      toast({ variant: "destructive", title: t("searchMonitoring.stopFailed"), description: server ? t(server) : undefined });
      await refresh();
    },
  });
  const entity = query.data?.entity;
  if (!entity) return null;
  const cost = query.data?.creditsPerCheck ?? 0;
  const what =
    entity.status === "paused"
      ? t("searchMonitoring.paused")
      : cost > 0
        ? t(`searchMonitoring.charged.${entity.frequency}`, { count: cost })
        : t(`searchMonitoring.free.${entity.frequency}`);
  return (
    <Alert data-testid="search-monitoring">
      <RadarIcon aria-hidden />
      <AlertDescription className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <span>
          {what}{" "}
          <Link to="/automatic-screening" className="text-primary underline-offset-4 hover:underline">
            {t("searchMonitoring.manage")}
          </Link>
        </span>
        <Button variant="outline" size="sm" className="shrink-0" disabled={stop.isPending} onClick={() => stop.mutate(entity.id)}>
          {t("searchMonitoring.stop")}
        </Button>
      </AlertDescription>
    </Alert>
  );
}
