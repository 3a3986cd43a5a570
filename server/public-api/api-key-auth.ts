import type { Context, MiddlewareHandler } from "hono";
import { authenticateApiKey } from "../../lib/auth/api-keys.ts";
import { countingBearerFailures } from "../../lib/ratelimit/address-throttles.ts";
import { consumeApiKeyQuota, RateLimitExceededError, type RateLimitState } from "../../lib/ratelimit/api-key-limits.ts";
import type { AppEnv } from "../context.ts";
import { refuseReadOnlyWrites } from "../middleware/session.ts";

function setRateLimitHeaders(headers: { header(name: string, value: string): void }, state: RateLimitState) {
  headers.header("RateLimit-Limit", String(state.limit));
  headers.header("RateLimit-Remaining", String(state.remaining));
  headers.header("RateLimit-Reset", String(state.resetSeconds));
  headers.header("RateLimit-Policy", state.policy);
}

/** Counts the call against the key's limits (an embed token's calls count against the key it came from). */
export async function consumeQuota(c: Context<AppEnv>, keyId: string) {
  try {
    setRateLimitHeaders(c, await consumeApiKeyQuota(c.get("ctx").database.db, keyId));
  } catch (error) {
    if (error instanceof RateLimitExceededError) setRateLimitHeaders(c, error.state);
    throw error;
  }
}

/** Bearer API key (failures limited per address): the key's owner becomes the user of the request, and the call counts against the key's limits. */
export const apiKeyAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { db } = c.get("ctx").database;
  const { keyId, user } = await countingBearerFailures(db, c.get("clientIp"), () => authenticateApiKey(db, c.req.header("authorization")));
  await consumeQuota(c, keyId);
  c.set("user", user);
  c.set("apiKeyId", keyId);
  // A key made before its owner became an auditor reads, and screens nothing.
  refuseReadOnlyWrites(c);
  await next();
};
