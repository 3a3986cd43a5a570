import type { MiddlewareHandler } from "hono";
import { AppError } from "../../lib/errors.ts";
import type { AppEnv } from "../context.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF defence for cookie-authenticated calls: a state-changing request must come from this origin.
 * Browsers send Origin (and Sec-Fetch-Site) on such requests; a request without either is not a
 * cross-site browser request (curl, the CLI) and is let through. Bearer-token API calls carry no cookie.
 */
export const sameOriginOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!SAFE_METHODS.has(c.req.method)) {
    const origin = c.req.header("origin");
    const host = c.req.header("x-forwarded-host") && c.get("ctx").config.trustProxy ? c.req.header("x-forwarded-host") : c.req.header("host");
    if (origin !== undefined) {
      let originHost: string | null = null;
      try {
        originHost = origin === "null" ? null : new URL(origin).host;
      } catch {
        originHost = null;
      }
      if (!originHost || originHost !== host) throw new AppError(403, "Cross-origin request refused");
    } else {
      const site = c.req.header("sec-fetch-site");
      if (site && site !== "same-origin" && site !== "none") throw new AppError(403, "Cross-origin request refused");
    }
  }
  await next();
};
