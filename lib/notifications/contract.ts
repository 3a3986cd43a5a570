/**
 * What the bell and /notifications read and send (GET /api/notifications, POST /api/notifications/read). Only zod
 * and types: the web bundle includes this file. A notification is its recipient's alone: another member's is 404,
 * as an unknown id.
 */
import { z } from "zod";
import type { CasePriority, CaseStatus } from "../cases/contract.ts";
import type { Page } from "../paging-contract.ts";
import type { PersonRef } from "../review/contract.ts";

/** A case assigned to the member by someone else or by auto-assignment; a case of theirs overdue this morning. */
export const NOTIFICATION_KINDS = ["case_assigned", "case_overdue"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Ids marked read in one call at most. */
export const MAX_MARK_READ = 100;

/** POST /api/notifications/read: the listed notifications, or all of the caller's. */
export const markReadSchema = z.union(
  [
    z.strictObject({
      ids: z
        .array(z.string({ error: "ids must be notification ids" }).max(100, "ids must be notification ids"), { error: "ids must be a list" })
        .min(1, "ids must name at least one notification")
        .max(MAX_MARK_READ, `ids may name at most ${MAX_MARK_READ} notifications`),
    }),
    z.strictObject({ all: z.literal(true, { error: "all must be true" }) }),
  ],
  { error: "Send { ids: [...] } or { all: true }" },
);
export type MarkReadInput = z.infer<typeof markReadSchema>;

/** GET /api/notifications?unread=true: only those not read yet. */
export const notificationFilterSchema = z.object({
  unread: z
    .enum(["true", "false"], { error: "unread must be true or false" })
    .optional()
    .transform((value) => value === "true"),
});

export interface NotificationView {
  id: string;
  kind: NotificationKind;
  caseId: string;
  caseTitle: string;
  priority: CasePriority;
  status: CaseStatus;
  dueAt: string;
  /** The case is past its due date now and not closed. */
  overdue: boolean;
  /** Who assigned the case; null for auto-assignment and for an overdue case. */
  actor: PersonRef | null;
  /** The morning (yyyy-MM-dd) an overdue case was reported; null for an assignment. */
  day: string | null;
  createdAt: string;
  readAt: string | null;
}

export interface NotificationPage extends Page<NotificationView> {
  /** The caller's notifications not read yet, over all pages. */
  unread: number;
}

export interface MarkReadView {
  /** Notifications this call marked read (those read before are not counted). */
  marked: number;
  unread: number;
}
