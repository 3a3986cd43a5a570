import { useQuery } from "@tanstack/react-query";
import type { AdminStats } from "../../../lib/admin/schemas.ts";

export const ADMIN_QUERY_KEY = ["/api/admin"] as const;

/** GET /api/admin/stats, read again on every visit of the dashboard. */
export function useAdminStats() {
  return useQuery<AdminStats>({ queryKey: [...ADMIN_QUERY_KEY, "stats"], staleTime: 0 });
}
