/**
 * The case answers of the public API as zod schemas, for the OpenAPI document and for clients that parse answers. The
 * cookie API, the CLI and the app read the same answers typed by the interfaces of lib/cases/contract.ts; each schema
 * here is checked against its interface by the compiler, so a field added to a case view and not described here (or the
 * other way round) fails the build instead of the document silently drifting from what the server sends.
 */
import { z } from "zod";
import {
  ATTACHMENT_TYPES,
  CASE_EVENT_KINDS,
  CASE_OUTCOMES,
  CASE_PRIORITIES,
  CASE_STATUSES,
  type CaseAttachmentView,
  type CaseEventView,
  type CaseListItemView,
  type CaseNoteView,
  type CasePage,
  type CaseSearchView,
  type CaseSubjectView,
  type CaseView,
} from "../cases/contract.ts";
import { REVIEW_SOURCES } from "../review/contract.ts";
import { SEARCH_STATUSES } from "../screening/contract.ts";
import { riskLevelSchema } from "../screening/results.ts";
import { ENTITY_TYPES, searchDetailsSchema } from "../screening/schemas.ts";
import { reviewStatusSchema } from "./schemas.ts";

const personRefSchema = z.object({ id: z.string(), name: z.string() });

export const caseSubjectSchema = z.object({
  name: z.string(),
  entityType: z.enum(ENTITY_TYPES),
  /** Birth date, nationality and identifiers where the screening gave them; null when none. */
  details: searchDetailsSchema.nullable(),
  /** The normalised key the subject's searches are grouped by. */
  key: z.string(),
});

export const caseListItemSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  subject: caseSubjectSchema,
  status: z.enum(CASE_STATUSES),
  /** Set when closed: false_positive, true_match, risk_accepted or relationship_declined. */
  outcome: z.enum(CASE_OUTCOMES).nullable(),
  /** The worst hit's kind that made the case or joined it undecided. */
  priority: z.enum(CASE_PRIORITIES),
  assignee: personRefSchema.nullable(),
  dueAt: z.string(),
  /** Past its due date and not closed. */
  overdue: z.boolean(),
  /** Escalated to the reviewers and not taken yet. */
  escalatedAt: z.string().nullable(),
  tags: z.array(z.string()),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Send it back with a change: a change made on an older version is refused (409). */
  version: z.number().int(),
  /** Flagged hits of its searches not decided yet: closing waits for none. */
  openHits: z.number().int(),
  searchCount: z.number().int(),
});

export const casePageSchema = z.object({
  items: z.array(caseListItemSchema),
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** Cases matching the filters, over all pages. */
  total: z.number().int(),
});

export const caseSearchSchema = z.object({
  id: z.uuid(),
  searchTerm: z.string(),
  source: z.enum(REVIEW_SOURCES),
  status: z.enum(SEARCH_STATUSES),
  reviewStatus: reviewStatusSchema,
  riskLevel: riskLevelSchema.nullable(),
  openHits: z.number().int(),
  createdAt: z.string(),
  addedAt: z.string(),
});

/** A note on a case (appended, never edited). */
export const caseNoteViewSchema = z.object({
  id: z.uuid(),
  text: z.string(),
  author: z.string().nullable(),
  authorId: z.string().nullable(),
  createdAt: z.string(),
});

export const caseEventSchema = z.object({
  id: z.uuid(),
  at: z.string(),
  kind: z.enum(CASE_EVENT_KINDS),
  /** Who, when a person did it; null for what the system did (a screening joining, auto-assignment). */
  actor: z.string().nullable(),
  actorId: z.string().nullable(),
  /** What changed: before and after, a reason, the search that joined, the file attached, by kind. */
  details: z.record(z.string(), z.unknown()),
  /** An assignment's new assignee by name (null when handed back, or for any other kind of change). */
  assignee: personRefSchema.nullable(),
});

export const caseAttachmentSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  type: z.enum(ATTACHMENT_TYPES),
  mediaType: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  uploader: z.string().nullable(),
  uploaderId: z.string().nullable(),
  createdAt: z.string(),
});

export const caseViewSchema = caseListItemSchema.extend({
  organisation: z.object({ id: z.uuid(), name: z.string() }),
  searches: z.array(caseSearchSchema),
  notes: z.array(caseNoteViewSchema),
  /** Files attached and not removed, oldest first. */
  attachments: z.array(caseAttachmentSchema),
  /** Every change, oldest first. */
  timeline: z.array(caseEventSchema),
});

/** The schemas are the interfaces': the compiler refuses a field one has and the other lacks. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const caseShapesAgree: [
  Same<z.infer<typeof caseSubjectSchema>, CaseSubjectView>,
  Same<z.infer<typeof caseListItemSchema>, CaseListItemView>,
  Same<z.infer<typeof casePageSchema>, CasePage>,
  Same<z.infer<typeof caseSearchSchema>, CaseSearchView>,
  Same<z.infer<typeof caseNoteViewSchema>, CaseNoteView>,
  Same<z.infer<typeof caseEventSchema>, CaseEventView>,
  Same<z.infer<typeof caseAttachmentSchema>, CaseAttachmentView>,
  Same<z.infer<typeof caseViewSchema>, CaseView>,
] = [true, true, true, true, true, true, true, true];
void caseShapesAgree;
