import type { Database } from "../../data/db.ts";
import { systemClock } from "../../lib/clock.ts";
import { type DailyReportScheduler, startDailyReportScheduler } from "../../lib/reports/daily/scheduler.ts";
import { reportCheckSeconds, reportTimeZone } from "../../lib/reports/daily/settings.ts";

/**
 * The daily reports' scheduler in a server process (web-only ones too: every report is claimed once, and the work is
 * a few SQL aggregates). DUECHECK_REPORT_CHECK_SECONDS=0 turns it off here.
 */
export function startDailyReportService(database: Database, settings: DailyReportSettings): DailyReportScheduler {
  return startDailyReportScheduler({ db: database.db, clock: systemClock, timeZone: settings.timeZone }, { checkSeconds: settings.checkSeconds });
}

export interface DailyReportSettings {
  timeZone: string;
  checkSeconds: number;
}

/** Read (and checked) before the server opens its database, so a bad value stops the start before any work. */
export function dailyReportSettings(): DailyReportSettings {
  return { timeZone: reportTimeZone(), checkSeconds: reportCheckSeconds() };
}
