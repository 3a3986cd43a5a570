import type { Database } from "../../data/db.ts";
import { systemClock } from "../../lib/clock.ts";
import { startDailyReportScheduler, type DailyReportScheduler } from "../../lib/reports/daily/scheduler.ts";
import { reportCheckSeconds, reportTimeZone } from "../../lib/reports/daily/settings.ts";

/**
 * The daily reports' scheduler in a server process (web-only ones too: every report is claimed once, and the work is
 * a few SQL aggregates). DUECHECK_REPORT_CHECK_SECONDS=0 turns it off here.
 */
export function startDailyReportService(database: Database): DailyReportScheduler {
  return startDailyReportScheduler({ db: database.db, clock: systemClock, timeZone: reportTimeZone() }, { checkSeconds: reportCheckSeconds() });
}
