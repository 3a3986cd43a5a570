import type { Context } from "hono";
import type { AppEnv } from "./context.ts";

/**
 * The address links written for this request start with: DUECHECK_PUBLIC_URL when set, else the origin the request
 * came to (its Host, and behind a trusted proxy X-Forwarded-Host and -Proto), so a downloaded file's links open the
 * app the user downloaded it from.
 */
export function appBaseUrl(c: Context<AppEnv>): string {
  const { publicUrl, trustProxy } = c.get("ctx").config;
  if (publicUrl) return publicUrl;
  const url = new URL(c.req.url);
  const host = (trustProxy && c.req.header("x-forwarded-host")?.split(",")[0]?.trim()) || c.req.header("host") || url.host;
  const proto = (trustProxy && c.req.header("x-forwarded-proto")?.split(",")[0]?.trim()) || url.protocol.replace(":", "");
  return `${proto}://${host}`;
}
