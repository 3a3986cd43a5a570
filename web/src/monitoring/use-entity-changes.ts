import { useQuery } from "@tanstack/react-query";
import type { MonitoredEntityView, MonitoringChanges } from "../../../lib/monitoring/schemas.ts";
import { MONITORING_LIST_QUERY_KEY } from "./use-monitored-entities";

export type EntityChangesAnswer = { entity: MonitoredEntityView; changes: MonitoringChanges | null };

/** GET /api/monitoring/entities/{id}/changes: the entry and what its last check that changed something found. */
export function useEntityChanges(id: string) {
  return useQuery<EntityChangesAnswer>({ queryKey: [...MONITORING_LIST_QUERY_KEY, id, "changes"], staleTime: 0 });
}

/** The PDF of the same report. */
export const changesPdfUrl = (id: string) => `/api/monitoring/entities/${encodeURIComponent(id)}/changes.pdf`;
