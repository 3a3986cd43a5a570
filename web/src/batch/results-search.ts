import { riskLevelFilter } from "../../../lib/batch/schemas.ts";
import type { RiskLevel } from "./types";

/** ?riskLevel= of /batch/{id}: one of the four levels, anything else means all. */
export function validateBatchResultsSearch(search: Record<string, unknown>): { riskLevel?: RiskLevel } {
  const parsed = riskLevelFilter.safeParse(search.riskLevel);
  return parsed.success ? { riskLevel: parsed.data } : {};
}
