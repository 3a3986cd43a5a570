/**
 * What the case API answers and accepts, for the server, the CLI and the app alike: a case's status, outcome and
 * priority, the requests that change a case, the list's filters and the views. Zod and pure modules only: the browser
 * bundles include this file.
 */
import { z } from "zod";
import type { Page } from "../paging-contract.ts";
import type { PersonRef, ReviewSource, ReviewStatus } from "../review/contract.ts";
import { REVIEW_SOURCES } from "../review/contract.ts";
import type { EntityType, SearchStatus } from "../screening/contract.ts";
import type { RiskLevel } from "../screening/results.ts";
import { ENTITY_TYPES, MAX_SEARCH_TERM_LENGTH, type SearchDetails, searchDetailsSchema } from "../screening/schemas.ts";
import { text } from "../validation/text.ts";

/** open: nobody works on it yet; investigating: someone does; closed: decided, with an outcome. */
export const CASE_STATUSES = ["open", "investigating", "closed"] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

export const CASE_OUTCOMES = ["false_positive", "true_match", "risk_accepted", "relationship_declined"] as const;
export type CaseOutcome = (typeof CASE_OUTCOMES)[number];

/** The worst open hit's kind, worst first: a sanctions listing over a PEP listing over an article. */
export const CASE_PRIORITIES = ["sanctions", "pep", "media"] as const;
export type CasePriority = (typeof CASE_PRIORITIES)[number];

/** Hours from opening to due, per priority, when the organisation set none. */
export const DEFAULT_DUE_HOURS: Record<CasePriority, number> = { sanctions: 24, pep: 72, media: 120 };
/** At most a year: a due date further away says nothing. */
export const MAX_DUE_HOURS = 24 * 366;

const NOTE_MAX = 4000;
/** A note or a reason: words are required (one that trims to nothing says nothing on the record). */
const words = (field: string) => text({ field, max: NOTE_MAX, kind: "multiline" }).min(1, `${field} is required`);

/** The version the caller read (GET /api/cases/{id}): a change made on an older one is refused with 409. */
const version = z.number({ error: "version must be a whole number" }).int("version must be a whole number").min(1).optional();

/** PUT /api/cases/{id}/assignee: claim it (me), hand it back (null), or give it to a member (a user id). */
export const assignCaseSchema = z.object({
  assignee: z.union([z.literal("me"), z.null(), z.uuid()], { error: "assignee must be me, null or a user id" }),
  version,
});
export type AssignCaseInput = z.infer<typeof assignCaseSchema>;

/** POST /api/cases/{id}/status: closing needs an outcome, reopening a reason. */
export const caseStatusSchema = z
  .object({
    status: z.enum(CASE_STATUSES, { error: `status must be one of ${CASE_STATUSES.join(", ")}` }),
    outcome: z.enum(CASE_OUTCOMES, { error: `outcome must be one of ${CASE_OUTCOMES.join(", ")}` }).optional(),
    reason: words("reason").optional(),
    version,
  })
  .superRefine((input, ctx) => {
    if (input.status === "closed" && !input.outcome) {
      ctx.addIssue({ code: "custom", path: ["outcome"], message: `Closing a case needs an outcome: one of ${CASE_OUTCOMES.join(", ")}` });
    }
    if (input.status !== "closed" && input.outcome) ctx.addIssue({ code: "custom", path: ["outcome"], message: "Only closing a case gives it an outcome" });
  });
export type CaseStatusInput = z.infer<typeof caseStatusSchema>;

/** POST /api/cases/{id}/notes */
export const caseNoteSchema = z.object({ text: words("text") });
/** POST /api/cases/{id}/escalate: what the reviewers should look at. */
export const escalateCaseSchema = z.object({ reason: words("reason") });

