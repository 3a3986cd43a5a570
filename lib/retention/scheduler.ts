/**
 * The daily retention purge in a server process: every `checkSeconds` (and once at start) it claims the day's run
 * (UTC day of the clock) and purges. One process runs a day: the claim is a row of retention_purges; a run whose
 * process died (no heartbeat for STALE_MS: every batch beats) is claimed again by the next check anywhere and finished.
 */
import { sql } from "drizzle-orm";
import { type Db, schema } from "../../data/db.ts";
import type { Clock } from "../clock.ts";
import { startPeriodicTask } from "../jobs/periodic-task.ts";
import type { PurgeOutcome } from "./contract.ts";
import { purgeExpiredRecords } from "./purge.ts";

const STALE_MS = 2 * 60_000;

export interface RetentionScheduler {
  /** One check now (or the running one's end): the outcome when this process purged, else null. */
  tick(): Promise<PurgeOutcome | null>;
  stop(): Promise<void>;
}

/** Claims the day's run: true when this process is to run it (not claimed yet, or claimed by a process that died). */
async function claimDay(db: Db, day: string): Promise<boolean> {
  const p = schema.retentionPurges;
  const claimed = await db
    .insert(p)
    .values({ day })
    .onConflictDoUpdate({
      target: p.day,
      set: { heartbeatAt: sql`now()` },
      setWhere: sql`${p.finishedAt} is null and ${p.heartbeatAt} < now() - ${`${STALE_MS} milliseconds`}::interval`,
    })
    .returning({ day: p.day });
  return claimed.length > 0;
}

/** Runs the day's purge if this process claims it; the counts are added up over the processes that worked on it. */
export async function runScheduledPurge(db: Db, now: Date, options: { batchSize?: number } = {}): Promise<PurgeOutcome | null> {
  const day = now.toISOString().slice(0, 10);
  if (!(await claimDay(db, day))) return null;
  const p = schema.retentionPurges;
  const beat = sql`update ${p} set heartbeat_at = now() where day = ${day}`;
  const outcome = await purgeExpiredRecords(db, { now, batchSize: options.batchSize, inBatch: async (tx) => void (await tx.execute(beat)) });
  await db.execute(sql`update ${p} set finished_at = now(), heartbeat_at = now(),
    searches_purged = searches_purged + ${outcome.searchesPurged}, versions_purged = versions_purged + ${outcome.versionsPurged},
    held_skipped = ${outcome.heldSkipped} where day = ${day}`);
  return outcome;
}

export function startRetentionScheduler(
  ctx: { db: Db; clock: Clock },
  options: { checkSeconds: number; batchSize?: number; log?: (message: string, error: unknown) => void },
): RetentionScheduler {
  return startPeriodicTask({
    name: "retention purge",
    seconds: options.checkSeconds,
    run: () => runScheduledPurge(ctx.db, ctx.clock.now(), { batchSize: options.batchSize }),
    log: options.log,
  });
}
