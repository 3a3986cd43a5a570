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

/**
 * Bearer API key (failures limited per address): the key's owner becomes the user of the request with the key's scopes
 * (each route checks its own, server/public-api/serve.ts), and the call counts against the key's limits.
 */
export const apiKeyAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { db } = c.get("ctx").database;
  const ipAddress = c.get("clientIp");
  const { keyId, user, scopes } = await countingBearerFailures(db, ipAddress, () => authenticateApiKey(db, c.req.header("authorization"), { ipAddress }));
  await consumeQuota(c, keyId);
  c.set("user", user);
  c.set("apiKeyId", keyId);
  c.set("apiKeyScopes", scopes);
  // A key made before its owner became an auditor reads, and screens nothing.
  refuseReadOnlyWrites(c);
  await next();
};
