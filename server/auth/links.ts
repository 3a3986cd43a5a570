import type { Context } from "hono";
import { publicBaseUrl } from "../../lib/config.ts";
import { mailerFor } from "../../lib/mail/mailer.ts";
import type { AppEnv } from "../context.ts";

/**
 * The base of links this request makes (reset, invitation, confirmation): DUECHECK_PUBLIC_URL when set, since a Host
 * header is the client's to choose; otherwise the origin the request came to (the forwarded host and scheme behind a
 * trusted proxy).
 */
export function requestBaseUrl(c: Context<AppEnv>): string {
  const configured = publicBaseUrl();
  if (configured) return configured;
  const url = new URL(c.req.url);
  const trust = c.get("ctx").config.trustProxy;
  const host = (trust && c.req.header("x-forwarded-host")) || c.req.header("host") || url.host;
  return `${c.get("secureRequest") ? "https" : url.protocol.replace(":", "")}://${host}`;
}

export const requestMailer = (c: Context<AppEnv>) => mailerFor(c.get("ctx").config);
