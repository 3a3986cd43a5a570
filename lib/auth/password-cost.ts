/**
 * The argon2id cost of new password hashes, from the environment:
 *   DUECHECK_PASSWORD_MEMORY_KIB  memory one hash fills, in KiB (default 65536: 64 MiB)
 *   DUECHECK_PASSWORD_TIME_COST   passes over that memory (default 2)
 *
 * Every stored hash names its own cost ($argon2id$v=19$m=…,t=…), so hashes made before a change keep verifying.
 * The cost may be lowered, for a host with little memory per sign-in, but never below OWASP's floor for argon2id: at
 * least 7 MiB, and memory × passes at least that of its cheapest recommended pair (7 MiB, 5 passes). Below it a
 * leaked hash is too cheap to guess at, so such a setting stops the process instead.
 */
import { z } from "zod";

export interface PasswordCost {
  memoryKib: number;
  timeCost: number;
}

export const DEFAULT_PASSWORD_COST: PasswordCost = { memoryKib: 65_536, timeCost: 2 };
const FLOOR_MEMORY_KIB = 7 * 1024;
const FLOOR_WORK = FLOOR_MEMORY_KIB * 5;

const whole = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`)
    .optional();

const envSchema = z
  .object({
    DUECHECK_PASSWORD_MEMORY_KIB: whole("DUECHECK_PASSWORD_MEMORY_KIB", FLOOR_MEMORY_KIB, 4 * 1024 * 1024),
    DUECHECK_PASSWORD_TIME_COST: whole("DUECHECK_PASSWORD_TIME_COST", 1, 100),
  })
  .transform((e) => ({
    memoryKib: e.DUECHECK_PASSWORD_MEMORY_KIB ?? DEFAULT_PASSWORD_COST.memoryKib,
    timeCost: e.DUECHECK_PASSWORD_TIME_COST ?? DEFAULT_PASSWORD_COST.timeCost,
  }))
  .refine((cost) => cost.memoryKib * cost.timeCost >= FLOOR_WORK, {
    message: `DUECHECK_PASSWORD_MEMORY_KIB × DUECHECK_PASSWORD_TIME_COST must be at least ${FLOOR_WORK} (7 MiB over 5 passes)`,
  });

let cached: { key: string; cost: PasswordCost } | null = null;

/** The cost from the environment; a setting below the floor is a configuration error. */
export function loadPasswordCost(env: Record<string, string | undefined> = process.env): PasswordCost {
  const raw = {
    DUECHECK_PASSWORD_MEMORY_KIB: env.DUECHECK_PASSWORD_MEMORY_KIB?.trim() || undefined,
    DUECHECK_PASSWORD_TIME_COST: env.DUECHECK_PASSWORD_TIME_COST?.trim() || undefined,
  };
  const key = `${raw.DUECHECK_PASSWORD_MEMORY_KIB}/${raw.DUECHECK_PASSWORD_TIME_COST}`;
  if (env === process.env && cached?.key === key) return cached.cost;
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`Configuration error: ${parsed.error.issues.map((i) => i.message).join("; ")}`);
  if (env === process.env) cached = { key, cost: parsed.data };
  return parsed.data;
}
