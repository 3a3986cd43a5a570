import type { InfiniteData } from "@tanstack/react-query";
import type { MonitoredEntityView, MonitoringCounts } from "../../../lib/monitoring/schemas.ts";
import { useCurrentUser } from "../auth/use-current-user";
import { type Page, usePagedList } from "../lib/use-paged-list";

/** Query key of every page of GET /api/monitoring/entities, whatever the tab. */
export const MONITORING_LIST_QUERY_KEY = ["/api/monitoring/entities"] as const;

/** Entries per page of the table. */
export const MONITORING_PAGE_SIZE = 50;

export type MonitoringTab = "all" | "with" | "without";

/** A page of the list also carries the tab counts, over all the user's entries. */
export type MonitoringPage = Page<MonitoredEntityView> & { counts: MonitoringCounts };

/** GET /api/monitoring/entities?changes= a page at a time; the counts of the three tabs come with every page. */
export function useMonitoredEntities(tab: MonitoringTab) {
  const { user } = useCurrentUser();
  const list = usePagedList<MonitoredEntityView>(
    "/api/monitoring/entities",
    MONITORING_LIST_QUERY_KEY,
    { changes: tab, limit: MONITORING_PAGE_SIZE },
    { enabled: !!user },
  );
  const first = (list.data as InfiniteData<MonitoringPage> | undefined)?.pages[0];
  return { ...list, counts: first?.counts };
}
