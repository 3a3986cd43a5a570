/** The public API's request and answer shapes; the routes validate with them and the OpenAPI document is made from them. */
import { z } from "zod";
import { SEARCH_DETAIL_KINDS } from "../review/clearance-rules.ts";
import {
  DECISION_REASONS,
  DECISION_STATES,
  DECISIONS,
  decideHitSchema,
  HIT_KINDS,
  type HitDecisionView,
  NOTE_KINDS,
  REVIEW_STATUSES,
  type SearchNoteView,
  type SearchReviewView,
} from "../review/contract.ts";
import { hitCountsSchema } from "../screening/hit-counts.ts";
import { mediaItemSchema, pepListingSchema, riskLevelSchema, riskReasonSchema, sanctionsRowSchema, searchResultsSchema } from "../screening/results.ts";
import { createSearchSchema, searchDetailsSchema, waitQuerySchema as waitQuerySchemaFor } from "../screening/schemas.ts";
import { text } from "../validation/text.ts";

export const publicSearchRequestSchema = createSearchSchema;

/** The optional `name` form field of POST /api/v1/batch. */
export const batchNameSchema = text({ field: "name", max: 200 });

/** GET /api/v1/search/{searchId}/export/{format}. */
export const exportFormatSchema = z.enum(["pdf", "excel"], { error: "format must be pdf or excel" });

export const waitQuerySchema = waitQuerySchemaFor({ max: 60, fallback: 30 });

/** GET /api/v1/search/{searchId}?wait=N: answer once the search has ended, or after N seconds (default 0: at once). */
export const readWaitQuerySchema = waitQuerySchemaFor({ max: 60, fallback: 0 });

/** POST /api/v1/search/{searchId}/decisions: the body of POST /api/searches/{id}/decisions. */
export const publicDecideHitSchema = decideHitSchema;

/** A decision on a hit, as the review API answers it (HitDecisionView). */
export const hitDecisionSchema = z.object({
  id: z.uuid(),
  searchId: z.uuid(),
  /** The hit's id within its search: the `hitId` of a sanctions hit, PEP listing or article in the results. */
  hitId: z.string(),
  hitKind: z.enum(HIT_KINDS),
  /** The listed name or article title. */
  hitLabel: z.string(),
  decision: z.enum(DECISIONS),
  reason: z.enum(DECISION_REASONS),
  text: z.string().nullable(),
  remember: z.boolean(),
  /** proposed: waits for another reviewer (four eyes); decided, approved: in effect; rejected, replaced: history. */
  state: z.enum(DECISION_STATES),
  decidedBy: z.string().nullable(),
  decidedById: z.string().nullable(),
  decidedAt: z.string(),
  reviewedBy: z.string().nullable(),
  reviewedById: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewComment: z.string().nullable(),
});

export const searchNoteSchema = z.object({
  id: z.uuid(),
  kind: z.enum(NOTE_KINDS),
  text: z.string(),
  author: z.string().nullable(),
  authorId: z.string().nullable(),
  createdAt: z.string(),
});

/** One schema for both places a search's review status appears, so a described API names it once (ReviewStatus). */
export const reviewStatusSchema = z.enum(REVIEW_STATUSES);

/** A search's review (SearchReviewView): its status, the decisions on its hits and its case notes. */
export const searchReviewSchema = z.object({
  status: reviewStatusSchema,
  /** Flagged hits without a decision in effect. */
  openHits: z.number().int(),
  /** The live decisions, one per decided hit (proposals included). */
  decisions: z.array(hitDecisionSchema),
  /** Every decision made on the search, oldest first. */
  history: z.array(hitDecisionSchema),
  notes: z.array(searchNoteSchema),
  assignee: z.object({ id: z.string(), name: z.string() }).nullable(),
  escalatedAt: z.string().nullable(),
  /** Decisions wait for a second reviewer's approval. */
  fourEyes: z.boolean(),
  /** What a decision must rest on: the reasons the search's details cannot support, and the written-reason rule. */
  clearance: z.object({
    /** Details the search did not give; a reason comparing one (different_birth_date...) is refused with 400. */
    missingDetails: z.array(z.enum(SEARCH_DETAIL_KINDS)),
    /** With the written-reason setting on, the characters a false positive on a sanctions match needs in text; else null. */
    matchTextMin: z.number().int().nullable(),
    /** The sanctions hits that are matches (not near misses). */
    sanctionsMatchHitIds: z.array(z.string()),
  }),
});

/** The review's shapes are the contract's: the compiler refuses a field one has and the other lacks. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const reviewShapesAgree: [
  Same<z.infer<typeof hitDecisionSchema>, HitDecisionView>,
  Same<z.infer<typeof searchNoteSchema>, SearchNoteView>,
  Same<z.infer<typeof searchReviewSchema>, SearchReviewView>,
] = [true, true, true];
void reviewShapesAgree;

export const publicSearchResultSchema = z.object({
  id: z.uuid(),
  searchTerm: z.string(),
  entityType: z.enum(["person", "company"]),
  /** Query by example: the birth date, nationality and identifiers the search carried; null when none. */
  details: searchDetailsSchema.nullable(),
  status: z.enum(["pending", "processing", "completed", "failed"]),
  riskLevel: riskLevelSchema.nullable(),
  riskReasons: z.array(riskReasonSchema),
  sanctionsList: z.array(sanctionsRowSchema),
  /** News articles only; PEP listings are in pepListings. */
  adverseMedia: z.array(mediaItemSchema),
  pepListings: z.array(pepListingSchema),
  /** not_checked: every news provider failed (or none is configured), so an empty adverseMedia means unknown, not none. */
  adverseMediaStatus: z.enum(["checked", "not_checked"]).nullable(),
  aiSummary: z.string().nullable(),
  creditsUsed: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.string(),
  results: searchResultsSchema.nullable(),
  /** The review of the search's hits: true match or false positive, by whom, and the status that follows. */
  reviewStatus: reviewStatusSchema,
  review: searchReviewSchema,
  /** Matches, near misses and open hits, counted as the app's screens and reports count them. */
  hitCounts: hitCountsSchema,
});

export const batchAcceptedSchema = z.object({
  batchId: z.uuid(),
  totalEntities: z.number().int(),
  status: z.enum(["pending", "processing", "completed", "failed"]),
  creditsRequired: z.number().int(),
  /** Columns of the file's header the batch does not read (named so nothing is dropped unseen). */
  unknownColumns: z.array(z.string()),
});

export const batchStatusSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  status: z.enum(["pending", "processing", "completed", "failed"]),
  totalEntities: z.number().int(),
  processedEntities: z.number().int(),
  failedEntities: z.number().int(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  searches: z.array(
    z.object({
      id: z.uuid(),
      searchTerm: z.string(),
      /** The customer's reference the row carried (a customerRef column), or null. */
      customerRef: z.string().nullable(),
      status: z.string(),
      riskLevel: z.string().nullable(),
    }),
  ),
});

export const errorSchema = z.object({ error: z.string() });

/** The answer of a call that removes something (DELETE /monitoring/entities/{entityId}). */
export const successSchema = z.object({ success: z.literal(true) });
