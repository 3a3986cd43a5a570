import type { Database } from "../../data/db.ts";
import { systemClock } from "../../lib/clock.ts";
import { type MonitoringScheduler, startMonitoringScheduler } from "../../lib/monitoring/scheduler.ts";
import { monitoringScanSeconds } from "../../lib/monitoring/settings.ts";
import type { ScreeningService } from "../screening/service.ts";

/**
 * Monitoring in a server process: the due-check scan every DUECHECK_MONITORING_SCAN_SECONDS on the screening
 * service's queue, and checks recorded as this process's workers end their searches.
 */
export function startMonitoringService(database: Database, screening: ScreeningService): MonitoringScheduler {
  return startMonitoringScheduler({ db: database.db, queue: screening.queue, clock: systemClock }, { scanSeconds: monitoringScanSeconds() });
}
