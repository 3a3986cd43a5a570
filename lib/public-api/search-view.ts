import type { z } from "zod";
import type { SearchReviewView } from "../review/contract.ts";
import { hitCounts } from "../screening/hit-counts.ts";
import { mediaChecked, readResults, type SearchResults } from "../screening/results.ts";
import { readSearchDetails } from "../screening/schemas.ts";
import type { SearchRow } from "../screening/searches.ts";
import type { publicSearchResultSchema } from "./schemas.ts";

/** A search as the public API answers it (POST and GET /api/v1/search) and the MCP server reads it. */
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
