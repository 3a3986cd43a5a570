/**
 * Retention of screening records, for the server, the CLI and the app alike: who sees hidden records, the legal
 * holds' requests and views, and the purge's outcome. Only zod and the shared validation rules (browser-safe).
 */
import { z } from "zod";
import { readsAdminViews } from "../auth/roles.ts";
import type { UserRole } from "../auth/schemas.ts";
import { text } from "../validation/text.ts";

/** Who still sees a search its owner deleted (hidden), marked hidden: those who read the admin views (admins, auditors). */
export const seesHiddenRecords = (role: UserRole): boolean => readsAdminViews({ role });

/** retentionYears: how long a search is kept before the daily purge removes it (unless a legal hold keeps it). */
export const RETENTION_YEARS = { default: 5, min: 1, max: 100 } as const;

const reason = (field: string) => text({ field, max: 1000, kind: "multiline" }).min(1, `${field} is required`);

/**
 * POST /api/admin/legal-holds: a hold on one user (all their searches), by id or by email (as the admin screen asks
 * for it), or on one search.
 */
export const legalHoldCreateSchema = z
  .object({
    userId: z.uuid({ error: "userId must be a user id" }).optional(),
    userEmail: z.email({ error: "userEmail must be an email address" }).max(254, "userEmail is too long").optional(),
    searchId: z.uuid({ error: "searchId must be a search id" }).optional(),
    reason: reason("reason"),
  })
  .strict()
  .refine(
    (hold) => [hold.userId, hold.userEmail, hold.searchId].filter((target) => target !== undefined).length === 1,
    "Give one of userId, userEmail or searchId",
  );
export type LegalHoldCreate = z.infer<typeof legalHoldCreateSchema>;

/** POST /api/admin/legal-holds/{id}/lift */
export const legalHoldLiftSchema = z.object({ reason: reason("reason") }).strict();

/** GET /api/admin/legal-holds?active=true|false (default: every hold). */
export const legalHoldsQuerySchema = z.object({ active: z.enum(["true", "false"], { error: "active must be true or false" }).optional() });

/** A hold as the admin API, the CLI's --json and the admin screen show it. */
export interface LegalHoldView {
  id: string;
  target: "user" | "search";
  userId: string | null;
  userEmail: string | null;
  searchId: string | null;
  searchTerm: string | null;
  reason: string;
  createdAt: string;
  createdByEmail: string | null;
  liftedAt: string | null;
  liftedByEmail: string | null;
  liftReason: string | null;
}

/** What one purge run did (also the audit entry's details). */
export interface PurgeOutcome {
  /** Searches created before this instant were due (the instance's; an organisation that keeps longer, earlier). */
  cutoff: string;
  searchesPurged: number;
  versionsPurged: number;
  /** Due searches kept because a legal hold (on them or their owner) holds them. */
  heldSkipped: number;
  dryRun: boolean;
}
