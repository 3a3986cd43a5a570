/**
 * The morning digest's scheduler in a server process, as the daily reports' (lib/reports/daily/scheduler.ts): every
 * `checkSeconds`, and once at start (catching up a morning missed while no server was up), it runs the day's digest
 * if it is due and not done (digest.ts). Every process may run it: each member's digest is claimed once. The clock is
 * injected, so tests move time to the morning.
 */
import type { Db } from "../../data/db.ts";
import type { Clock } from "../clock.ts";
import { type PeriodicTask, startPeriodicTask } from "../jobs/periodic-task.ts";
import { type DigestOutcome, runMorningDigest } from "./digest.ts";
import type { DigestSettings } from "./settings.ts";

export type DigestScheduler = PeriodicTask<DigestOutcome>;

export function startDigestScheduler(
  ctx: { db: Db; clock: Clock; settings: Pick<DigestSettings, "hour" | "timeZone"> },
  options: { checkSeconds: number; log?: (message: string, error: unknown) => void },
): DigestScheduler {
  return startPeriodicTask({
    name: "overdue cases digest",
    seconds: options.checkSeconds,
    run: () => runMorningDigest(ctx.db, ctx.clock.now(), ctx.settings),
    log: options.log,
  });
}
