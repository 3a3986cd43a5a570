import type { MiddlewareHandler } from "hono";
import { isOriginAllowed } from "../../lib/embed/origins.ts";
import type { AppEnv } from "../context.ts";

const ALLOWED_METHODS = "GET, POST, PUT, DELETE";
const ALLOWED_HEADERS = "Authorization, Content-Type";
/** What the embedded components may read of an answer besides the simple headers. */
const EXPOSED_HEADERS = "RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, RateLimit-Policy, Retry-After, Content-Disposition";
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * CORS for /api/v1 and embed tokens (never for the cookie API under /api, which has no such middleware). Never "*",
 * never credentials, always `Vary: Origin`.
 *
 * - A preflight carries no token, so it is granted when the Origin is allowed by any account; the actual request then
 *   decides with its token: publicApiAuth refuses (403, no grant) an embed token from an Origin its owner does not list.
 * - An actual request is granted when an embed token authenticated it (its owner lists the Origin), so the component
 *   reads every answer of its calls (404, 402, 429...), and when it was refused 401 without any credential accepted
 *   (an expired token) from an Origin some account allows, so the component can say why. A call with an API key, which
 *   never belongs in a browser, is never granted.
 */
export const embedCors: MiddlewareHandler<AppEnv> = async (c, next) => {
  const origin = c.req.header("origin");
  if (origin === undefined) {
    // A cache must not hand an answer made for no Origin (or another one) to a browser: every answer varies by Origin.
    await next();
    c.res.headers.append("Vary", "Origin");
    return;
  }
  const { db } = c.get("ctx").database;
  if (c.req.method === "OPTIONS" && c.req.header("access-control-request-method")) {
    const headers = new Headers({ Vary: "Origin" });
    if (await isOriginAllowed(db, origin, null)) {
      headers.set("Access-Control-Allow-Origin", origin);
      headers.set("Access-Control-Allow-Methods", ALLOWED_METHODS);
      headers.set("Access-Control-Allow-Headers", ALLOWED_HEADERS);
      headers.set("Access-Control-Max-Age", String(PREFLIGHT_MAX_AGE_SECONDS));
    }
    return c.body(null, 204, Object.fromEntries(headers));
  }
  await next();
  c.res.headers.append("Vary", "Origin");
  const grant = c.get("embedToken") !== undefined || (c.res.status === 401 && !c.get("user") && (await isOriginAllowed(db, origin, null)));
  if (grant) {
    c.res.headers.set("Access-Control-Allow-Origin", origin);
    c.res.headers.set("Access-Control-Expose-Headers", EXPOSED_HEADERS);
  }
};
