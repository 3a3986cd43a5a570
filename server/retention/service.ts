import type { Database } from "../../data/db.ts";
import { systemClock } from "../../lib/clock.ts";
import { type RetentionScheduler, startRetentionScheduler } from "../../lib/retention/scheduler.ts";
import { purgeBatchSize, purgeCheckSeconds } from "../../lib/retention/settings.ts";

/** The daily retention purge in a server process (one process runs a day's). DUECHECK_PURGE_CHECK_SECONDS=0 turns it off here. */
export function startRetentionService(database: Database, settings: RetentionSettings): RetentionScheduler {
  return startRetentionScheduler({ db: database.db, clock: systemClock }, settings);
}

export interface RetentionSettings {
  checkSeconds: number;
  batchSize: number;
}

/** Read (and checked) before the server opens its database, so a bad value stops the start before any work. */
export function retentionSettings(): RetentionSettings {
  return { checkSeconds: purgeCheckSeconds(), batchSize: purgeBatchSize() };
}
