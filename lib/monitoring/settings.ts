/**
 * DUECHECK_MONITORING_SCAN_SECONDS: how often each server process looks for due checks (default 60; 0 turns the
 * scheduler off in this process, for a web-only process or a deployment that runs `duecheck monitor run-due` from cron).
 */
import { z } from "zod";

const scanSeconds = z.coerce
  .number({ error: "DUECHECK_MONITORING_SCAN_SECONDS must be a number" })
  .int("DUECHECK_MONITORING_SCAN_SECONDS must be a whole number")
  .min(0, "DUECHECK_MONITORING_SCAN_SECONDS must be at least 0")
  .max(86_400, "DUECHECK_MONITORING_SCAN_SECONDS must be at most 86400");

export function monitoringScanSeconds(env: Record<string, string | undefined> = process.env): number {
  const value = env.DUECHECK_MONITORING_SCAN_SECONDS;
  if (value === undefined || value.trim() === "") return 60;
  const parsed = scanSeconds.safeParse(value);
  if (!parsed.success) throw new Error(`Configuration error: ${parsed.error.issues[0].message}`);
  return parsed.data;
}
