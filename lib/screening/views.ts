/** Searches as the HTTP API and the CLI's --json print them (with its review: lib/review/search-detail.ts). */
import type { SearchReviewView } from "../review/contract.ts";
import type { SearchDetailView, SearchHistoryItemView, SearchListItemView } from "./contract.ts";
import { hitCounts } from "./hit-counts.ts";
import type { RiskLevel } from "./results.ts";
import { mediaChecked, readResults } from "./results.ts";
import { readSearchDetails } from "./schemas.ts";
import type { SearchListItem, SearchRow } from "./searches.ts";

export type { SearchDetailView, SearchHistoryItemView, SearchListItemView };

export function searchListView(item: SearchListItem): SearchHistoryItemView {
  return {
    searchedBy: { id: item.userId, name: item.searchedBy },
    id: item.id,
    searchTerm: item.searchTerm,
    entityType: item.entityType,
    status: item.status,
    createdAt: item.createdAt.toISOString(),
    riskLevel: item.riskLevel as RiskLevel | null,
    reviewStatus: item.reviewStatus as SearchListItemView["reviewStatus"],
  };
}

export function searchDetailView(row: SearchRow, review: SearchReviewView, caseId: string | null, hiddenByName: string | null = null): SearchDetailView {
  const results = readResults(row.results);
  return {
    id: row.id,
    status: row.status,
    searchTerm: row.searchTerm,
    entityName: row.entityName,
    entityType: row.entityType,
    riskLevel: row.riskLevel as RiskLevel | null,
    reviewStatus: row.reviewStatus as SearchDetailView["reviewStatus"],
    aiSummary: row.aiSummary,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    language: row.language,
    country: row.country,
    /** Query by example: what else the search said of its subject; null when nothing. */
    details: readSearchDetails(row.details),
    numLinks: row.numLinks,
    isAutomated: row.isAutomated,
    creditsUsed: row.creditsUsed,
    batchJobId: row.batchJobId,
    results,
    review,
    hitCounts: hitCounts(results, review.decisions),
    adverseMediaStatus: results ? (mediaChecked(results) ? "checked" : "not_checked") : null,
    caseId,
    hidden: row.hiddenAt !== null,
    hiddenAt: row.hiddenAt?.toISOString() ?? null,
    hiddenBy: row.hiddenAt !== null && row.hiddenBy ? { id: row.hiddenBy, name: hiddenByName } : null,
  };
}
