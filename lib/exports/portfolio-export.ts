/**
 * The monitoring portfolio as CSV or Excel: every monitored entity with its current risk, review status and last
 * check. One user's entities, or (admins and auditors) every user's; read a page at a time by a cursor, oldest first.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { type Db, schema } from "../../data/db.ts";
import { monitoredEntityView, withChecks } from "../monitoring/entities.ts";
import type { MonitoredEntityView } from "../monitoring/schemas.ts";
import type { Cursor } from "../paging.ts";
import { reportLabels } from "../reports/i18n.ts";
import type { ReportLanguage } from "../screening/summary/phrasebook.ts";
import type { BulkExportFormat } from "./contract.ts";
import { EXPORT_PAGE_ROWS } from "./history-export.ts";
import { type Column, tableFile } from "./table-file.ts";

export interface PortfolioExportRequest {
  /** One user's entities; undefined: every user's. */
  userId?: string;
  format: BulkExportFormat;
  language: ReportLanguage;
  pageRows?: number;
}

export interface PortfolioRow extends MonitoredEntityView {
  owner: string;
}

const m = schema.monitoredEntities;

export async function* portfolioPages(db: Db, request: PortfolioExportRequest): AsyncGenerator<PortfolioRow[]> {
  const limit = request.pageRows ?? EXPORT_PAGE_ROWS;
  let cursor: Cursor | undefined;
  for (;;) {
    const rows = await withChecks(db)
      .where(
        and(
          request.userId ? eq(m.userId, request.userId) : undefined,
          cursor ? sql`(${m.createdAt}, ${m.id}) > (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)` : undefined,
        ),
      )
      .orderBy(m.createdAt, m.id)
      .limit(limit);
    if (rows.length === 0) return;
    const owners = new Map(
      (
        await db
          .select({ id: schema.users.id, email: schema.users.email })
          .from(schema.users)
          .where(inArray(schema.users.id, [...new Set(rows.map((r) => r.row.userId))]))
      ).map((u) => [u.id, u.email]),
    );
    yield rows.map(({ row, check }) => ({ ...monitoredEntityView(row, check), owner: owners.get(row.userId) ?? "" }));
    if (rows.length < limit) return;
    const last = rows[rows.length - 1];
    cursor = { createdAt: last.cursorKey, id: last.id };
  }
}

export function portfolioColumns(language: ReportLanguage): Column<PortfolioRow>[] {
  const l = reportLabels(language);
  const date = (iso: string | null) => (iso ? new Date(iso) : null);
  return [
    { header: l.searchTerm, width: 32, value: (r) => r.searchTerm },
    { header: l.entityType, width: 12, value: (r) => l.entity[r.entityType] },
    { header: l.exports.owner, width: 28, value: (r) => r.owner },
    { header: l.exports.status, width: 12, value: (r) => l.exports.statuses[r.status] },
    { header: l.monitoring.frequency, width: 12, value: (r) => l.monitoring.frequencies[r.frequency] },
    { header: l.riskLevel, width: 14, value: (r) => (r.riskLevel ? l.risk[r.riskLevel] : null) },
    { header: l.review.status, width: 16, value: (r) => (r.reviewStatus ? l.review.statuses[r.reviewStatus] : null) },
    { header: l.exports.lastCheck, width: 22, value: (r) => date(r.lastChecked) },
    { header: l.exports.checkState, width: 18, value: (r) => l.exports.checkStates[r.checkState] },
    { header: l.exports.nextCheck, width: 22, value: (r) => date(r.nextCheck) },
  ];
}

export function portfolioExport(db: Db, request: PortfolioExportRequest): ReadableStream<Uint8Array> {
  return tableFile(request.format, reportLabels(request.language).exports.portfolioSheet, portfolioColumns(request.language), portfolioPages(db, request));
}

export const portfolioFileName = (format: BulkExportFormat, day: string) => `duecheck-monitoring-${day}.${format}`;