/** A tag: words a team files its cases under ("pep", "onboarding 2026"), lower case, so "PEP" and "pep" are one. */
export const MAX_TAG_LENGTH = 40;
export const MAX_CASE_TAGS = 20;
/** The list's age filter goes back ten years at most: older says nothing more. */
export const MAX_AGE_DAYS = 3660;
const TAG_MESSAGE = `A tag is 1 to ${MAX_TAG_LENGTH} letters, digits, spaces or - _ . : / (no commas)`;
export const tagSchema = text({ field: "tag", max: MAX_TAG_LENGTH, tooLong: TAG_MESSAGE })
  .toLowerCase()
  // Letters, digits and a few separators: no comma (the list's filter lists tags with commas), nothing invisible.
  .regex(/^[\p{L}\p{N}][\p{L}\p{N}\p{M} _.:/-]*$/u, TAG_MESSAGE);
/** PUT /api/cases/{id}/tags: the case's tags from now on (an empty list removes them all), each once. */
export const caseTagsSchema = z.object({
  tags: z
    .array(tagSchema, { error: "tags must be a list of words" })
    .max(MAX_CASE_TAGS * 5, `At most ${MAX_CASE_TAGS} tags`)
    .transform((tags) => [...new Set(tags)])
    .refine((tags) => tags.length <= MAX_CASE_TAGS, `At most ${MAX_CASE_TAGS} tags`),
  version,
});
export type CaseTagsInput = z.infer<typeof caseTagsSchema>;

/** Case titles are a line, as a search's name is, with room for a few words more. */
export const MAX_CASE_TITLE_LENGTH = 200;
/**
 * POST /api/cases: a case opened by hand for a subject (a customer to onboard, a tip-off) before or without a
 * screening. The subject is written as a search gives it, and keyed as one (lib/screening/subject-key.ts).
 */
