import type { Context, MiddlewareHandler } from "hono";
import { AppError } from "../../lib/errors.ts";
import type { AppEnv } from "../context.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether a browser's Origin is the app's own: DUECHECK_PUBLIC_URL's origin when set, else the origin the request
 * was addressed to. Scheme, host and port all count, as they do for the browser: a page on http:// or on another
 * port is another site, and could read nothing of this one's.
 */
export function isOwnOrigin(c: Context<AppEnv>, origin: string): boolean {
  const { publicUrl } = c.get("ctx").config;
  const own = publicUrl ? new URL(publicUrl).origin : c.get("requestOrigin");
  try {
    return origin !== "null" && new URL(origin).origin === own;
  } catch {
    return false;
  }
}

/**
 * CSRF defence for cookie-authenticated calls: a state-changing request must come from this origin.
 * Browsers send Origin (and Sec-Fetch-Site) on such requests; a request without either is not a
 * cross-site browser request (curl, the CLI) and is let through. Bearer-token API calls carry no cookie.
 */
export const sameOriginOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!SAFE_METHODS.has(c.req.method)) {
    const origin = c.req.header("origin");
    if (origin !== undefined) {
      if (!isOwnOrigin(c, origin)) throw new AppError(403, "Cross-origin request refused");
    } else {
      const site = c.req.header("sec-fetch-site");
      if (site && site !== "same-origin" && site !== "none") throw new AppError(403, "Cross-origin request refused");
    }
  }
  await next();
};
