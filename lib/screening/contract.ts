/**
 * What the searches API answers and accepts, for the server, the CLI, the app and @duecheck/react alike: the
 * search views, the request schemas and the results. Only zod and the shared validation rules are imported (no
 * database): the browser bundles include this file.
 */
import type { ReviewStatus, SearchReviewView } from "../review/contract.ts";
import type { HitCounts } from "./hit-counts.ts";
import type { RiskLevel, SearchResults } from "./results.ts";
import type { SearchDetails } from "./schemas.ts";

export * from "./results.ts";
export * from "./schemas.ts";

export type EntityType = "person" | "company";
export const SEARCH_STATUSES = ["pending", "processing", "completed", "failed"] as const;
export type SearchStatus = (typeof SEARCH_STATUSES)[number];

/** An item of GET /api/searches (newest first). */
export interface SearchListItemView {
  id: string;
  searchTerm: string;
  entityType: EntityType;
  status: SearchStatus;
  createdAt: string;
  riskLevel: RiskLevel | null;
  /** The review of its hits; the risk level stays the screening's own. */
  reviewStatus: ReviewStatus;
}

/** An item of the history: who of the team searched (the team's history shows it). */
export interface SearchHistoryItemView extends SearchListItemView {
  searchedBy: { id: string; name: string | null };
}

/** GET /api/searches/{id} (and /api/admin/searches/{id}). */
export interface SearchDetailView extends SearchListItemView {
  entityName: string | null;
  aiSummary: string | null;
  error: string | null;
  updatedAt: string;
  language: string;
  country: string | null;
  /** Query by example: what else the search said of its subject; null when nothing. */
  details: SearchDetails | null;
  numLinks: number;
  isAutomated: boolean;
  creditsUsed: number;
  batchJobId: string | null;
  results: SearchResults | null;
  /** Decisions on its hits, notes, status (lib/review/contract.ts). */
  review: SearchReviewView;
  /** Matches, near misses and open hits, as every screen and report counts them (lib/screening/hit-counts.ts). */
  hitCounts: HitCounts;
  /**
   * not_checked: no news provider answered or none is configured, so an empty adverse media means unknown, not none,
   * and the result is incomplete (as /api/v1 says it); null before the search has results.
   */
  adverseMediaStatus: "checked" | "not_checked" | null;
  /** The case it belongs to (lib/cases): every search that needed review has one; null otherwise. */
  caseId: string | null;
  /**
   * Deleted by its owner and kept (lib/retention): only those who see hidden records (seesHiddenRecords) are ever
   * answered a hidden search, so the owner always reads false.
   */
  hidden: boolean;
  hiddenAt: string | null;
  /** Who hid it (its owner, by deleting it): their name, else email; null when not hidden or the user is gone. */
  hiddenBy: { id: string; name: string | null } | null;
}

/** How often a client asks again for a search that is still running. */
export const SEARCH_POLL_MS = 2000;

/** A search's own page in the web app (the old /?view={id} address still leads there). */
export const searchPagePath = (searchId: string) => `/searches/${encodeURIComponent(searchId)}`;

/** A search has ended once it completed or failed; until then it is pending or processing. */
export function isFinished(status: SearchStatus | undefined) {
  return status === "completed" || status === "failed";
}
