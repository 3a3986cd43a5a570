/**
 * The daily reports' scheduler in a server process: every `checkSeconds` (and once at start, which catches up a run
 * missed while no server was up) it looks at the latest day whose reports are due — yesterday once it is 01:00 in the
 * report timezone, else the day before — and runs that day unless its organisation report was made after the day
 * ended. Every process may run it: each report is claimed once (scheduled.ts).
 */
import type { Db } from "../../../data/db.ts";
import type { Clock } from "../../clock.ts";
import { startPeriodicTask } from "../../jobs/periodic-task.ts";
import { dayIsDone, runScheduledDay, type ScheduledOutcome } from "./scheduled.ts";
import { dayBefore, zonedParts } from "./settings.ts";

const RUN_HOUR = 1;

export interface DailyReportScheduler {
  /** One check now (or the running one's end): the outcome when this process ran the day, else null. */
  tick(): Promise<ScheduledOutcome | null>;
  stop(): Promise<void>;
}

/** The latest day whose reports are due at `now`. */
export function dueDay(now: Date, timeZone: string): string {
  const { day, hour } = zonedParts(now, timeZone);
  return hour >= RUN_HOUR ? dayBefore(day) : dayBefore(dayBefore(day));
}

export function startDailyReportScheduler(
  ctx: { db: Db; clock: Clock; timeZone: string },
  options: { checkSeconds: number; log?: (message: string, error: unknown) => void },
): DailyReportScheduler {
  const log = options.log ?? ((message, error) => console.error(`[duecheck] ${message}`, error));
  const check = async (): Promise<ScheduledOutcome | null> => {
    const now = ctx.clock.now();
    const date = dueDay(now, ctx.timeZone);
    if (await dayIsDone(ctx.db, date, ctx.timeZone)) return null;
    const outcome = await runScheduledDay(ctx.db, date, ctx.timeZone, now, log);
    return outcome.generated + outcome.failed > 0 ? outcome : null;
  };
  return startPeriodicTask({ name: "daily reports check", seconds: options.checkSeconds, run: check, log });
}
