/**
 * The scheduled run of a day: the organisation's report and the own report of every user who searched that day,
 * each generated exactly once across all processes. A process claims a report by inserting its pending row (ON
 * CONFLICT DO NOTHING) and generates only the rows it inserted; a pending row whose process died (claimed more than
 * STALE_CLAIM_MS ago) is claimed again.
 */
import { and, eq, gte, isNull, sql } from "drizzle-orm";
import { schema, type Db } from "../../../data/db.ts";
import { generateDailyReport } from "./generate.ts";
import { dayBounds } from "./scope.ts";

const STALE_CLAIM_MS = 10 * 60_000;

export interface ScheduledOutcome {
  date: string;
  /** Reports this process generated (the organisation's counted too); failures are logged, not counted. */
  generated: number;
  failed: number;
}

export async function runScheduledDay(db: Db, date: string, timeZone: string, now: Date, log: (message: string, error: unknown) => void): Promise<ScheduledOutcome> {
  const claimed = await claimDay(db, date, timeZone, now);
  let generated = 0;
  let failed = 0;
  for (const userId of claimed) {
    try {
      await generateDailyReport(db, { date, scope: { userId }, timeZone, now });
      generated++;
    } catch (error) {
      failed++;
      log(`daily report of ${date} (${userId ?? "organisation"}) failed:`, error);
    }
  }
  return { date, generated, failed };
}

/**
 * The scopes (null: the organisation) whose report of the day this process now owns: rows it inserted, and rows
 * it took over in the same statement (the row lock makes a second process see them taken): a report generated
 * before the day was over (an early "Generate now"), or a pending claim whose process died.
 */
async function claimDay(db: Db, date: string, timeZone: string, now: Date): Promise<(string | null)[]> {
  const r = schema.dailyReports;
  const s = schema.searches;
  const { start, end } = dayBounds(date, timeZone);
  const stale = new Date(now.getTime() - STALE_CLAIM_MS).toISOString();
  // generatedAt of a pending row: when it was claimed
  const claimed = await db.execute<{ user_id: string | null }>(sql`
    insert into ${r} as r (report_date, user_id, status, generated_at)
    select ${date}::date, scopes.user_id, 'pending', ${now.toISOString()}::timestamptz
    from (select null::uuid as user_id union all select distinct ${s.userId} from ${s} where ${s.createdAt} >= ${start} and ${s.createdAt} < ${end}) scopes
    on conflict (report_date, user_id) do update set status = 'pending', generated_at = excluded.generated_at
    where (r.status <> 'pending' and (r.generated_at is null or r.generated_at < ${end}))
       or (r.status = 'pending' and (r.generated_at is null or r.generated_at < ${stale}::timestamptz))
    returning r.user_id`);
  // the organisation's first
  return rowsOf<{ user_id: string | null }>(claimed)
    .map((row) => row.user_id)
    .sort((a, b) => (a === null ? -1 : b === null ? 1 : a.localeCompare(b)));
}

/** Whether the organisation's report of the day was generated (or claimed) once the day was over. */
export async function dayIsDone(db: Db, date: string, timeZone: string): Promise<boolean> {
  const r = schema.dailyReports;
  const { end } = dayBounds(date, timeZone);
  const [row] = await db
    .select({ id: r.id })
    .from(r)
    .where(and(eq(r.reportDate, date), isNull(r.userId), gte(r.generatedAt, end)));
  return !!row;
}

/** postgres-js returns the rows, PGlite a result with `rows`. */
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}

