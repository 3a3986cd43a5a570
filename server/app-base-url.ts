import type { Context } from "hono";
import type { AppEnv } from "./context.ts";

/**
 * The address links written for this request start with: DUECHECK_PUBLIC_URL when set, else the origin the request
 * came to (its Host, and from a trusted proxy X-Forwarded-Host and -Proto: server/middleware/client-info.ts), so a
 * downloaded file's links open the app the user downloaded it from. Never for a link that is mailed: that one takes
 * the public address alone (server/auth/links.ts).
 */
export function appBaseUrl(c: Context<AppEnv>): string {
  return c.get("ctx").config.publicUrl ?? c.get("requestOrigin");
}
