import { monitoredEntitiesQuerySchema } from "../../../lib/monitoring/schemas.ts";

/**
 * ?risk=&review=&scope=team of /automatic-screening (the table's filters and the "Whole team" switch, kept across a
 * reload); anything else means all, and the caller's own.
 */
export interface MonitoringSearch {
  risk?: NonNullable<ReturnType<typeof monitoredEntitiesQuerySchema.parse>["risk"]>;
  review?: NonNullable<ReturnType<typeof monitoredEntitiesQuerySchema.parse>["review"]>;
  scope?: "team";
}

export function validateMonitoringSearch(search: Record<string, unknown>): MonitoringSearch {
  const risk = monitoredEntitiesQuerySchema.shape.risk.safeParse(search.risk);
  const review = monitoredEntitiesQuerySchema.shape.review.safeParse(search.review);
  return {
    ...(risk.success && risk.data ? { risk: risk.data } : {}),
    ...(review.success && review.data ? { review: review.data } : {}),
    ...(search.scope === "team" ? { scope: "team" as const } : {}),
  };
}
