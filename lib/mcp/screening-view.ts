/**
 * A screening as the MCP tools answer it: what an agent acts on (the risk, each hit with why, its decision, the
 * review status, the search's id and address), taken from the public API's view of the search so both say the same.
 */
import { z } from "zod";
import { appLink } from "../app-links.ts";
import { publicSearchResultSchema } from "../public-api/schemas.ts";
import { publicSearchView } from "../public-api/search-view.ts";
import { DECISION_STATES, DECISIONS } from "../review/contract.ts";
import { explainedHitSchema, explainedHits } from "../review/hit-explanations.ts";
import { searchReview } from "../review/search-review.ts";
import { searchPagePath } from "../screening/contract.ts";
import { hitCountsSchema } from "../screening/hit-counts.ts";
import { datasetUsedSchema, riskReasonSchema } from "../screening/results.ts";
import { IDENTIFIER_KINDS } from "../screening/schemas.ts";
import type { SearchRow } from "../screening/searches.ts";
import type { McpDeps } from "./principal.ts";

const view = publicSearchResultSchema.shape;

/**
 * The details the search carried, as stored (already checked and normalised when the search was made): the stored
 * form only, since the request schema's normalising steps have no JSON Schema to describe an answer with.
 */
const storedDetailsSchema = z.object({
  birthDate: z.string().optional(),
  nationality: z.string().optional(),
  identifiers: z.array(z.object({ kind: z.enum(IDENTIFIER_KINDS), value: z.string() })).optional(),
});

export const mcpScreeningSchema = z.object({
  id: view.id,
  /** The search's page in the web app. */
  address: z.string(),
  searchTerm: view.searchTerm,
  entityType: view.entityType,
  /** What the search carried besides the name (query by example); null when nothing. */
  details: storedDetailsSchema.nullable(),
  /** pending or processing: not ended yet, read it again with get_screening. */
  status: view.status,
  riskLevel: view.riskLevel,
  riskReasons: z.array(riskReasonSchema),
  reviewStatus: view.reviewStatus,
  /** Flagged hits without a decision in effect. */
  openHits: z.number().int(),
  hitCounts: hitCountsSchema,
  hits: z.array(
    explainedHitSchema.extend({
      /** The decision in effect or proposed on the hit; null while undecided. */
      decision: z.object({ id: z.uuid(), decision: z.enum(DECISIONS), reason: z.string(), state: z.enum(DECISION_STATES) }).nullable(),
    }),
  ),
  /** The list versions screened against. */
  listsSearched: z.array(datasetUsedSchema.pick({ id: true, name: true, type: true, versionDate: true })),
  /** not_checked: no news provider answered, so no article found means unknown, not none. */
  adverseMediaStatus: view.adverseMediaStatus,
  summary: view.aiSummary,
  creditsUsed: view.creditsUsed,
  error: view.error,
  createdAt: view.createdAt,
});
export type McpScreening = z.infer<typeof mcpScreeningSchema>;

export async function screeningView(deps: Pick<McpDeps, "db" | "appBaseUrl">, row: SearchRow): Promise<McpScreening> {
  const search = publicSearchView(row, await searchReview(deps.db, row));
  const decisions = new Map(search.review.decisions.map((d) => [d.hitId, d]));
  return {
    id: search.id,
    address: appLink(deps.appBaseUrl, searchPagePath(search.id)),
    searchTerm: search.searchTerm,
    entityType: search.entityType,
    details: search.details,
    status: search.status,
    riskLevel: search.riskLevel,
    riskReasons: search.riskReasons,
    reviewStatus: search.reviewStatus,
    openHits: search.review.openHits,
    hitCounts: search.hitCounts,
    hits: explainedHits(search.results).map((hit) => {
      const d = decisions.get(hit.hitId);
      return { ...hit, decision: d ? { id: d.id, decision: d.decision, reason: d.reason, state: d.state } : null };
    }),
    listsSearched: (search.results?.datasetsUsed ?? []).map(({ id, name, type, versionDate }) => ({ id, name, type, versionDate })),
    adverseMediaStatus: search.adverseMediaStatus,
    summary: search.aiSummary,
    creditsUsed: search.creditsUsed,
    error: search.error,
    createdAt: search.createdAt,
  };
}
