/**
 * Due checks: an active entity whose nextCheck has come is claimed by one process however many scan (a conditional
 * UPDATE on the nextCheck it read), and in the same transaction its automated search is created through createSearch
 * (charged the automated cost through the ledger, admins free, its job queued). A process killed after the commit
 * leaves a queued job that pg-boss retries; before it, nothing happened and the entity is still due.
 */
import { and, asc, eq, lte, sql } from "drizzle-orm";
import { type Db, schema } from "../../data/db.ts";
import { type Clock, systemClock } from "../clock.ts";
import { AppError } from "../errors.ts";
import type { JobQueue } from "../jobs/queue.ts";
import type { SearchDetails } from "../screening/schemas.ts";
import { SEARCH_QUEUE } from "../screening/search-queue.ts";
import { createSearch } from "../screening/searches.ts";
import { type RecordOptions, recordEndedChecks } from "./check-result.ts";
import { matchListUpdate, unmatchedVersions } from "./list-updates.ts";
import { nextCheckAfter } from "./schedule.ts";
import type { MonitoringFrequency } from "./schemas.ts";

const m = schema.monitoredEntities;

export interface MonitoringContext {
  db: Db;
  queue: JobQueue;
  clock?: Clock;
}

/** Due entities read per pass; a scan reads passes until none is left. */
export const DUE_PER_PASS = 500;
/** Checks claimed at once (each its own short transaction). */
const CLAIMS_AT_ONCE = 4;

export interface ScanOutcome {
  /** Entities a new list version newly matched, made due at once by this scan (before it claimed the due checks). */
  listUpdateFlagged: number;
  /** Checks this scan claimed and started (their searches are queued). */
  started: number;
  /** Entities whose owner cannot pay: still due, retried at every scan, nothing charged. */
  waitingForCredits: number;
  /** Checks whose search had ended and that this scan recorded. */
  recorded: number;
  /** The searches started, in the order claimed. */
  searchIds: string[];
}

interface DueEntity {
  id: string;
  userId: string;
  searchTerm: string;
  entityType: "person" | "company";
  country: string | null;
  details: SearchDetails | null;
  customerRef: string | null;
  frequency: MonitoringFrequency;
  nextCheck: Date;
  /** nextCheck exact to the microsecond: the claim compares with it. */
  dueKey: string;
}

type ClaimOutcome = { kind: "started"; searchId: string } | { kind: "taken" } | { kind: "credits" } | { kind: "skipped" };

/**
 * Entities of a suspended organisation wait: not claimed, nothing charged, nextCheck untouched, so the first scan after
 * the suspension is lifted runs each overdue check once and the schedule goes on from there.
 */
const organisationActive = sql`not exists (select 1 from ${schema.organisations} o where o.id = ${m.organisationId} and o.suspended_at is not null)`;

/** The entity still due at `dueKey` (no other process claimed it since it was read). */
const stillDue = (entity: DueEntity) =>
  and(eq(m.id, entity.id), eq(m.status, "active"), sql`${m.nextCheck} = ${entity.dueKey}::timestamptz`, organisationActive);

/** The check before this one is compared with when it ended complete (every list and news source answered), else the one before stays. */
const rotatePrevious = sql`case when exists (
    select 1 from searches s where s.id = ${m.lastSearchId} and s.status = 'completed'
      and (${m.previousSearchId} is null or not exists (
        select 1 from jsonb_array_elements(coalesce(s.results->'sources', '[]'::jsonb)) src
        where src->>'status' = 'failed' and src->>'kind' <> 'summary'))
  ) then ${m.lastSearchId} else ${m.previousSearchId} end`;

