import type { RiskLevel, SearchResults } from "../../../../../lib/screening/results.ts";
import type { SearchDetails } from "../../../../../lib/screening/schemas.ts";

export type EntityType = "person" | "company";
export type SearchStatus = "pending" | "processing" | "completed" | "failed";

/** An item of GET /api/searches (newest first). */
export interface SearchListItem {
  id: string;
  searchTerm: string;
  entityType: EntityType;
  status: SearchStatus;
  createdAt: string;
  riskLevel: RiskLevel | null;
}

/** GET /api/searches/{id}. */
export interface SearchDetail extends SearchListItem {
  entityName: string | null;
  aiSummary: string | null;
  error: string | null;
  results: SearchResults | null;
  /** Query by example: what else the search said of its subject; null or absent when nothing. */
  details?: SearchDetails | null;
}

export const ENTITY_TYPES: readonly EntityType[] = ["person", "company"];

/** Polling interval of a running search (spec part 1 section 9). */
export const SEARCH_POLL_MS = 2000;

export function isFinished(status: SearchStatus | undefined) {
  return status === "completed" || status === "failed";
}
