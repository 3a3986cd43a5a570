import type { z } from "zod";
import type { publicSearchResultSchema } from "../../lib/public-api/schemas.ts";
import type { SearchReviewView } from "../../lib/review/contract.ts";
import { hitCounts } from "../../lib/screening/hit-counts.ts";
import { mediaChecked, readResults, type SearchResults } from "../../lib/screening/results.ts";
import { readSearchDetails } from "../../lib/screening/schemas.ts";
import type { SearchRow } from "../../lib/screening/searches.ts";

export function publicSearchView(row: SearchRow, review: SearchReviewView): z.infer<typeof publicSearchResultSchema> {
  const results = readResults(row.results);
  return {
    id: row.id,
    searchTerm: row.searchTerm,
    entityType: row.entityType,
    details: readSearchDetails(row.details),
    status: row.status,
    riskLevel: (row.riskLevel as SearchResults["risk"]["level"] | null) ?? null,
    riskReasons: results?.risk.reasons ?? [],
    sanctionsList: results?.sanctionsList ?? [],
    adverseMedia: results?.adverseMedia ?? [],
    pepListings: results?.pepListings ?? [],
    adverseMediaStatus: results ? (mediaChecked(results) ? "checked" : "not_checked") : null,
    aiSummary: row.aiSummary,
    creditsUsed: row.creditsUsed,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    results,
    reviewStatus: review.status,
    review,
    hitCounts: hitCounts(results, review.decisions),
  };
}
