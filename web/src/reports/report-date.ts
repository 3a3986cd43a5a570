import { reportDate } from "../../../lib/reports/daily/schemas.ts";

/** ?date= of /reports: a real day as yyyy-MM-dd; anything else means the default day. */
export function validateReportsSearch(search: Record<string, unknown>): { date?: string } {
  const parsed = reportDate.safeParse(search.date);
  return parsed.success ? { date: parsed.data } : {};
}

/** A calendar day of the browser's clock as yyyy-MM-dd. */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The default report day: yesterday, on the browser's calendar. */
export function yesterday(now = new Date()): string {
  const day = new Date(now);
  day.setDate(day.getDate() - 1);
  return localDay(day);
}
