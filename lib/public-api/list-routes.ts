/**
 * The /api/v1 calls that read the caller's lists (the history, batches and their rows, the review queue), a
 * reviewer's answers and notes, and the pair comparison, as route definitions: what `duecheck` run against a server
 * needs besides screening, monitoring and the list search.
 */
import { z } from "zod";
import { addNoteSchema, approveProposalSchema, rejectProposalSchema } from "../review/contract.ts";
import { openHitsPageSchema, openHitsQuerySchema } from "../review/open-hits-contract.ts";
import { compareRequestSchema } from "../sanctions/compare-contract.ts";
import {
  batchListQuerySchema,
  batchPageSchema,
  batchResultPageSchema,
  batchResultsQuerySchema,
  pairComparisonSchema,
  reviewQueuePageSchema,
  reviewQueueQuerySchema,
  searchListQuerySchema,
  searchPageSchema,
} from "./list-schemas.ts";
import { answer, defineRoute, json, needs, refusal, refusals, rowId } from "./route-kit.ts";
import { hitDecisionSchema, searchNoteSchema } from "./schemas.ts";

export const listSearches = defineRoute({
  method: "get",
  path: "/search",
  operationId: "listSearches",
  security: needs("read"),
  summary: "The history: searches, newest first",
  description:
    "A page (`limit`, `cursor`: the nextCursor of the page before) of the key's owner's searches, or with `scope=team` of every search of the organisation they may read, each with who searched. `q`: part of the name; `before`: only searches made before a date or time.",
  request: { query: searchListQuerySchema },
  responses: { 200: answer("{ items, nextCursor, total }", searchPageSchema), ...refusals([400, 401, 403, 429, 500]) },
});

export const listBatches = defineRoute({
  method: "get",
  path: "/batch",
  operationId: "listBatches",
  security: needs("read"),
  summary: "Batches, newest first",
  description: "A page of the key's owner's batches with their progress, or with `scope=team` the organisation's they may read, each with who made it.",
  request: { query: batchListQuerySchema },
  responses: { 200: answer("{ items, nextCursor, total }", batchPageSchema), ...refusals([400, 401, 403, 429, 500]) },
});

export const listBatchResults = defineRoute({
  method: "get",
  path: "/batch/{batchId}/results",
  operationId: "listBatchResults",
  security: needs("read"),
  summary: "A batch's rows and their outcome",
  description:
    "One row per entity of the batch, in the file's order: its search, status, risk level, review status, sanctions matches and news found, and the details and customer reference the row gave. `riskLevel` keeps the rows of one level.",
  request: { params: z.object({ batchId: rowId("The batch's id") }), query: batchResultsQuerySchema },
  responses: { 200: answer("{ items, nextCursor, total }", batchResultPageSchema), ...refusals([400, 401, 403, 404, 429, 500]) },
});

export const listOpenHits = defineRoute({
  method: "get",
  path: "/hits/open",
  operationId: "listOpenHits",
  security: needs("read"),
  summary: "Undecided hits, one row per hit",
  description:
    "A page (`limit` 1-100, default 20; `cursor`: the nextCursor of the page before) of the flagged hits still to decide on the searches the key's owner may decide (their own; their team's when they review for it), newest search first: each with its search, `hitId`, kind, name, score and explanation, and whether a proposed decision awaits a second reviewer. Decide one with POST /search/{searchId}/decisions.",
  request: { query: openHitsQuerySchema },
  responses: { 200: answer("{ items, nextCursor, total }", openHitsPageSchema), ...refusals([400, 401, 403, 429, 500]) },
});

export const listReviewQueue = defineRoute({
  method: "get",
  path: "/reviews",
  operationId: "listReviewQueue",
  security: needs("read"),
  summary: "The review queue",
  description:
    "Searches with a flagged hit nobody decided, an escalation, or (`status=awaiting_approval`) a proposal waiting for a second reviewer, newest first: the key's owner's own, or as a reviewer of the organisation every search they review. Filters: `status`, `risk`, `source` (search, batch or monitoring), `assignee`, `olderThanDays`.",
  request: { query: reviewQueueQuerySchema },
  responses: { 200: answer("{ items, nextCursor, total }", reviewQueuePageSchema), ...refusals([400, 401, 403, 429, 500]) },
});

const decisionParams = z.object({ decisionId: rowId("The proposed decision's id") });
const proposalConflict = refusal("The decision is not a proposal waiting for approval, or it is the approver's own");

export const approveDecision = defineRoute({
  method: "post",
  path: "/decisions/{decisionId}/approve",
  operationId: "approveDecision",
  security: needs("review"),
  summary: "Approve a proposed decision (four eyes)",
  description:
    "Another reviewer's proposal takes effect, with an optional `comment`. The key's owner must review the search and may not approve their own proposal.",
  request: { params: decisionParams, body: { required: false, content: json(approveProposalSchema) } },
  responses: { 200: answer("The decision", hitDecisionSchema), ...refusals([400, 401, 403, 404, 429, 500]), 409: proposalConflict },
});

export const rejectDecision = defineRoute({
  method: "post",
  path: "/decisions/{decisionId}/reject",
  operationId: "rejectDecision",
  security: needs("review"),
  summary: "Reject a proposed decision (four eyes)",
  description: "Another reviewer's proposal is rejected with a `comment` saying why; the hit is open again.",
  request: { params: decisionParams, body: { required: true, content: json(rejectProposalSchema) } },
  responses: { 200: answer("The decision", hitDecisionSchema), ...refusals([400, 401, 403, 404, 429, 500]), 409: proposalConflict },
});

export const addSearchNote = defineRoute({
  method: "post",
  path: "/search/{searchId}/notes",
  operationId: "addSearchNote",
  security: needs("review"),
  summary: "Add a case note to a search",
  description: "Notes are never edited or removed; they are in the search's `review.notes`.",
  request: { params: z.object({ searchId: rowId("The search's id") }), body: { required: true, content: json(addNoteSchema) } },
  responses: { 201: answer("The note", searchNoteSchema), ...refusals([400, 401, 403, 404, 429, 500]) },
});

export const compareNames = defineRoute({
  method: "post",
  path: "/sanctions/compare",
  operationId: "compareNames",
  security: needs("read"),
  summary: "Score two names against each other",
  description:
    "Free of charge. The `query` scored against the `candidate` as a search scores a listed name: the score, the decision (match, near_miss or no_match), the candidate's name that scored best and which parts matched how. `type` person or company (default: guessed from the candidate). Name parts weigh their rarity in the imported lists (`weights` lists), or alike when none is imported (plain).",
  request: { body: { required: true, content: json(compareRequestSchema) } },
  responses: { 200: answer("The comparison", pairComparisonSchema), ...refusals([400, 401, 403, 429, 500]) },
});
