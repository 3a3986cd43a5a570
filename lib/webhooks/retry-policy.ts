/**
 * When a failed delivery is tried again: 30 s after the first failure, then twice as long each time (1, 2, 4 ...
 * minutes) up to an hour between attempts, for 24 hours after the event; then the delivery is failed. Tests pass
 * shorter delays and an injected clock.
 */
import { type Clock, systemClock } from "../clock.ts";

export interface RetryPolicy {
  clock: Clock;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  windowSeconds: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  clock: systemClock,
  firstDelaySeconds: 30,
  maxDelaySeconds: 3600,
  windowSeconds: 24 * 3600,
};

/** Seconds to wait after failed attempt number `attempt` (1 for the first). */
export function retryDelaySeconds(policy: RetryPolicy, attempt: number): number {
  return Math.min(policy.firstDelaySeconds * 2 ** (attempt - 1), policy.maxDelaySeconds);
}
