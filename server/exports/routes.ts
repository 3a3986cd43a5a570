/**
 * Bulk exports over HTTP, streamed as they are read: the signed-in user's history by date range and monitoring
 * portfolio, and (under /api/admin, for admins and auditors) one user's or every user's. Each export is audited.
 */
import { type Context, Hono } from "hono";
import type { AuditActor } from "../../lib/audit/record.ts";
import { exportsEveryone } from "../../lib/auth/roles.ts";
import { findUserById } from "../../lib/auth/users.ts";
import { AppError } from "../../lib/errors.ts";
import { auditedHistoryExport, auditedPortfolioExport } from "../../lib/exports/audited-export.ts";
import {
  adminHistoryExportQuerySchema,
  adminPortfolioExportQuerySchema,
  BULK_EXPORT_CONTENT_TYPES,
  type BulkExportFormat,
  historyExportQuerySchema,
  portfolioExportQuerySchema,
} from "../../lib/exports/contract.ts";
import { historyFileName } from "../../lib/exports/history-export.ts";
import { portfolioFileName } from "../../lib/exports/portfolio-export.ts";
import { isReportLanguage } from "../../lib/screening/summary/index.ts";
import type { AppEnv } from "../context.ts";
import { currentUser, requireUser } from "../middleware/session.ts";
import { parseWith, queryOf } from "../validate.ts";

const db = (c: Context<AppEnv>) => c.get("ctx").database.db;

function download(c: Context<AppEnv>, body: ReadableStream<Uint8Array>, format: BulkExportFormat, fileName: string) {
  // A large export takes longer than Bun's 10 s idle timeout to write.
  c.env?.noTimeout?.(c.req.raw);
  return new Response(body, {
    headers: {
      "Content-Type": BULK_EXPORT_CONTENT_TYPES[format],
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/** The caller's report language: the headers and words of the file. */
function languageOf(c: Context<AppEnv>) {
  const { reportLanguage } = currentUser(c);
  return isReportLanguage(reportLanguage) ? reportLanguage : "en";
}

/** Whose rows: the caller's own, one named user's (404 when unknown) or everyone's (undefined). */
async function ownerOf(c: Context<AppEnv>, query: { userId?: string; scope?: "all" }): Promise<string | undefined> {
  if (query.scope === "all") return undefined;
  if (!query.userId) return currentUser(c).id;
  if (!(await findUserById(db(c), query.userId))) throw new AppError(404, "User not found");
  return query.userId;
}

/** Who takes the export: an admin as "admin", anyone else (an auditor too) as "user". */
function exporter(c: Context<AppEnv>): AuditActor {
  const user = currentUser(c);
  return { kind: user.role === "admin" ? "admin" : "user", userId: user.id, ipAddress: c.get("clientIp") };
}

/** GET /api/searches/export?from=&to=&format=csv|xlsx: the signed-in user's own history. */
export const historyExportRoutes = new Hono<AppEnv>().use(requireUser).get("/", queryOf(historyExportQuerySchema), async (c) => {
  const query = c.req.valid("query");
  const userId = currentUser(c).id;
  const body = await auditedHistoryExport(db(c), exporter(c), { ...query, userId, language: languageOf(c) });
  return download(c, body, query.format, historyFileName(query));
});

/** GET /api/monitoring/export?format=csv|xlsx: the signed-in user's monitored entities. */
export const portfolioExportRoutes = new Hono<AppEnv>().use(requireUser).get("/", queryOf(portfolioExportQuerySchema), async (c) => {
  const { format } = c.req.valid("query");
  const body = await auditedPortfolioExport(db(c), exporter(c), { format, userId: currentUser(c).id, language: languageOf(c) });
  return download(c, body, format, portfolioFileName(format, today()));
});

const today = () => new Date().toISOString().slice(0, 10);

/**
 * GET /api/admin/searches/export?from=&to=&format=&userId=|scope=all (behind the admin routes' middleware). The two
 * admin exports are plain handlers that read their query with parseWith, not queryOf: the role's 403 must come before
 * a bad query's 400, and a route-level validator would run first. Their answer is a file opened as a link, so no
 * typed call is lost.
 */
export async function adminHistoryExport(c: Context<AppEnv>) {
  if (!exportsEveryone(currentUser(c))) throw new AppError(403, "Administrator role required");
  const query = parseWith(adminHistoryExportQuerySchema, c.req.query());
  const userId = await ownerOf(c, query);
  const body = await auditedHistoryExport(db(c), exporter(c), { ...query, userId, includeHidden: true, language: languageOf(c) });
  return download(c, body, query.format, historyFileName(query));
}

/** GET /api/admin/monitoring/export?format=&userId=|scope=all */
export async function adminPortfolioExport(c: Context<AppEnv>) {
  if (!exportsEveryone(currentUser(c))) throw new AppError(403, "Administrator role required");
  const query = parseWith(adminPortfolioExportQuerySchema, c.req.query());
  const userId = await ownerOf(c, query);
  const body = await auditedPortfolioExport(db(c), exporter(c), { format: query.format, userId, language: languageOf(c) });
  return download(c, body, query.format, portfolioFileName(query.format, today()));
}
