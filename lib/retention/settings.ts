/**
 * The purge's process settings: DUECHECK_PURGE_CHECK_SECONDS (default 600; 0 turns the scheduler off in this
 * process), how often a server process looks whether the day's purge is due; DUECHECK_PURGE_BATCH_SIZE (default
 * 500), the searches removed per transaction.
 */
import { z } from "zod";
import { PURGE_BATCH_SIZE } from "./purge.ts";

const number = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`);

function read(env: Record<string, string | undefined>, name: string, fallback: number, min: number, max: number): number {
  const value = env[name];
  if (value === undefined || value.trim() === "") return fallback;
  const parsed = number(name, min, max).safeParse(value);
  if (!parsed.success) throw new Error(`Configuration error: ${parsed.error.issues[0].message}`);
  return parsed.data;
}

export const purgeCheckSeconds = (env: Record<string, string | undefined> = process.env) => read(env, "DUECHECK_PURGE_CHECK_SECONDS", 600, 0, 86_400);
export const purgeBatchSize = (env: Record<string, string | undefined> = process.env) => read(env, "DUECHECK_PURGE_BATCH_SIZE", PURGE_BATCH_SIZE, 1, 10_000);