export const openCaseSchema = z.strictObject(
  {
    title: text({ field: "Title", max: MAX_CASE_TITLE_LENGTH }).min(1, "Title is required"),
    subject: z.strictObject(
      {
        name: text({ field: "Name", max: MAX_SEARCH_TERM_LENGTH }).min(1, "Name is required"),
        entityType: z.enum(ENTITY_TYPES, { error: "Entity type must be person or company" }),
        birthDate: searchDetailsSchema.shape.birthDate,
        nationality: searchDetailsSchema.shape.nationality,
        identifiers: searchDetailsSchema.shape.identifiers,
      },
      {
        error: (issue) =>
          issue.code === "unrecognized_keys"
            ? `Unknown field in subject: ${issue.keys.join(", ")}`
            : issue.code === "invalid_type"
              ? "subject must be an object with name and entityType"
              : undefined,
      },
    ),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys.join(", ")}` : undefined) },
);
export type OpenCaseRequest = z.input<typeof openCaseSchema>;
export type OpenCaseInput = z.output<typeof openCaseSchema>;

/** POST /api/cases/{id}/searches: a search of the organisation put into the case by hand. */
export const addCaseSearchSchema = z.object({ searchId: text({ field: "searchId", max: 100 }).min(1, "searchId is required") });
/** The list's ?tag=: tags separated by commas, each read as tagSchema does. */
const tagFilter = text({ field: "tag", max: (MAX_TAG_LENGTH + 1) * MAX_CASE_TAGS }).transform((given, ctx) => {
  const tags = given.split(",").map((x) => tagSchema.safeParse(x));
  if (tags.some((x) => !x.success)) {
    ctx.addIssue({ code: "custom", message: TAG_MESSAGE });
    return z.NEVER;
  }
  return [...new Set(tags.map((x) => x.data as string))];
});

/** GET /api/cases query: the list's filters (besides limit and cursor). */
export const caseListFilterSchema = z.object({
  status: z.enum(CASE_STATUSES, { error: `status must be one of ${CASE_STATUSES.join(", ")}` }).optional(),
  /** me, unassigned, or a member's user id. */
  assignee: z.union([z.enum(["me", "unassigned"]), z.uuid()], { error: "assignee must be me, unassigned or a user id" }).optional(),
  /** Only cases past their due date and not closed. */
  overdue: z.enum(["true", "false"], { error: "overdue must be true or false" }).optional(),
  /** Only cases escalated to the reviewers and not taken yet. */
  escalated: z.enum(["true", "false"], { error: "escalated must be true or false" }).optional(),
  priority: z.enum(CASE_PRIORITIES, { error: `priority must be one of ${CASE_PRIORITIES.join(", ")}` }).optional(),
  /** Cases holding a search of this kind. */
  source: z.enum(REVIEW_SOURCES, { error: "source must be search, batch or monitoring" }).optional(),
  /** Only cases not closed with a hit undecided or a second opinion unanswered (lib/cases/needs-decision.ts). */
  needsDecision: z.enum(["true", "false"], { error: "needsDecision must be true or false" }).optional(),
  /** Cases carrying every tag given: one tag, or several separated by commas (tag=pep,urgent). */
  tag: tagFilter.optional(),
  /** Cases first opened more than this many days ago (their age: a reopened case keeps it). */
  olderThan: z.coerce
    .number({ error: "olderThan must be a whole number of days" })
    .int("olderThan must be a whole number of days")
    .min(1, "olderThan must be at least 1")
    .max(MAX_AGE_DAYS, `olderThan must be at most ${MAX_AGE_DAYS}`)
    .optional(),
});
export type CaseListFilter = z.infer<typeof caseListFilterSchema>;

const hours = (field: string) =>
  z
    .number({ error: `${field} must be a whole number of hours` })
    .int(`${field} must be a whole number of hours`)
    .min(1, `${field} must be at least 1`)
    .max(MAX_DUE_HOURS, `${field} must be at most ${MAX_DUE_HOURS}`);

/** PUT /api/cases/settings: the settings to change; those left out stay as they are. */
export const caseSettingsSchema = z.strictObject({
  autoAssign: z.boolean({ error: "autoAssign must be true or false" }).optional(),
  perMemberCap: z
    .number({ error: "perMemberCap must be a whole number of cases or null (no cap)" })
    .int("perMemberCap must be a whole number of cases")
    .min(1, "perMemberCap must be at least 1")
    .max(100_000, "perMemberCap must be at most 100000")
    .nullable()
    .optional(),
  dueHours: z
    .strictObject({ sanctions: hours("dueHours.sanctions"), pep: hours("dueHours.pep"), media: hours("dueHours.media") })
    .partial()
    // An empty object changes nothing: most likely a client's mistake.
    .refine((x) => Object.keys(x).length > 0, "dueHours must give the hours of at least one of sanctions, pep or media")
    .optional(),
});
export type CaseSettingsInput = z.infer<typeof caseSettingsSchema>;

/** PUT /api/cases/availability: the caller marks themselves away (on holiday) or back. */
export const availabilitySchema = z.object({ unavailable: z.boolean({ error: "unavailable must be true or false" }) });

export interface CaseSettingsView {
  /** New cases go to the available analyst or reviewer with the fewest open cases. */
  autoAssign: boolean;
  /** Open cases a member may hold before auto-assignment passes them over; null for no cap. */
  perMemberCap: number | null;
  dueHours: Record<CasePriority, number>;
}

/** GET /api/cases/summary: the cases not closed that the reader reads, counted. */
export interface CaseSummaryView {
  mine: { open: number; overdue: number };
  team: { open: number; overdue: number; unassigned: number; escalated: number };
}

/** GET /api/cases/{id}/assignees: who the case can be given to, with the open cases each holds. */
export interface CaseAssigneeView extends PersonRef {
  email: string;
  organisationRole: string;
  openCases: number;
  /** Marked themselves away: auto-assignment passes them over, but they can still be given a case by hand. */
  unavailable: boolean;
}

export interface AvailabilityView {
  unavailable: boolean;
  since: string | null;
}

export interface CaseSubjectView {
  name: string;
  entityType: EntityType;
  /** Birth date, nationality and identifiers where the screening gave them; null when none. */
  details: SearchDetails | null;
  /** The normalised key the subject's searches are grouped by. */
  key: string;
}

export interface CaseListItemView {
  id: string;
  title: string;
  subject: CaseSubjectView;
  status: CaseStatus;
  outcome: CaseOutcome | null;
  priority: CasePriority;
  assignee: PersonRef | null;
  dueAt: string;
  /** Past its due date and not closed. */
  overdue: boolean;
  /** Escalated to the reviewers and not taken yet. */
  escalatedAt: string | null;
  tags: string[];
  openedAt: string;
  closedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Pass it back with a change: a change made on an older version is refused (409). */
  version: number;
  /** Flagged hits of its searches not decided yet. */
  openHits: number;
  searchCount: number;
}
export type CasePage = Page<CaseListItemView>;

export interface CaseSearchView {
  id: string;
  searchTerm: string;
  source: ReviewSource;
  status: SearchStatus;
  reviewStatus: ReviewStatus;
  riskLevel: RiskLevel | null;
  openHits: number;
  createdAt: string;
  addedAt: string;
}

export interface CaseNoteView {
  id: string;
  text: string;
  author: string | null;
  authorId: string | null;
  createdAt: string;
}

export const CASE_EVENT_KINDS = [
  "opened",
  "search_added",
  "reopened",
  "status_changed",
  "assigned",
  "escalated",
  "note",
  "priority_raised",
  // A file attached or removed (details: attachmentId, fileName, type, size, sha256, and the reason of a removal).
  "attachment_added",
  "attachment_removed",
  // The case's tags set (details: before, after).
  "tags_changed",
] as const;
export type CaseEventKind = (typeof CASE_EVENT_KINDS)[number];

export interface CaseEventView {
  id: string;
  at: string;
  kind: CaseEventKind;
  /** Who, when a person did it; null for what the system did (a screening joining, auto-assignment). */
  actor: string | null;
  actorId: string | null;
  details: Record<string, unknown>;
  /** An assignment's new assignee by name (null when handed back, or for any other kind of change). */
  assignee: PersonRef | null;
}

/** What a case may hold, told from the bytes (never from the name or the declared type). */
export const ATTACHMENT_TYPES = ["pdf", "png", "jpeg", "txt", "eml", "docx", "xlsx"] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

/** The media type each is served with, and the extension its download ends with. */
export const ATTACHMENT_MEDIA: Record<AttachmentType, { mediaType: string; extension: string; label: string }> = {
  pdf: { mediaType: "application/pdf", extension: "pdf", label: "PDF" },
  png: { mediaType: "image/png", extension: "png", label: "PNG" },
  jpeg: { mediaType: "image/jpeg", extension: "jpg", label: "JPEG" },
  txt: { mediaType: "text/plain; charset=utf-8", extension: "txt", label: "TXT" },
  eml: { mediaType: "message/rfc822", extension: "eml", label: "EML" },
  docx: { mediaType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", extension: "docx", label: "DOCX" },
  xlsx: { mediaType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", extension: "xlsx", label: "XLSX" },
};

/** POST /api/cases/{id}/attachments: multipart/form-data with the file in this field. */
export const CASE_ATTACHMENT_FIELD = "file";
/** A file: an ID copy, a registry extract or a mail is a few MB at most. */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** All of a case's attachments not removed, so one case cannot fill the database. */
export const CASE_ATTACHMENTS_MAX_BYTES = 100 * 1024 * 1024;

/** The file's name as sent (its folders dropped): one line, as a user would type it. */
export const attachmentNameSchema = text({ field: "The file name", max: 255 });

/** DELETE /api/cases/{id}/attachments/{attachmentId}: why it goes (kept on the timeline). */
export const removeAttachmentSchema = z.object({ reason: words("reason") });

export interface CaseAttachmentView {
  id: string;
  fileName: string;
  type: AttachmentType;
  /** The media type it is served with. */
  mediaType: string;
  size: number;
  sha256: string;
  uploader: string | null;
  uploaderId: string | null;
  createdAt: string;
}

/** GET /api/cases/{id}. */
export interface CaseView extends CaseListItemView {
  /** The organisation the case belongs to: the instance's admins and reviewers read every organisation's. */
  organisation: { id: string; name: string };
  searches: CaseSearchView[];
  notes: CaseNoteView[];
  /** Files attached to the case and not removed, oldest first (a removed one is on the timeline, with its checksum). */
  attachments: CaseAttachmentView[];
  /** Oldest first. */
  timeline: CaseEventView[];
}
