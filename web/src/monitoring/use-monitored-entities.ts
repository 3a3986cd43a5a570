import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { MonitoredEntityView } from "../../../lib/monitoring/schemas.ts";
import { useCurrentUser } from "../auth/use-current-user";
import { answer, api, withSignal } from "../lib/api";
import { type PageQuery, usePagedList } from "../lib/use-paged-list";
import type { MonitoringSearch } from "./monitoring-search";

/** Query key of every page of GET /api/monitoring/entities, whatever the tab. */
export const MONITORING_LIST_QUERY_KEY = ["/api/monitoring/entities"] as const;

/** Entries per page of the table. */
export const MONITORING_PAGE_SIZE = 50;

export type MonitoringTab = "all" | "with" | "without";

type ListParams = {
  changes: MonitoringTab;
  risk: MonitoringSearch["risk"];
  review: MonitoringSearch["review"];
  scope: "mine" | "team";
  limit: number;
};

/** GET /api/monitoring/entities: one page of one tab, with the counts of the three tabs over all the user's entries. */
const monitoringPage = (query: PageQuery<ListParams>, signal: AbortSignal) => answer(api.monitoring.entities.$get({ query }, withSignal(signal)));

/** How often the list is read again while an entry waits for its check: the check runs at the server's next scan. */
const REFRESH_WHILE_DUE_MS = 15_000;

/** Active, not held back for credits, and its check time has come: the server checks it at its next scan. */
export const isDue = (entity: MonitoredEntityView, now = Date.now()) =>
  entity.status === "active" && entity.waitingFor === null && !!entity.nextCheck && Date.parse(entity.nextCheck) <= now;

/**
 * GET /api/monitoring/entities?changes=&risk=&review=&scope= a page at a time (the caller's own, or the team's); the counts of the three tabs come with every page. Read
 * again every 15 s while an entry on screen is due, so its check's outcome shows without a reload.
 */
export function useMonitoredEntities(tab: MonitoringTab, filters: MonitoringSearch = {}) {
  const { user } = useCurrentUser();
  const list = usePagedList(
    MONITORING_LIST_QUERY_KEY,
    { changes: tab, risk: filters.risk, review: filters.review, scope: filters.scope ?? "mine", limit: MONITORING_PAGE_SIZE },
    monitoringPage,
    { enabled: !!user },
  );
  const queryClient = useQueryClient();
  // A running check's outcome shows without a reload too.
  const anyDue = !!list.items?.some((entity) => isDue(entity) || entity.checkState === "running");
  useEffect(() => {
    if (!anyDue) return;
    const timer = setInterval(() => void queryClient.invalidateQueries({ queryKey: MONITORING_LIST_QUERY_KEY }), REFRESH_WHILE_DUE_MS);
    return () => clearInterval(timer);
  }, [anyDue, queryClient]);
  const first = list.data?.pages[0];
  return { ...list, counts: first?.counts };
}
