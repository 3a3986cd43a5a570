import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminStats } from "../../../lib/admin/schemas.ts";
import { getQueryFn } from "../lib/query-client";

export const ADMIN_QUERY_KEY = ["/api/admin"] as const;

/** GET /api/admin/stats, typed by the admin contract. */
export const adminStatsQuery = queryOptions({ queryKey: [...ADMIN_QUERY_KEY, "stats"], queryFn: getQueryFn<AdminStats>({ on401: "throw" }) });

/** GET /api/admin/stats, read again on every visit of the dashboard. */
export function useAdminStats() {
  return useQuery({ ...adminStatsQuery, staleTime: 0 });
}
