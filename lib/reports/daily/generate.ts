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
    await storeFailure(db, date, scope, options.now ?? new Date()).catch(() => {});
    throw error;
  }
  return reportView(await storeReport(db, date, scope, figures, options.now ?? new Date()));
}

/** The stored row's scope columns: a user's own report names no organisation (the user's may change). */
const scopeColumns = (scope: ReportScope) => ({ userId: scope.userId, organisationId: scope.userId ? null : (scope.organisationId ?? null) });

/** Writes the figures as the completed report of the day and scope. */
export async function storeReport(db: DbOrTx, date: string, scope: ReportScope, figures: ReportFigures, now: Date): Promise<DailyReportRow> {
  const { searchDetails, statistics, ...counts } = figures;
  return upsert(db, { reportDate: date, ...scopeColumns(scope), ...counts, searchDetails, statistics, status: "completed", generatedAt: now });
}

/** Records the report of the day and scope as failed. */
export async function storeFailure(db: DbOrTx, date: string, scope: ReportScope, now: Date): Promise<void> {
  const { searchDetails: _, statistics: __, ...zeros } = emptyFigures();
  await upsert(db, { reportDate: date, ...scopeColumns(scope), ...zeros, status: "failed", generatedAt: now });
}

type NewReport = typeof schema.dailyReports.$inferInsert;

async function upsert(db: DbOrTx, values: NewReport): Promise<DailyReportRow> {
  const r = schema.dailyReports;
  const { reportDate: _, userId: __, organisationId: ___, ...changes } = values;
  const [row] = await db
    .insert(r)
    .values(values)
    .onConflictDoUpdate({
      target: [r.reportDate, r.organisationId, r.userId],
      // a failure replaces the figures of an earlier report: the row says failed, with no figures
      set: { ...changes, searchDetails: values.searchDetails ?? sql`null`, statistics: values.statistics ?? sql`null` },
    })
    .returning();
  return row;
}
