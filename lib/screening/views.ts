/** Searches as the HTTP API and the CLI's --json print them. */
import { readResults } from "./results.ts";
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
    numLinks: row.numLinks,
    isAutomated: row.isAutomated,
    creditsUsed: row.creditsUsed,
    batchJobId: row.batchJobId,
    results: readResults(row.results),
  };
}
export type SearchDetailView = ReturnType<typeof searchDetailView>;
