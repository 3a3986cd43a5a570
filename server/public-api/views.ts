import type { SearchResults } from "../../lib/screening/results.ts";
import type { SearchRow } from "../../lib/screening/searches.ts";
import type { z } from "zod";
import type { publicSearchResultSchema } from "./schemas.ts";

export function publicSearchView(row: SearchRow): z.infer<typeof publicSearchResultSchema> {
  const results = (row.results as SearchResults | null) ?? null;
  return {
    id: row.id,
    searchTerm: row.searchTerm,
    entityType: row.entityType,
    status: row.status,
    riskLevel: (row.riskLevel as SearchResults["risk"]["level"] | null) ?? null,
    riskReasons: results?.risk.reasons ?? [],
    sanctionsList: results?.sanctionsList ?? [],
    adverseMedia: results?.adverseMedia ?? [],
    aiSummary: row.aiSummary,
    creditsUsed: row.creditsUsed,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    results,
  };
}
