/**
 * The lists of the public API (the history, batches and their rows, the review queue) and the pair comparison, as zod
 * schemas for the OpenAPI document and for clients that parse answers. The server answers them with the same lib/
 * views as the cookie API, typed by their interfaces; each schema is checked against its interface by the compiler,
 * so a field added to a view and not described here (or the other way round) fails the build.
 */
import { z } from "zod";
import { RISK_LEVELS as BATCH_RISK_LEVELS, BATCH_STATUSES, type BatchResultRow, type TeamBatchView } from "../batch/schemas.ts";
import { teamScopeQuerySchema } from "../organisations/contract.ts";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type Page } from "../paging-contract.ts";
import { REVIEW_SOURCES, type ReviewQueueItemView, reviewQueueFilterSchema } from "../review/contract.ts";
import type { PairComparison } from "../sanctions/compare-pairs.ts";
import { matchResultSchema } from "../sanctions/contract.ts";
import { SEARCH_STATUSES, type SearchHistoryItemView } from "../screening/contract.ts";
import { riskLevelSchema } from "../screening/results.ts";
import { ENTITY_TYPES } from "../screening/schemas.ts";
import { text } from "../validation/text.ts";
import { queryInteger } from "./route-kit.ts";
import { reviewStatusSchema } from "./schemas.ts";

/** A page of a list: its items, the cursor of the next page (null on the last) and the total over all pages. */
const pageOf = <S extends z.ZodType>(item: S) =>
  z.object({
    items: z.array(item),
    nextCursor: z.string().nullable().meta({ description: "Send it back as `cursor` for the next page; null on the last page" }),
    total: z.number().int().meta({ description: "Items matching the filters, over all pages" }),
  });

/** limit and cursor of every list, as the document states them; the server reads the cursor's content (lib/paging.ts). */
export const pageQuery = z.object({
  limit: queryInteger(
    z.coerce
      .number({ error: "limit must be a number" })
      .int("limit must be a whole number")
      .min(1, "limit must be at least 1")
      .max(MAX_PAGE_SIZE, `limit must be at most ${MAX_PAGE_SIZE}`)
      .default(DEFAULT_PAGE_SIZE),
    `Items per page, 1-${MAX_PAGE_SIZE}`,
  ),
  cursor: z.string().optional().meta({ description: "The nextCursor of the page before" }),
});

const madeBySchema = z.object({ id: z.string(), name: z.string().nullable() });

/** GET /search: the history's filters besides the page. */
export const searchListQuerySchema = pageQuery
  .extend({
    q: text({ field: "q", max: 200 }).optional().meta({ description: "Part of the searched name" }),
    before: z
      .string()
      .refine((v) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) && !Number.isNaN(Date.parse(v)), {
        error: "before must be a date or time such as 2026-03-01 or 2026-03-01T12:00:00Z",
      })
      .optional()
      .meta({ description: "Only searches made before this date or time (ignored with a cursor)" }),
  })
  .extend(teamScopeQuerySchema.shape);

export const searchHistoryItemSchema = z.object({
  id: z.uuid(),
  searchTerm: z.string(),
  entityType: z.enum(ENTITY_TYPES),
  status: z.enum(SEARCH_STATUSES),
  createdAt: z.string(),
  riskLevel: riskLevelSchema.nullable(),
  reviewStatus: reviewStatusSchema,
  /** Who of the team searched (the team's history shows it). */
  searchedBy: madeBySchema,
});
export const searchPageSchema = pageOf(searchHistoryItemSchema);

/** GET /batch: whose batches besides the page. */
export const batchListQuerySchema = pageQuery.extend(teamScopeQuerySchema.shape);

export const teamBatchSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  status: z.enum(BATCH_STATUSES),
  totalEntities: z.number().int(),
  processedEntities: z.number().int(),
  failedEntities: z.number().int(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** The member of the team who made it. */
  createdBy: madeBySchema,
});
export const batchPageSchema = pageOf(teamBatchSchema);

/** GET /batch/{batchId}/results: the page, and a risk level to keep. */
export const batchResultsQuerySchema = pageQuery.extend({
  riskLevel: z
    .enum(BATCH_RISK_LEVELS, { error: `riskLevel must be one of ${BATCH_RISK_LEVELS.join(", ")}` })
    .optional()
    .meta({ description: "Only rows of this risk level" }),
});

export const batchResultRowSchema = z.object({
  searchId: z.uuid(),
  searchTerm: z.string(),
  entityType: z.enum(ENTITY_TYPES),
  status: z.enum(SEARCH_STATUSES),
  riskLevel: z.string().nullable(),
  /** What reviewers made of its hits; null until the search has completed. */
  reviewStatus: reviewStatusSchema.nullable(),
  openHits: z.number().int(),
  /** Sanctions lists with a match. */
  sanctionsMatches: z.number().int(),
  /** News articles found; null when no news source answered (not checked: unknown, not none). */
  mediaCount: z.number().int().nullable(),
  birthDate: z.string().nullable(),
  nationality: z.string().nullable(),
  identifiers: z.array(z.object({ kind: z.string(), value: z.string() })),
  customerRef: z.string().nullable(),
});
export const batchResultPageSchema = pageOf(batchResultRowSchema);

/** GET /reviews: the queue's filters (the cookie API's) besides the page; assignee: me, unassigned or a user id. */
const queueFilter = reviewQueueFilterSchema.shape;
export const reviewQueueQuerySchema = pageQuery.extend({
  ...queueFilter,
  status: queueFilter.status.meta({ description: "open (default: needs_review or escalated), needs_review, escalated or awaiting_approval" }),
  olderThanDays: queueFilter.olderThanDays.meta({ type: "integer", minimum: 0, maximum: 3650, description: "Only items at least this many days old" }),
  assignee: queueFilter.assignee.meta({ description: "me, unassigned, or (reviewers) a user id" }),
});

export const reviewQueueItemSchema = z.object({
  searchId: z.uuid(),
  searchTerm: z.string(),
  entityType: z.enum(ENTITY_TYPES),
  riskLevel: riskLevelSchema.nullable(),
  source: z.enum(REVIEW_SOURCES),
  batchJobId: z.string().nullable(),
  status: reviewStatusSchema,
  openHits: z.number().int(),
  /** Proposals waiting for a second reviewer. */
  awaitingApproval: z.number().int(),
  createdAt: z.string(),
  owner: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  assignee: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export const reviewQueuePageSchema = pageOf(reviewQueueItemSchema);

/** POST /sanctions/compare: two names scored as a search scores a listed name. */
export const pairComparisonSchema = z.object({
  score: z.number(),
  /** match: at or over the threshold; near_miss: just under it, what a search shows as a possible match. */
  decision: z.enum(["match", "near_miss", "no_match"]),
  /** The candidate's name or alias that scored best. */
  matchedName: z.string(),
  explanation: matchResultSchema.shape.explanation,
  /** lists: name parts weigh their rarity in the imported lists; plain: no list is imported, every part weighs alike. */
  weights: z.enum(["lists", "plain"]),
});

/** The schemas are the views': the compiler refuses a field one has and the other lacks. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const listShapesAgree: [
  Same<z.infer<typeof searchPageSchema>, Page<SearchHistoryItemView>>,
  Same<z.infer<typeof batchPageSchema>, Page<TeamBatchView>>,
  Same<z.infer<typeof batchResultPageSchema>, Page<BatchResultRow>>,
  Same<z.infer<typeof reviewQueuePageSchema>, Page<ReviewQueueItemView>>,
  Same<z.infer<typeof pairComparisonSchema>, PairComparison>,
] = [true, true, true, true, true];
void listShapesAgree;
