/**
 * When the morning digest of overdue cases goes out, set for the instance: DUECHECK_DIGEST_HOUR (0-23, default 7), the
 * hour of the instance's day (DUECHECK_REPORT_TIMEZONE, default UTC: the zone the daily reports already count days
 * in) from which each member's digest of the day is due; DUECHECK_DIGEST_CHECK_SECONDS (default 60; 0 turns the
 * check off in this process), how often a server process looks whether it is due. Read and checked before the server
 * opens its database, so a bad value stops the start.
 */
import { z } from "zod";
import { reportTimeZone } from "../reports/daily/settings.ts";

export const DEFAULT_DIGEST_HOUR = 7;

export interface DigestSettings {
  hour: number;
  timeZone: string;
  checkSeconds: number;
}

const hour = z.coerce
  .number({ error: "DUECHECK_DIGEST_HOUR must be a number" })
  .int("DUECHECK_DIGEST_HOUR must be a whole hour")
  .min(0, "DUECHECK_DIGEST_HOUR must be at least 0")
  .max(23, "DUECHECK_DIGEST_HOUR must be at most 23");

const checkSeconds = z.coerce
  .number({ error: "DUECHECK_DIGEST_CHECK_SECONDS must be a number" })
  .min(0, "DUECHECK_DIGEST_CHECK_SECONDS must be at least 0")
  .max(3600, "DUECHECK_DIGEST_CHECK_SECONDS must be at most 3600");

function read<T>(schema: z.ZodType<T>, value: string | undefined, fallback: T): T {
  if (value === undefined || value.trim() === "") return fallback;
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(`Configuration error: ${parsed.error.issues[0].message}`);
  return parsed.data;
}

export function digestSettings(env: Record<string, string | undefined> = process.env): DigestSettings {
  return {
    hour: read(hour, env.DUECHECK_DIGEST_HOUR, DEFAULT_DIGEST_HOUR),
    timeZone: reportTimeZone(env),
    checkSeconds: read(checkSeconds, env.DUECHECK_DIGEST_CHECK_SECONDS, 60),
  };
}
