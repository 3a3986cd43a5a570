/**
 * The /api/v1 calls of cases, as route definitions: the list with the filters of GET /api/cases, a case, assigning it,
 * changing its status (closing it with an outcome) and adding a note. The bodies and filters are the cookie API's
 * schemas (lib/cases/contract.ts) and the answers its views (case-schemas.ts), so the two APIs cannot disagree. An API
 * key only: embed tokens make none of these calls.
 */
import { z } from "zod";
import { assignCaseSchema, caseListFilterSchema, caseNoteSchema, caseStatusSchema, MAX_AGE_DAYS } from "../cases/contract.ts";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../paging-contract.ts";
import { caseNoteViewSchema, casePageSchema, caseViewSchema } from "./case-schemas.ts";
import { answer, defineRoute, json, needs, queryInteger, refusal, refusals, rowId } from "./route-kit.ts";

const filters = caseListFilterSchema.shape;

/** A page (limit, and cursor: the nextCursor of the page before) and the filters of GET /api/cases. */
export const caseListQuerySchema = z.object({
  limit: queryInteger(
    z.coerce
      .number({ error: "limit must be a number" })
      .int("limit must be a whole number")
      .min(1, "limit must be at least 1")
      .max(MAX_PAGE_SIZE, `limit must be at most ${MAX_PAGE_SIZE}`)
      .default(DEFAULT_PAGE_SIZE),
    `Cases per page, 1-${MAX_PAGE_SIZE}`,
  ),
  cursor: z.string().optional().meta({ description: "The nextCursor of the page before" }),
  status: filters.status.meta({ description: "open, investigating or closed" }),
  assignee: filters.assignee.meta({ description: "me (the key's owner), unassigned, or a member's user id" }),
  overdue: filters.overdue.meta({ description: "true: only cases past their due date and not closed" }),
  escalated: filters.escalated.meta({ description: "true: only cases escalated to the reviewers and not taken yet" }),
  priority: filters.priority.meta({ description: "sanctions, pep or media" }),
  source: filters.source.meta({ description: "Cases holding a search of this kind: search, batch or monitoring" }),
  needsDecision: filters.needsDecision.meta({ description: "true: only cases not closed with a hit undecided or a second opinion unanswered" }),
  tag: z.string().optional().meta({ description: "Cases carrying every tag given, separated by commas (pep,urgent)" }),
  olderThan: z.string().optional().meta({ type: "integer", minimum: 1, maximum: MAX_AGE_DAYS, description: "Cases first opened more than this many days ago" }),
});

const caseParams = z.object({ caseId: rowId("The case's id") });

const NOT_FOUND = "Cases of the key owner's organisation they read; any other, an unknown or a malformed id is 404.";

export const listCases = defineRoute({
  method: "get",
  path: "/cases",
  operationId: "listCases",
  security: needs("read"),
  summary: "The organisation's cases",
  description:
    '`{ items, nextCursor, total }`, newest first (`overdue=true`: the earliest due date first, the latest case at the top): the cases of the key owner\'s organisation they read, with the filters of the case list (`assignee=me` is the owner\'s; "Mine", "Unassigned", "Overdue", "Escalated").',
  request: { query: caseListQuerySchema },
  responses: { 200: answer("A page of cases", casePageSchema), ...refusals([400, 401, 403, 429, 500]) },
});

export const getCase = defineRoute({
  method: "get",
  path: "/cases/{caseId}",
  operationId: "getCase",
  security: needs("read"),
  summary: "A case with its searches, notes, attachments and timeline",
  description: NOT_FOUND,
  request: { params: caseParams },
  responses: { 200: answer("The case", caseViewSchema), ...refusals([401, 403, 404, 429, 500]) },
});

export const assignCase = defineRoute({
  method: "put",
  path: "/cases/{caseId}/assignee",
  operationId: "assignCase",
  security: needs("review"),
  summary: "Claim a case, hand it back or give it to a member",
  description: `\`assignee\`: \`me\` (the key's owner), \`null\` (hand it back) or a member's user id: giving a case to someone, or taking it from them, is for the organisation's owners, admins and reviewers (403 otherwise); the assignee must be an active member of the case's organisation who may work on cases (400 otherwise). \`version\` (optional): the version read, a change made on an older one is 409. Auditors' keys change nothing (403). Subscribed webhooks get \`case.assigned\`. ${NOT_FOUND}`,
  request: { params: caseParams, body: { required: true, content: json(assignCaseSchema) } },
  responses: {
    200: answer("The case", caseViewSchema),
    ...refusals([400, 401, 403, 404, 429, 500]),
    409: refusal("The case was changed by someone else at the same time, or since the version sent"),
  },
});

export const changeCaseStatus = defineRoute({
  method: "post",
  path: "/cases/{caseId}/status",
  operationId: "changeCaseStatus",
  security: needs("review"),
  summary: "Move a case on, close it with an outcome, or reopen it",
  description: `\`status\`: open → investigating → closed, or open → closed; a closed case reopens (open or investigating) with a \`reason\`. Closing needs an \`outcome\` (false_positive, true_match, risk_accepted or relationship_declined; 400 without) and every hit of the case's searches decided (409 naming how many are not). Auditors' keys change nothing (403). Subscribed webhooks get \`case.closed\`, or \`case.opened\` for a reopening. ${NOT_FOUND}`,
  request: { params: caseParams, body: { required: true, content: json(caseStatusSchema) } },
  responses: {
    200: answer("The case", caseViewSchema),
    ...refusals([400, 401, 403, 404, 429, 500]),
    409: refusal("Hits not decided yet (the message says how many), a move the status does not allow, or a change made at the same time"),
  },
});

export const addCaseNote = defineRoute({
  method: "post",
  path: "/cases/{caseId}/notes",
  operationId: "addCaseNote",
  security: needs("review"),
  summary: "Add a note to a case",
  description: `Notes are appended, never edited or removed, on any case the key's owner reads, closed ones too; on the timeline and in the audit log. Auditors' keys change nothing (403). ${NOT_FOUND}`,
  request: { params: caseParams, body: { required: true, content: json(caseNoteSchema) } },
  responses: { 201: answer("The note", caseNoteViewSchema), ...refusals([400, 401, 403, 404, 429, 500]) },
});
