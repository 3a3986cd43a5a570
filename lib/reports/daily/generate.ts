/**
 * Generating a day's report for a scope: the figures computed in SQL, written with an upsert (one row per day and
 * scope; regenerating replaces it). A failure is recorded as status failed and rethrown for the caller to answer.
 */
import { sql } from "drizzle-orm";
import { schema, type DbOrTx } from "../../../data/db.ts";
import { computeDailyReport } from "./compute.ts";
import { reportView, type DailyReportRow } from "./read.ts";
import type { DailyReportView } from "./schemas.ts";
import type { ReportScope } from "./scope.ts";
import { reportTimeZone } from "./settings.ts";

export interface GenerateOptions {
  date: string;
  scope: ReportScope;
  /** Default: DUECHECK_REPORT_TIMEZONE. */
  timeZone?: string;
  /** When it was generated (the scheduler's clock). */
  now?: Date;
}

export async function generateDailyReport(db: DbOrTx, options: GenerateOptions): Promise<DailyReportView> {
  const timeZone = options.timeZone ?? reportTimeZone();
  const { date, scope } = options;
  let figures;
  try {
    figures = await computeDailyReport(db, date, scope, timeZone);
  } catch (error) {
    await upsert(db, { reportDate: date, userId: scope.userId, status: "failed", generatedAt: options.now ?? new Date() }).catch(() => {});
    throw error;
  }
  const { searchDetails, statistics, ...counts } = figures;
  const row = await upsert(db, { reportDate: date, userId: scope.userId, ...counts, searchDetails, statistics, status: "completed", generatedAt: options.now ?? new Date() });
  return reportView(row);
}

type NewReport = typeof schema.dailyReports.$inferInsert;

async function upsert(db: DbOrTx, values: NewReport): Promise<DailyReportRow> {
  const r = schema.dailyReports;
  const { reportDate: _, userId: __, ...changes } = values;
  const [row] = await db
    .insert(r)
    .values(values)
    .onConflictDoUpdate({
      target: [r.reportDate, r.userId],
      // a failure keeps the figures of an earlier completed report out of sight: the row says failed
      set: { ...changes, searchDetails: values.searchDetails ?? sql`null`, statistics: values.statistics ?? sql`null` },
    })
    .returning();
  return row;
}
