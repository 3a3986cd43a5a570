/**
 * Bulk exports: a user's search history by date range, and the monitoring portfolio, as CSV or Excel. The query
 * schemas the server validates with, and the CLI and the app build their calls from. Browser-safe (zod only).
 */
import { z } from "zod";

export const BULK_EXPORT_FORMATS = ["csv", "xlsx"] as const;
export type BulkExportFormat = (typeof BULK_EXPORT_FORMATS)[number];

/** A calendar day, YYYY-MM-DD, that exists (2025-02-30 does not). */
const day = (field: string) =>
  z
    .string({ error: `${field} must be a date such as 2025-01-31` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date such as 2025-01-31`)
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
    }, `${field} must be a date such as 2025-01-31`);

const format = z.enum(BULK_EXPORT_FORMATS, { error: "format must be csv or xlsx" }).default("csv");

/** GET /api/searches/export: from and to are days in UTC, both included. */
export const historyExportQuerySchema = z
  .object({ from: day("from"), to: day("to"), format })
  .refine((q) => q.from <= q.to, { path: ["to"], message: "to must not be before from" });
export type HistoryExportQuery = z.infer<typeof historyExportQuerySchema>;

/** Whose rows an admin's or auditor's export holds: one user's (userId), or everyone's (scope=all). */
const acrossUsers = {
  userId: z.uuid({ error: "userId must be a user id" }).optional(),
  scope: z.enum(["all"], { error: "scope must be all" }).optional(),
};
const oneScope = (q: { userId?: string; scope?: "all" }) => !(q.userId && q.scope);
const oneScopeIssue = { path: ["scope"], message: "Give userId or scope=all, not both" };

/** GET /api/admin/searches/export: as the user's, for one user or all of them (without either: the caller's own). */
export const adminHistoryExportQuerySchema = z
  .object({ from: day("from"), to: day("to"), format, ...acrossUsers })
  .refine((q) => q.from <= q.to, { path: ["to"], message: "to must not be before from" })
  .refine(oneScope, oneScopeIssue);
export type AdminHistoryExportQuery = z.infer<typeof adminHistoryExportQuerySchema>;

/** GET /api/monitoring/export */
export const portfolioExportQuerySchema = z.object({ format });
/** GET /api/admin/monitoring/export */
export const adminPortfolioExportQuerySchema = z.object({ format, ...acrossUsers }).refine(oneScope, oneScopeIssue);

export const BULK_EXPORT_CONTENT_TYPES: Record<BulkExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};
