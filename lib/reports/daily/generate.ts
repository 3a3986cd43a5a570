/**
 * Generating a day's report for a scope: the figures computed in SQL, written with an upsert (one row per day and
 * scope; regenerating replaces it). A failure is recorded as status failed and rethrown for the caller to answer.
 */
import { sql } from "drizzle-orm";
import { type DbOrTx, schema } from "../../../data/db.ts";
import { computeDailyReport, emptyFigures, type ReportFigures } from "./compute.ts";
import { type DailyReportRow, reportView } from "./read.ts";
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
  let figures: ReportFigures;
  try {
    figures = await computeDailyReport(db, date, scope, timeZone);
  } catch (error) {
    await storeFailure(db, date, scope.userId, options.now ?? new Date()).catch(() => {});
    throw error;
  }
  return reportView(await storeReport(db, date, scope.userId, figures, options.now ?? new Date()));
}

/** Writes the figures as the completed report of the day and scope (userId null: the organisation's). */
export async function storeReport(db: DbOrTx, date: string, userId: string | null, figures: ReportFigures, now: Date): Promise<DailyReportRow> {
  const { searchDetails, statistics, ...counts } = figures;
  return upsert(db, { reportDate: date, userId, ...counts, searchDetails, statistics, status: "completed", generatedAt: now });
}

/** Records the report of the day and scope as failed. */
export async function storeFailure(db: DbOrTx, date: string, userId: string | null, now: Date): Promise<void> {
  const { searchDetails: _, statistics: __, ...zeros } = emptyFigures();
  await upsert(db, { reportDate: date, userId, ...zeros, status: "failed", generatedAt: now });
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
      // a failure replaces the figures of an earlier report: the row says failed, with no figures
      set: { ...changes, searchDetails: values.searchDetails ?? sql`null`, statistics: values.statistics ?? sql`null` },
    })
    .returning();
  return row;
}
