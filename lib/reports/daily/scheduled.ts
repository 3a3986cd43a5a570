/**
 * The scheduled run of a day: the instance's report, the report of every organisation whose members searched that
 * day, and the own report of every user who searched that day, each generated exactly once across all processes. A
 * process claims a report by inserting its pending row (ON CONFLICT DO NOTHING) and generates only the rows it
 * inserted; a pending row whose process died (claimed more than STALE_CLAIM_MS ago) is claimed again. A suspended
 * organisation gets no report, nor do its members: their reports pause with it and the days after the suspension is
 * lifted are reported again (nothing of theirs is deleted; a past day can be generated on demand).
 */
import { and, eq, gte, isNull, sql } from "drizzle-orm";
import { type Db, schema } from "../../../data/db.ts";
import { computeOrganisationReports, computeUserReports, type ReportFigures } from "./compute.ts";
import { generateDailyReport, storeFailure, storeReport } from "./generate.ts";
import { dayBounds, INSTANCE, organisationScope, type ReportScope } from "./scope.ts";

const STALE_CLAIM_MS = 10 * 60_000;
/** Reports one grouped pass computes (bounds the memory of a pass: each holds up to SEARCHES_IN_REPORT searches). */
const REPORTS_PER_PASS = 100;

export interface ScheduledOutcome {
  date: string;
  /** Reports this process generated (the instance's and the organisations' counted too); failures are logged, not counted. */
  generated: number;
  failed: number;
}

/** A claimed report: the instance's (both null), an organisation's or a user's. */
interface Claim {
  userId: string | null;
  organisationId: string | null;
}

const scopeName = (scope: Claim) => scope.userId ?? (scope.organisationId ? `organisation ${scope.organisationId}` : "instance");

export async function runScheduledDay(
  db: Db,
  date: string,
  timeZone: string,
  now: Date,
  log: (message: string, error: unknown) => void,
): Promise<ScheduledOutcome> {
  const claimed = await claimDay(db, date, timeZone, now);
  const outcome = { date, generated: 0, failed: 0 };
  const failed = async (scopes: ReportScope[], error: unknown) => {
    outcome.failed += scopes.length;
    log(
      `daily reports of ${date} (${scopes.map((scope) => scopeName({ userId: scope.userId, organisationId: scope.organisationId ?? null })).join(", ")}) failed:`,
      error,
    );
    for (const scope of scopes) await storeFailure(db, date, scope, now).catch(() => {});
  };
  if (claimed.some((c) => !c.userId && !c.organisationId)) {
    try {
      await generateDailyReport(db, { date, scope: INSTANCE, timeZone, now });
      outcome.generated++;
    } catch (error) {
      await failed([INSTANCE], error);
    }
  }
  const grouped = async (ids: string[], scopeOf: (id: string) => ReportScope, compute: (slice: string[]) => Promise<Map<string, ReportFigures>>) => {
    // one grouped pass per slice, one commit per slice rather than one per report
    for (let from = 0; from < ids.length; from += REPORTS_PER_PASS) {
      const slice = ids.slice(from, from + REPORTS_PER_PASS);
      try {
        const figures = await compute(slice);
        await db.transaction(async (tx) => {
          for (const [id, each] of figures) await storeReport(tx, date, scopeOf(id), each, now);
        });
        outcome.generated += slice.length;
      } catch (error) {
        await failed(slice.map(scopeOf), error);
      }
    }
  };
  const organisationIds = claimed.flatMap((c) => (!c.userId && c.organisationId ? [c.organisationId] : []));
  await grouped(organisationIds, organisationScope, (slice) => computeOrganisationReports(db, date, timeZone, slice));
  const userIds = claimed.flatMap((c) => (c.userId ? [c.userId] : []));
  await grouped(
    userIds,
    (userId) => ({ userId }),
    (slice) => computeUserReports(db, date, timeZone, slice),
  );
  return outcome;
}

/**
 * The scopes whose report of the day this process now owns: rows it inserted, and rows it took over in the same
 * statement (the row lock makes a second process see them taken): a report generated before the day was over (an
 * early "Generate now"), or a pending claim whose process died. The instance's always; an organisation's and a
 * user's when they searched that day, their organisation not suspended.
 */
async function claimDay(db: Db, date: string, timeZone: string, now: Date): Promise<Claim[]> {
  const r = schema.dailyReports;
  const s = schema.searches;
  const o = schema.organisations;
  const { start, end } = dayBounds(date, timeZone);
  const stale = new Date(now.getTime() - STALE_CLAIM_MS).toISOString();
  const ofDay = sql`${s.createdAt} >= ${start} and ${s.createdAt} < ${end}
    and not exists (select 1 from ${o} where ${o.id} = ${s.organisationId} and ${o.suspendedAt} is not null)`;
  // generatedAt of a pending row: when it was claimed
  const claimed = await db.execute<{ user_id: string | null; organisation_id: string | null }>(sql`
    insert into ${r} as r (report_date, organisation_id, user_id, status, generated_at)
    select ${date}::date, scopes.organisation_id, scopes.user_id, 'pending', ${now.toISOString()}::timestamptz
    from (
      select null::uuid as organisation_id, null::uuid as user_id
      union all select distinct ${s.organisationId}, null::uuid from ${s} where ${ofDay}
      union all select distinct null::uuid, ${s.userId} from ${s} where ${ofDay}
    ) scopes
    on conflict (report_date, organisation_id, user_id) do update set status = 'pending', generated_at = excluded.generated_at
    where (r.status <> 'pending' and (r.generated_at is null or r.generated_at < ${end}))
       or (r.status = 'pending' and (r.generated_at is null or r.generated_at < ${stale}::timestamptz))
    returning r.organisation_id, r.user_id`);
  return rowsOf<{ user_id: string | null; organisation_id: string | null }>(claimed)
    .map((row) => ({ userId: row.user_id, organisationId: row.organisation_id }))
    .sort((a, b) => scopeName(a).localeCompare(scopeName(b)));
}

/** Whether the instance's report of the day was generated (or claimed) once the day was over. */
export async function dayIsDone(db: Db, date: string, timeZone: string): Promise<boolean> {
  const r = schema.dailyReports;
  const { end } = dayBounds(date, timeZone);
  const [row] = await db
    .select({ id: r.id })
    .from(r)
    .where(and(eq(r.reportDate, date), isNull(r.userId), isNull(r.organisationId), gte(r.generatedAt, end)));
  return !!row;
}

/** postgres-js returns the rows, PGlite a result with `rows`. */
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}
