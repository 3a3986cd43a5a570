/**
 * The scheduled run of a day: the organisation's report and the own report of every user who searched that day,
 * each generated exactly once across all processes. A process claims a report by inserting its pending row (ON
 * CONFLICT DO NOTHING) and generates only the rows it inserted; a pending row whose process died (claimed more than
 * STALE_CLAIM_MS ago) is claimed again.
 */
import { and, eq, gte, isNull, sql } from "drizzle-orm";
import { type Db, schema } from "../../../data/db.ts";
import { computeUserReports } from "./compute.ts";
import { generateDailyReport, storeFailure, storeReport } from "./generate.ts";
import { dayBounds, ORGANISATION } from "./scope.ts";

const STALE_CLAIM_MS = 10 * 60_000;
/** Users whose reports one grouped pass computes (bounds the memory of a pass: each holds up to SEARCHES_IN_REPORT searches). */
const USERS_PER_PASS = 100;

export interface ScheduledOutcome {
  date: string;
  /** Reports this process generated (the organisation's counted too); failures are logged, not counted. */
  generated: number;
  failed: number;
}

export async function runScheduledDay(
  db: Db,
  date: string,
  timeZone: string,
  now: Date,
  log: (message: string, error: unknown) => void,
): Promise<ScheduledOutcome> {
  const claimed = await claimDay(db, date, timeZone, now);
  const outcome = { date, generated: 0, failed: 0 };
  const failed = async (userIds: (string | null)[], error: unknown) => {
    outcome.failed += userIds.length;
    log(`daily reports of ${date} (${userIds.map((id) => id ?? "organisation").join(", ")}) failed:`, error);
    for (const userId of userIds) await storeFailure(db, date, userId, now).catch(() => {});
  };
  if (claimed.includes(null)) {
    try {
      await generateDailyReport(db, { date, scope: ORGANISATION, timeZone, now });
      outcome.generated++;
    } catch (error) {
      await failed([null], error);
    }
  }
  const userIds = claimed.filter((id): id is string => id !== null);
  // every user's own report from one grouped pass, a slice of users at a time
  for (let from = 0; from < userIds.length; from += USERS_PER_PASS) {
    const slice = userIds.slice(from, from + USERS_PER_PASS);
    try {
      const figures = await computeUserReports(db, date, timeZone, slice);
      // one commit for the slice, not one per report
      await db.transaction(async (tx) => {
        for (const [userId, userFigures] of figures) await storeReport(tx, date, userId, userFigures, now);
      });
      outcome.generated += slice.length;
    } catch (error) {
      await failed(slice, error);
    }
  }
  return outcome;
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
