/**
 * The daily reports' settings: DUECHECK_REPORT_TIMEZONE (an IANA name, default UTC), the zone whose calendar days the
 * reports cover and whose 01:00 starts the scheduled run; DUECHECK_REPORT_CHECK_SECONDS (default 60; 0 turns the
 * scheduler off in this process), how often a server process looks whether a day's reports are due.
 */
import { z } from "zod";

export function reportTimeZone(env: Record<string, string | undefined> = process.env): string {
  const value = env.DUECHECK_REPORT_TIMEZONE?.trim();
  if (!value) return "UTC";
  if (!isTimeZone(value)) throw new Error(`Configuration error: DUECHECK_REPORT_TIMEZONE must be an IANA time zone such as Europe/Berlin (got "${value}")`);
  return value;
}

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(name);
  } catch {
    return false;
  }
}

const checkSeconds = z.coerce
  .number({ error: "DUECHECK_REPORT_CHECK_SECONDS must be a number" })
  .min(0, "DUECHECK_REPORT_CHECK_SECONDS must be at least 0")
  .max(3600, "DUECHECK_REPORT_CHECK_SECONDS must be at most 3600");

export function reportCheckSeconds(env: Record<string, string | undefined> = process.env): number {
  const value = env.DUECHECK_REPORT_CHECK_SECONDS;
  if (value === undefined || value.trim() === "") return 60;
  const parsed = checkSeconds.safeParse(value);
  if (!parsed.success) throw new Error(`Configuration error: ${parsed.error.issues[0].message}`);
  return parsed.data;
}

/** The calendar day (yyyy-MM-dd) and hour of a moment in the zone. */
export function zonedParts(moment: Date, timeZone: string): { day: string; hour: number } {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    hourCycle: "h23",
  }).formatToParts(moment);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return { day: `${get("year")}-${get("month")}-${get("day")}`, hour: Number(get("hour")) };
}

/** The day before a yyyy-MM-dd day. */
export function dayBefore(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}
