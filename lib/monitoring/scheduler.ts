/**
 * What runs monitoring in a process: a scan of due checks every `scanSeconds` (never two at once in one process;
 * many processes are safe, each check is claimed once), a scan at once when a list has a new version to react to
 * (looked for every 10 s), and the recording of a check as soon as this process's worker ends its search.
 */
import type { Db } from "../../data/db.ts";
import type { Clock } from "../clock.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { onSearchEnded } from "../screening/search-wait.ts";
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
  let running: Promise<ScanOutcome | null> | null = null;
  const scan = () => {
    running ??= runDueChecks(ctx, record)
      .catch((error) => {
        log("monitoring scan failed:", error);
        return null;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const unsubscribe = onSearchEnded((searchId) => {
    recordChecksOfSearch(ctx.db, searchId, record).catch((error) => log("recording a monitoring check failed:", error));
  });
  const timer = options.scanSeconds > 0 ? setInterval(scan, options.scanSeconds * 1000) : null;
  const listPoll =
    options.scanSeconds > 0
      ? setInterval(() => {
          if (running) return;
          unmatchedVersions(ctx.db)
            .then((versions) => (versions.length > 0 ? scan() : null))
            .catch((error) => log("looking for list updates failed:", error));
        }, Math.min(LIST_POLL_SECONDS, options.scanSeconds) * 1000)
      : null;
  if (options.scanSeconds > 0) void scan();
  return {
    scan,
    async stop() {
      if (timer) clearInterval(timer);
      if (listPoll) clearInterval(listPoll);
      unsubscribe();
      await running;
    },
  };
}
