/** When an entity's next check falls due, in UTC calendar terms. */
import type { MonitoringFrequency } from "./schemas.ts";

const DAY_MS = 86_400_000;

/** The due time `steps` periods after `from`: a month keeps the day of month, or the month's last day (31 Jan -> 28 Feb). */
function addPeriods(from: Date, frequency: MonitoringFrequency, steps: number): Date {
  if (frequency === "daily") return new Date(from.getTime() + steps * DAY_MS);
  if (frequency === "weekly") return new Date(from.getTime() + steps * 7 * DAY_MS);
  const target = new Date(from);
  const day = from.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(from.getUTCMonth() + steps);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

/**
 * The next due time after a check that was due at `due` and ran at `now`: one period later, or as many periods as
 * needed to lie after `now` (an entity paused or unpaid for a week is checked once, not seven times), keeping the
 * time of day and, monthly, the day of month.
 */
export function nextCheckAfter(due: Date, frequency: MonitoringFrequency, now: Date): Date {
  let steps = 1;
  let next = addPeriods(due, frequency, steps);
  if (next <= now && frequency !== "monthly") {
    const period = frequency === "daily" ? DAY_MS : 7 * DAY_MS;
    steps = Math.floor((now.getTime() - due.getTime()) / period) + 1;
    next = addPeriods(due, frequency, steps);
  }
  while (next <= now) next = addPeriods(due, frequency, ++steps);
  return next;
}
