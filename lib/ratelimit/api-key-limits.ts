import type { DbOrTx } from "../../data/db.ts";
import { AppError } from "../errors.ts";
import { hit, secondsUntilReset, type Window } from "./fixed-window.ts";

/** Public API calls allowed per key: 100 a minute, 1,000 an hour, 10,000 a day. */
export const API_KEY_LIMITS = [
  { name: "minute", windowSeconds: 60, limit: 100 },
  { name: "hour", windowSeconds: 3600, limit: 1000 },
  { name: "day", windowSeconds: 86_400, limit: 10_000 },
] as const;

export interface RateLimitState {
  limit: number;
  remaining: number;
  resetSeconds: number;
  /** IETF RateLimit-Policy: "100;w=60, 1000;w=3600, 10000;w=86400". */
  policy: string;
}

export class RateLimitExceededError extends AppError {
  constructor(
    readonly state: RateLimitState,
    window: string,
  ) {
    super(429, `Rate limit exceeded: at most ${state.limit} requests per ${window} for this API key`, state.resetSeconds);
  }
}

/**
 * Counts one request against every window (the counters are in Postgres, shared by all server processes)
 * and refuses it when any window is over its limit. The state returned is the tightest window's.
 */
export async function consumeApiKeyQuota(db: DbOrTx, keyId: string, now = Date.now()): Promise<RateLimitState> {
  const policy = API_KEY_LIMITS.map((l) => `${l.limit};w=${l.windowSeconds}`).join(", ");
  let tightest: RateLimitState | null = null;
  let exceeded: { state: RateLimitState; name: string } | null = null;
  for (const limit of API_KEY_LIMITS) {
    const window: Window = { key: `api-key:${keyId}:${limit.name}`, windowSeconds: limit.windowSeconds, limit: limit.limit };
    const used = await hit(db, window, now);
    const state: RateLimitState = {
      limit: limit.limit,
      remaining: Math.max(0, limit.limit - used),
      resetSeconds: secondsUntilReset(window, now),
      policy,
    };
    if (used > limit.limit && !exceeded) exceeded = { state, name: limit.name };
    if (!tightest || state.remaining < tightest.remaining) tightest = state;
  }
  if (exceeded) throw new RateLimitExceededError(exceeded.state, exceeded.name);
  return tightest!;
}
