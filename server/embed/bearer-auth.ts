import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { isOriginAllowed } from "../../lib/embed/origins.ts";
import type { EmbedScope } from "../../lib/embed/schemas.ts";
import { isEmbedToken, verifyEmbedToken } from "../../lib/embed/tokens.ts";
import { AppError } from "../../lib/errors.ts";
import { countingBearerFailures } from "../../lib/ratelimit/address-throttles.ts";
import type { AppEnv } from "../context.ts";
import { isOwnOrigin } from "../middleware/same-origin.ts";
import { refuseReadOnlyWrites } from "../middleware/session.ts";
import { apiKeyAuth, consumeQuota } from "../public-api/api-key-auth.ts";

/**
 * The public API calls an embed token may make, with the scope each needs (as the router names them). Every other
 * /api/v1 call (embed-token creation, batches, anything added later) needs an API key: default deny.
 */
export const EMBED_TOKEN_ROUTES: Readonly<Record<string, EmbedScope>> = {
  "POST /api/v1/search": "screening",
  "GET /api/v1/search/:searchId": "screening",
  "GET /api/v1/search/:searchId/export/:format": "screening",
  "GET /api/v1/sanctions/search": "screening",
  "POST /api/v1/batch": "screening",
  "GET /api/v1/batch/:batchId": "screening",
  "GET /api/v1/monitoring/entities": "screening",
  "POST /api/v1/monitoring/entities": "screening",
  "PUT /api/v1/monitoring/entities/:entityId/status": "screening",
  "DELETE /api/v1/monitoring/entities/:entityId": "screening",
  "POST /api/v1/search/:searchId/decisions": "decisions",
};

function scopeOfRoute(c: Context<AppEnv>): EmbedScope | null {
  for (const route of matchedRoutes(c)) {
    const scope = EMBED_TOKEN_ROUTES[`${route.method} ${route.path}`];
    if (scope) return scope;
  }
  return null;
}

/**
 * `Authorization: Bearer <API key or embed token>` for /api/v1. A key: as before (apiKeyAuth). An embed token
 * (dce_...): 401 when unknown, expired or of a deactivated owner; 403 without the route's scope, on a route embed
 * tokens may not call, and when the browser's Origin is neither this server nor one the token's owner allows.
 * Then the owner is the user of the request (charged as with the key) and the call counts against the key's limits.
 */
export const publicApiAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
  if (!bearer || !isEmbedToken(bearer)) return apiKeyAuth(c, next);
  const { db } = c.get("ctx").database;
  const scope = scopeOfRoute(c);
  const token = await countingBearerFailures(db, c.get("clientIp"), () => verifyEmbedToken(db, bearer, scope));
  if (!scope)
    throw new AppError(
      403,
      "An embed token can only make the embedded components' calls (searches, exports, the list search, batches, monitoring); this call needs an API key",
    );
  const origin = c.req.header("origin");
  if (origin !== undefined && !isOwnOrigin(c, origin) && !(await isOriginAllowed(db, origin, token.user.id))) {
    throw new AppError(403, "Calls from this origin are not allowed with this account's embed tokens: add the origin under API Access, Embedding");
  }
  c.set("user", token.user);
  c.set("embedToken", token);
  // The route's scope is checked on the key the token came from too (server/public-api/serve.ts).
  c.set("apiKeyScopes", token.keyScopes);
  refuseReadOnlyWrites(c);
  await consumeQuota(c, token.apiKeyId);
  await next();
};
