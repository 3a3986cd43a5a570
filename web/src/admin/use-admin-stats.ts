import { queryOptions, useQuery } from "@tanstack/react-query";
import { answer, api, withSignal } from "../lib/api";

export const ADMIN_QUERY_KEY = ["/api/admin"] as const;

/** GET /api/admin/stats, typed by its route. */
export const adminStatsQuery = queryOptions({
  queryKey: [...ADMIN_QUERY_KEY, "stats"],
  queryFn: ({ signal }) => answer(api.admin.stats.$get({}, withSignal(signal))),
});

/** GET /api/admin/stats, read again on every visit of the dashboard. */
export function useAdminStats() {
  return useQuery({ ...adminStatsQuery, staleTime: 0 });
}
