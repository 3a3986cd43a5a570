/**
 * How jobs are run, from the environment:
 *   DUECHECK_JOB_CONCURRENCY          jobs one process runs at once (default 4; 0: a server that runs no jobs)
 *   DUECHECK_JOB_POLL_SECONDS         how often an idle process looks for queued jobs (default 2, at least 0.5)
 *   DUECHECK_JOB_EXPIRE_SECONDS       lease of a running job (default 30): renewed every third of it while the job runs,
 *                                     so a job whose process died is expired and retried once its lease runs out
 *   DUECHECK_JOB_MAINTENANCE_SECONDS  how often (shared by all processes) leases are checked (default 10)
 *   DUECHECK_JOB_RETRY_LIMIT          retries after the first attempt (default 3)
 *   DUECHECK_JOB_RETRY_DELAY_SECONDS  pause before a retry (default 5)
 *   DUECHECK_JOB_STOP_SECONDS         at shutdown, how long running jobs may finish before they are handed back (default 15)
 */
import { z } from "zod";

export interface JobSettings {
  concurrency: number;
  pollSeconds: number;
  expireSeconds: number;
  maintenanceSeconds: number;
  retryLimit: number;
  retryDelaySeconds: number;
  stopSeconds: number;
}

export const DEFAULT_JOB_SETTINGS: JobSettings = {
  concurrency: 4,
  pollSeconds: 2,
  expireSeconds: 30,
  maintenanceSeconds: 10,
  retryLimit: 3,
  retryDelaySeconds: 5,
  stopSeconds: 15,
};

const number = (name: string, min: number, max: number, integer = true) => {
  const base = z.coerce
    .number({ error: `${name} must be a number` })
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`);
  return (integer ? base.int(`${name} must be a whole number`) : base).optional();
};

const envSchema = z.object({
  DUECHECK_JOB_CONCURRENCY: number("DUECHECK_JOB_CONCURRENCY", 0, 64),
  DUECHECK_JOB_POLL_SECONDS: number("DUECHECK_JOB_POLL_SECONDS", 0.5, 600, false),
  DUECHECK_JOB_EXPIRE_SECONDS: number("DUECHECK_JOB_EXPIRE_SECONDS", 3, 3600),
  DUECHECK_JOB_MAINTENANCE_SECONDS: number("DUECHECK_JOB_MAINTENANCE_SECONDS", 1, 3600),
  DUECHECK_JOB_RETRY_LIMIT: number("DUECHECK_JOB_RETRY_LIMIT", 0, 100),
  DUECHECK_JOB_RETRY_DELAY_SECONDS: number("DUECHECK_JOB_RETRY_DELAY_SECONDS", 0, 3600),
  DUECHECK_JOB_STOP_SECONDS: number("DUECHECK_JOB_STOP_SECONDS", 0, 3600),
});

export function loadJobSettings(env: Record<string, string | undefined> = process.env): JobSettings {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([k, v]) => k in envSchema.shape && v !== undefined && v.trim() !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) throw new Error(`Configuration error: ${parsed.error.issues.map((i) => i.message).join("; ")}`);
  const e = parsed.data;
  const d = DEFAULT_JOB_SETTINGS;
  return {
    concurrency: e.DUECHECK_JOB_CONCURRENCY ?? d.concurrency,
    pollSeconds: e.DUECHECK_JOB_POLL_SECONDS ?? d.pollSeconds,
    expireSeconds: e.DUECHECK_JOB_EXPIRE_SECONDS ?? d.expireSeconds,
    maintenanceSeconds: e.DUECHECK_JOB_MAINTENANCE_SECONDS ?? d.maintenanceSeconds,
    retryLimit: e.DUECHECK_JOB_RETRY_LIMIT ?? d.retryLimit,
    retryDelaySeconds: e.DUECHECK_JOB_RETRY_DELAY_SECONDS ?? d.retryDelaySeconds,
    stopSeconds: e.DUECHECK_JOB_STOP_SECONDS ?? d.stopSeconds,
  };
}
