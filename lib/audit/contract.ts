/**
 * What the audit log's readers share (GET /api/admin/audit, GET /api/organisation/audit and their CSV exports, the
 * /admin/audit and /organisation/audit screens, `duecheck audit`): the filters and the entry as listed (who may read
 * which log is a role's rule: readsAuditLog and readsOrganisationAudit in lib/auth/roles.ts). Only zod and shared validation are imported: the browser bundles include this file.
 */
import { z } from "zod";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type Page } from "../paging-contract.ts";
import { text } from "../validation/text.ts";

export interface AuditEntryView {
  id: number;
  at: string;
  actorKind: string;
  actorUserId: string | null;
  actorEmail: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  /** The target user's email when the target is a user. */
  targetEmail: string | null;
  ipAddress: string | null;
  details: unknown;
  /** The organisation the entry is filed under (the record's, else the acting member's); null: the instance's own. */
  organisationId: string | null;
}

/**
 * Whose entries a reader gets: the whole log (the instance's admins and auditors, the CLI's operator), or one
 * organisation's (its owners, admins and auditors, GET /api/organisation/audit).
 */
export interface AuditScope {
  organisationId?: string;
}

export type AuditPage = Page<AuditEntryView>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (field: string) =>
  z
    .string()
    .regex(DAY, `${field} must be a date (YYYY-MM-DD)`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), `${field} must be a date (YYYY-MM-DD)`)
    .optional();

/**
 * The log's filters, all optional and combined: actor (a user's id or email), action (exact, or a prefix ending in
 * `*`, e.g. `search.*`), target type and/or id, and a range of whole days in UTC (from and to included).
 */
export const auditFilterSchema = z
  .object({
    actor: text({ field: "actor", max: 254 }).optional(),
    action: text({ field: "action", max: 100 }).optional(),
    targetType: text({ field: "targetType", max: 50 }).optional(),
    targetId: text({ field: "targetId", max: 200 }).optional(),
    from: day("from"),
    to: day("to"),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: "from must not be after to", path: ["from"] });
export type AuditFilter = z.infer<typeof auditFilterSchema>;

/** GET /api/admin/audit: the filters, limit and cursor (the last listed entry's id: the log only grows). */
export const auditQuerySchema = z.intersection(
  auditFilterSchema,
  z.object({
    limit: z.coerce
      .number({ error: "limit must be a number" })
      .int("limit must be a whole number")
      .min(1, "limit must be at least 1")
      .max(MAX_PAGE_SIZE, `limit must be at most ${MAX_PAGE_SIZE}`)
      .default(DEFAULT_PAGE_SIZE),
    cursor: z
      .string()
      .regex(/^[1-9]\d{0,17}$/, "Invalid cursor")
      .optional()
      .or(z.literal("").transform(() => undefined)),
  }),
);
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** An action filter ending in `*` matches every action starting with what comes before it. */
export function actionMatch(action: string): { prefix: string } | { exact: string } {
  return action.endsWith("*") ? { prefix: action.slice(0, -1) } : { exact: action };
}
