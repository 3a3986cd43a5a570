/**
 * What runs monitoring in a process: a scan of due checks every `scanSeconds` (never two at once in one process;
 * many processes are safe, each check is claimed once), a scan at once when a list has a new version to react to
 * (looked for every 10 s), and the recording of a check as soon as this process's worker ends its search.
 */
import type { Db } from "../../data/db.ts";
import type { Clock } from "../clock.ts";
import { startPeriodicTask } from "../jobs/periodic-task.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { searchesEnded } from "../screening/events.ts";
import { type RecordOptions, recordChecksOfSearch } from "./check-result.ts";
import { runDueChecks, type ScanOutcome } from "./due-checks.ts";
import { unmatchedVersions } from "./list-updates.ts";

/** How often a process looks for a new list version to react to (a scan follows at once when there is one). */
const LIST_POLL_SECONDS = 10;

export interface MonitoringScheduler {
  /** One scan now (or the running one's end). */
  scan(): Promise<ScanOutcome | null>;
  stop(): Promise<void>;
}

export function startMonitoringScheduler(
  ctx: { db: Db; queue: JobQueue; clock?: Clock },
  options: { scanSeconds: number; log?: (message: string, error: unknown) => void },
): MonitoringScheduler {
  const log = options.log ?? ((message, error) => console.error(`[duecheck] ${message}`, error));
  const record: RecordOptions = { clock: ctx.clock, queue: ctx.queue };
  const scans = startPeriodicTask({ name: "monitoring scan", seconds: options.scanSeconds, run: () => runDueChecks(ctx, record), log });
  const unsubscribe = searchesEnded.subscribe(({ searchIds }) => {
    for (const searchId of searchIds) {
      recordChecksOfSearch(ctx.db, searchId, record).catch((error) => log("recording a monitoring check failed:", error));
    }
  });
  const listPoll =
    options.scanSeconds > 0
      ? setInterval(() => {
          if (scans.busy()) return;
          unmatchedVersions(ctx.db)
            .then((versions) => (versions.length > 0 ? scans.tick() : null))
            .catch((error) => log("looking for list updates failed:", error));
        }, Math.min(LIST_POLL_SECONDS, options.scanSeconds) * 1000)
      : null;
  return {
    scan: scans.tick,
    async stop() {
      if (listPoll) clearInterval(listPoll);
      unsubscribe();
      await scans.stop();
    },
  };
}
