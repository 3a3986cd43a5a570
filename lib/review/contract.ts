/**
 * What the review API answers and accepts, for the server, the CLI, the app and @duecheck/react alike: decisions on
 * hits, the review status of a search, case notes, remembered clearances and the review queue. Only zod and the
 * shared validation rules are imported (no database): the browser bundles include this file.
 */
import { z } from "zod";
import type { UserRole } from "../auth/schemas.ts";
import { decidesForTeam, type OrganisationRole } from "../organisations/contract.ts";
import type { Page } from "../paging-contract.ts";
import type { EntityType } from "../screening/contract.ts";
import type { RiskLevel } from "../screening/results.ts";
import { text } from "../validation/text.ts";
import type { ClearanceRulesView } from "./clearance-rules.ts";

/**
 * no_hits: nothing flagged; needs_review: a flagged hit is undecided; cleared: every flagged hit is a false positive;
 * confirmed: any hit is a true match; escalated: a reviewer asked for a second opinion that nobody gave yet.
 */
export const REVIEW_STATUSES = ["no_hits", "needs_review", "cleared", "confirmed", "escalated"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
/** The statuses the review queue holds: somebody still has to look. */
export const OPEN_REVIEW_STATUSES = ["needs_review", "escalated"] as const satisfies readonly ReviewStatus[];

export const DECISIONS = ["true_match", "false_positive"] as const;
export type Decision = (typeof DECISIONS)[number];

export const FALSE_POSITIVE_REASONS = ["different_birth_date", "different_nationality", "different_gender", "common_name", "other"] as const;
export const TRUE_MATCH_REASONS = ["confirmed_identity", "other"] as const;
export const DECISION_REASONS = ["different_birth_date", "different_nationality", "different_gender", "common_name", "confirmed_identity", "other"] as const;
export type DecisionReason = (typeof DECISION_REASONS)[number];

/** The reasons a decision may give. */
export function reasonsFor(decision: Decision): readonly DecisionReason[] {
  return decision === "true_match" ? TRUE_MATCH_REASONS : FALSE_POSITIVE_REASONS;
}

/** proposed: waits for a second person (four eyes); decided: took effect at once; approved / rejected: the second person's answer; replaced: a later decision on the same hit took its place. */
export const DECISION_STATES = ["proposed", "decided", "approved", "rejected", "replaced"] as const;
export type DecisionState = (typeof DECISION_STATES)[number];

export const HIT_KINDS = ["sanctions", "pep", "media"] as const;
export type HitKind = (typeof HIT_KINDS)[number];

const NOTE_MAX = 4000;
/** A note, comment or reason: words are required (one that trims to nothing says nothing on the record). */
const words = (field: string) => text({ field, max: NOTE_MAX, kind: "multiline" }).min(1, `${field} is required`);

/**
 * Reviews every search they read and approves proposals there: the instance's admins and reviewers (everyone's), and
 * an organisation's reviewers (their team's). Every other member reviews their own searches.
 */
export const reviewsEveryone = (user: { role: UserRole; organisationRole?: OrganisationRole; organisation?: { role: OrganisationRole } | null }) => {
  const organisationRole = user.organisationRole ?? user.organisation?.role;
  return user.role === "admin" || user.role === "reviewer" || (organisationRole !== undefined && decidesForTeam(organisationRole));
};

/** POST /api/searches/{id}/decisions (and the public API's, and `duecheck review decide`). */
export const decideHitSchema = z
  .object({
    hitId: text({ field: "hitId", max: 300 }),
    decision: z.enum(DECISIONS, { error: "decision must be true_match or false_positive" }),
    reason: z.enum(DECISION_REASONS, { error: `reason must be one of ${DECISION_REASONS.join(", ")}` }),
    text: text({ field: "text", max: NOTE_MAX, kind: "multiline" }).optional(),
    /** Remember a false positive for this subject and this listing. */
    remember: z.boolean({ error: "remember must be true or false" }).optional(),
    /** The id of the live decision this one replaces (changing one's mind); without it, a decided hit answers 409. */
    replaces: z.uuid({ error: "replaces must be a decision id" }).optional(),
  })
  .superRefine((input, ctx) => {
    if (!(reasonsFor(input.decision) as readonly string[]).includes(input.reason)) {
      ctx.addIssue({
        code: "custom",
        path: ["reason"],
        message: `reason must be one of ${reasonsFor(input.decision).join(", ")} for a ${input.decision === "true_match" ? "true match" : "false positive"}`,
      });
    }
    if (input.reason === "other" && !input.text) ctx.addIssue({ code: "custom", path: ["text"], message: "text is required when the reason is other" });
    if (input.remember && input.decision !== "false_positive") {
      ctx.addIssue({ code: "custom", path: ["remember"], message: "Only a false positive can be remembered" });
    }
  });
export type DecideHitInput = z.infer<typeof decideHitSchema>;

/** POST /api/reviews/decisions/{id}/reject: the approver says why. */
export const rejectProposalSchema = z.object({ comment: words("comment") });
export const approveProposalSchema = z.object({ comment: text({ field: "comment", max: NOTE_MAX, kind: "multiline" }).optional() });
/** POST /api/searches/{id}/notes */
export const addNoteSchema = z.object({ text: words("text") });
/** POST /api/searches/{id}/escalate: what the second opinion should look at. */
export const escalateSchema = z.object({ text: words("text") });
/** POST /api/reviews/clearances/{id}/revoke and POST /api/monitoring/{id}/dismiss. */
export const reasonSchema = z.object({ reason: words("reason") });
/** POST /api/searches/{id}/assignee: take the item on (me), give it back (null), or (admins) hand it to someone. */
export const assignSchema = z.object({ assignee: z.union([z.literal("me"), z.null(), z.uuid({ error: "assignee must be me, null or a user id" })]) });

export const REVIEW_SOURCES = ["search", "batch", "monitoring"] as const;
export type ReviewSource = (typeof REVIEW_SOURCES)[number];

/** GET /api/reviews query: the queue's filters (besides limit and cursor). */
export const reviewQueueFilterSchema = z.object({
  status: z
    .enum([...OPEN_REVIEW_STATUSES, "awaiting_approval", "open"], { error: "status must be needs_review, escalated, awaiting_approval or open" })
    .default("open"),
  risk: z.enum(["low", "medium", "high", "critical"], { error: "risk must be low, medium, high or critical" }).optional(),
  source: z.enum(REVIEW_SOURCES, { error: "source must be search, batch or monitoring" }).optional(),
  /** Items at least this many days old. */
  olderThanDays: z.coerce.number({ error: "olderThanDays must be a number" }).int().min(0).max(3650).optional(),
  /** me, unassigned, or (admins and reviewers) a user id. */
  assignee: z.union([z.enum(["me", "unassigned"]), z.uuid()], { error: "assignee must be me, unassigned or a user id" }).optional(),
});
export type ReviewQueueFilter = z.infer<typeof reviewQueueFilterSchema>;

export interface PersonRef {
  id: string;
  name: string;
}

export interface HitDecisionView {
  id: string;
  searchId: string;
  hitId: string;
  hitKind: HitKind;
  /** The listed name or article title the decision is about. */
  hitLabel: string;
  decision: Decision;
  reason: DecisionReason;
  text: string | null;
  remember: boolean;
  state: DecisionState;
  /** The name of who decided (or proposed). */
  decidedBy: string | null;
  decidedById: string | null;
  decidedAt: string;
  /** Who approved or rejected the proposal. */
  reviewedBy: string | null;
  reviewedById: string | null;
  reviewedAt: string | null;
  reviewComment: string | null;
}

export const NOTE_KINDS = ["note", "escalation", "dismissal"] as const;
export type NoteKind = (typeof NOTE_KINDS)[number];

export interface SearchNoteView {
  id: string;
  kind: NoteKind;
  text: string;
  author: string | null;
  authorId: string | null;
  createdAt: string;
}

/** The `review` of GET /api/searches/{id}. */
export interface SearchReviewView {
  status: ReviewStatus;
  /** Flagged hits without a decision that took effect. */
  openHits: number;
  /** The live decisions, one per decided hit (proposals included, state proposed). */
  decisions: HitDecisionView[];
  /** Every decision ever made on the search, oldest first: rejected and replaced ones too. */
  history: HitDecisionView[];
  notes: SearchNoteView[];
  assignee: PersonRef | null;
  escalatedAt: string | null;
  /** Whether decisions wait for a second person (the fourEyesReview setting). */
  fourEyes: boolean;
  /** What a decision must rest on: the details the search gave and the written-reason rule (clearance-rules.ts). */
  clearance: ClearanceRulesView;
}

export interface ReviewQueueItemView {
  searchId: string;
  searchTerm: string;
  entityType: EntityType;
  riskLevel: RiskLevel | null;
  source: ReviewSource;
  batchJobId: string | null;
  status: ReviewStatus;
  openHits: number;
  /** Proposals waiting for approval. */
  awaitingApproval: number;
  createdAt: string;
  owner: PersonRef & { email: string };
  assignee: PersonRef | null;
}
export type ReviewQueuePage = Page<ReviewQueueItemView>;

export interface ClearanceView {
  id: string;
  ownerId: string;
  subjectName: string;
  entityType: EntityType;
  /** birth date, nationality and identifiers the subject was screened with, as the key holds them. */
  subjectKey: string;
  datasetId: string;
  entityId: string;
  hitKind: HitKind;
  listingName: string;
  reason: DecisionReason;
  text: string | null;
  decidedBy: string | null;
  decidedAt: string;
  searchId: string | null;
  revokedAt: string | null;
  revokedBy: string | null;
  revokeReason: string | null;
}
export type ClearancePage = Page<ClearanceView>;

/** GET /api/reviews/clearances query. */
export const clearanceFilterSchema = z.object({
  q: text({ field: "q", max: 200 }).optional(),
  /** Revoked ones too. */
  all: z.enum(["true", "false"]).optional(),
});

export const TIMELINE_KINDS = ["created", "completed", "failed", "decision", "approval", "rejection", "note", "escalation", "dismissal", "export"] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

export interface TimelineEventView {
  at: string;
  kind: TimelineKind;
  /** Who, when a person did it. */
  actor: string | null;
  /** What the event is about: the hit's label, the decision, the export's format, a note's text. */
  details: Record<string, string | number | boolean | null>;
}
