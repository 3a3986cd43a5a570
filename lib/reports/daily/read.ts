/** Stored daily reports as the API, the CLI and the exports read them. */
import { and, desc, eq, gte, isNull, sql } from "drizzle-orm";
import { type Db, schema } from "../../../data/db.ts";
import { afterCursor, cursorKey, newestFirst, type Page, type PageRequest, toPage } from "../../paging.ts";
import { emptyFigures, reportSearch, reportSearchColumns } from "./compute.ts";
import type { DailyReportView, DailyRow, ReportSearch } from "./schemas.ts";
import { type ReportScope, searchesOfDay } from "./scope.ts";
import { reportTimeZone } from "./settings.ts";

export type DailyReportRow = typeof schema.dailyReports.$inferSelect;

export function reportView(row: DailyReportRow): DailyReportView {
  return {
    reportDate: row.reportDate,
    scope: row.userId ? "user" : row.organisationId ? "organisation" : "instance",
    status: row.status,
    generatedAt: row.generatedAt?.toISOString() ?? null,
    totalSearches: row.totalSearches,
    manualSearches: row.manualSearches,
    automatedSearches: row.automatedSearches,
    totalCreditsUsed: row.totalCreditsUsed,
    uniqueUsers: row.uniqueUsers,
    highRiskFindings: row.highRiskFindings,
    // a failed (or pending) report stores no figures
    searchDetails: (row.searchDetails as DailyReportView["searchDetails"] | null) ?? emptyFigures().searchDetails,
    statistics: (row.statistics as DailyReportView["statistics"] | null) ?? emptyFigures().statistics,
  };
}

/** The stored rows of exactly this scope (an organisation's report is not the instance's, nor a member's). */
export function scopeIs(scope: ReportScope) {
  const r = schema.dailyReports;
  if (scope.userId) return eq(r.userId, scope.userId);
  return and(isNull(r.userId), scope.organisationId ? eq(r.organisationId, scope.organisationId) : isNull(r.organisationId))!;
}

/** The stored report of the day and scope, in any status; null when none was made. */
export async function readDailyReport(db: Db, date: string, scope: ReportScope): Promise<DailyReportView | null> {
  const r = schema.dailyReports;
  const [row] = await db
    .select()
    .from(r)
    .where(and(eq(r.reportDate, date), scopeIs(scope)));
  return row ? reportView(row) : null;
}

/** The scope's completed reports of the last `days` days up to `today`, newest first (the table and the trend). */
export async function recentDailyRows(db: Db, scope: ReportScope, days: number, today: string): Promise<DailyRow[]> {
  const r = schema.dailyReports;
  return db
    .select({
      reportDate: r.reportDate,
      totalSearches: r.totalSearches,
      manualSearches: r.manualSearches,
      automatedSearches: r.automatedSearches,
      totalCreditsUsed: r.totalCreditsUsed,
      uniqueUsers: r.uniqueUsers,
      highRiskFindings: r.highRiskFindings,
    })
    .from(r)
    .where(and(scopeIs(scope), eq(r.status, "completed"), gte(r.reportDate, sql`${today}::date - ${days - 1}::int`), sql`${r.reportDate} <= ${today}::date`))
    .orderBy(desc(r.reportDate));
}

/** Every search of the day and scope, a page at a time, newest first (the Search Details tab beyond the report's own). */
export async function listReportSearches(
  db: Db,
  date: string,
  scope: ReportScope,
  request: PageRequest,
  timeZone = reportTimeZone(),
): Promise<Page<ReportSearch>> {
  const s = schema.searches;
  const keyset = { createdAt: s.createdAt, id: s.id };
  const where = searchesOfDay(date, scope, timeZone);
  const [rows, total] = await Promise.all([
    db
      .select({ ...reportSearchColumns(), cursorKey: cursorKey(keyset) })
      .from(s)
      .where(and(where, afterCursor(keyset, request.cursor)))
      .orderBy(...newestFirst(keyset))
      .limit(request.limit + 1),
    db.$count(s, where),
  ]);
  return toPage(rows, request.limit, total, reportSearch);
}