export async function claimCheck(ctx: MonitoringContext, entity: DueEntity, now: Date): Promise<ClaimOutcome> {
  try {
    const searchId = await ctx.db.transaction(async (tx) => {
      const next = nextCheckAfter(entity.nextCheck, entity.frequency, now);
      const claimed = await tx.update(m).set({ nextCheck: next }).where(stillDue(entity)).returning({ id: m.id });
      if (claimed.length === 0) return null;
      const search = await createSearch(
        { db: tx, queue: ctx.queue },
        {
          userId: entity.userId,
          searchTerm: entity.searchTerm,
          entityType: entity.entityType,
          country: entity.country ?? undefined,
          ...(entity.details ? { details: entity.details } : {}),
          // The client's reference goes with each check, so its result is found by it too (never screened).
          customerRef: entity.customerRef,
          isAutomated: true,
        },
      );
      await tx.update(m).set({ previousSearchId: rotatePrevious, lastSearchId: search.id, waitingFor: null }).where(eq(m.id, entity.id));
      return search.id;
    });
    return searchId ? { kind: "started", searchId } : { kind: "taken" };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.status === 402) {
      // Nothing was charged or created (the transaction rolled back); the entity stays due and is retried.
      await ctx.db.update(m).set({ waitingFor: "credits" }).where(stillDue(entity));
      return { kind: "credits" };
    }
    // The owner was deactivated (403) or the stored name no longer passes the rules (400): this check is skipped.
    await ctx.db
      .update(m)
      .set({ nextCheck: nextCheckAfter(entity.nextCheck, entity.frequency, now) })
      .where(stillDue(entity));
    return { kind: "skipped" };
  }
}

/** Matches the current versions no process has matched yet (list-updates.ts); answers the entities made due. */
export async function matchListUpdates(db: Db, clock: Clock): Promise<number> {
  let flagged = 0;
  for (const versionId of await unmatchedVersions(db)) flagged += (await matchListUpdate(db, versionId, clock))?.flagged.length ?? 0;
  return flagged;
}

/**
 * One scan: matches new list versions (their newly matching entities become due), records checks whose search ended, then claims every due check (DUE_PER_PASS at a time, until none is
 * left), but none of a suspended organisation's. Safe to run in many processes at once.
 */
export async function runDueChecks(ctx: MonitoringContext, options: RecordOptions = {}): Promise<ScanOutcome> {
  const clock = ctx.clock ?? systemClock;
  const listUpdateFlagged = await matchListUpdates(ctx.db, clock);
  const recorded = await recordEndedChecks(ctx.db, { clock, queue: ctx.queue, ...options });
  const outcome: ScanOutcome = { listUpdateFlagged, started: 0, waitingForCredits: 0, recorded, searchIds: [] };
  const now = clock.now();
  let after: { nextCheck: Date; dueKey: string; id: string } | undefined;
  for (;;) {
    const due = (await ctx.db
      .select({
        id: m.id,
        userId: m.userId,
        searchTerm: m.searchTerm,
        entityType: m.entityType,
        country: m.country,
        details: m.details,
        customerRef: m.customerRef,
        frequency: m.frequency,
        nextCheck: m.nextCheck,
        dueKey: sql<string>`to_char(${m.nextCheck} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      })
      .from(m)
      .where(
        and(
          eq(m.status, "active"),
          lte(m.nextCheck, now),
          organisationActive,
          after ? sql`(${m.nextCheck}, ${m.id}) > (${after.dueKey}::timestamptz, ${after.id}::uuid)` : undefined,
        ),
      )
      .orderBy(asc(m.nextCheck), asc(m.id))
      .limit(DUE_PER_PASS)) as DueEntity[];
    for (let i = 0; i < due.length; i += CLAIMS_AT_ONCE) {
      const claims = await Promise.all(due.slice(i, i + CLAIMS_AT_ONCE).map((entity) => claimCheck(ctx, entity, now)));
      for (const claim of claims) {
        if (claim.kind === "started") {
          outcome.started++;
          outcome.searchIds.push(claim.searchId);
        } else if (claim.kind === "credits") outcome.waitingForCredits++;
      }
    }
    if (due.length < DUE_PER_PASS) break;
    const last = due[due.length - 1];
    after = { nextCheck: last.nextCheck, dueKey: last.dueKey, id: last.id };
  }
  if (outcome.started > 0) ctx.queue.wake(SEARCH_QUEUE);
  return outcome;
}
