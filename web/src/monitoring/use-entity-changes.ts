import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MonitoredEntityView, MonitoringChanges } from "../../../lib/monitoring/schemas.ts";
import { getQueryFn } from "../lib/query-client";
import { MONITORING_LIST_QUERY_KEY } from "./use-monitored-entities";

export type EntityChangesAnswer = { entity: MonitoredEntityView; changes: MonitoringChanges | null };

export const entityChangesQuery = (id: string) =>
  queryOptions({ queryKey: [...MONITORING_LIST_QUERY_KEY, id, "changes"], queryFn: getQueryFn<EntityChangesAnswer>({ on401: "throw" }) });

/** GET /api/monitoring/entities/{id}/changes: the entry and what its last check that changed something found. */
export function useEntityChanges(id: string) {
  return useQuery({ ...entityChangesQuery(id), staleTime: 0 });
}

/** The PDF of the same report. */
export const changesPdfUrl = (id: string) => `/api/monitoring/entities/${encodeURIComponent(id)}/changes.pdf`;
