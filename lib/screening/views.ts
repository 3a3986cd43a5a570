/** Searches as the HTTP API and the CLI's --json print them. */
import { readResults } from "./results.ts";
import { readSearchDetails } from "./schemas.ts";
import type { SearchListItem, SearchRow } from "./searches.ts";

export function searchListView(item: SearchListItem) {
  return {
    id: item.id,
    searchTerm: item.searchTerm,
    entityType: item.entityType,
    status: item.status,
    createdAt: item.createdAt.toISOString(),
    riskLevel: item.riskLevel,
  };
}

export function searchDetailView(row: SearchRow) {
  return {
    id: row.id,
    status: row.status,
    searchTerm: row.searchTerm,
    entityName: row.entityName,
    entityType: row.entityType,
    riskLevel: row.riskLevel,
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
    results: readResults(row.results),
  };
}
export type SearchDetailView = ReturnType<typeof searchDetailView>;
