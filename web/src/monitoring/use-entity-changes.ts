import { queryOptions, useQuery } from "@tanstack/react-query";
import { answer, api, withSignal } from "../lib/api";
import { MONITORING_LIST_QUERY_KEY } from "./use-monitored-entities";

export const entityChangesQuery = (id: string) =>
  queryOptions({
    queryKey: [...MONITORING_LIST_QUERY_KEY, id, "changes"],
    queryFn: ({ signal }) => answer(api.monitoring.entities[":id"].changes.$get({ param: { id } }, withSignal(signal))),
  });

/** GET /api/monitoring/entities/{id}/changes: the entry and what its last check that changed something found. */
export function useEntityChanges(id: string) {
  return useQuery({ ...entityChangesQuery(id), staleTime: 0 });
}

/** The PDF of the same report. */
export const changesPdfUrl = (id: string) => `/api/monitoring/entities/${encodeURIComponent(id)}/changes.pdf`;
