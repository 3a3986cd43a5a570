import type { Context } from "hono";
import { type Mailer, mailerFor } from "../../lib/mail/mailer.ts";
import { appBaseUrl } from "../app-base-url.ts";
import type { AppEnv } from "../context.ts";

/**
 * The base of the account links this request makes (reset, invitation, confirmation): DUECHECK_PUBLIC_URL when set;
 * otherwise the origin the request came to, which only serves a link shown to the caller who asked (an admin's
 * invitation or reset link without mail). A mailed link always has the public address: requestMailer gives no mailer
 * without it, so whenever a link is mailed this answers the configured address, never one from the request.
 */
export const requestBaseUrl = (c: Context<AppEnv>): string => appBaseUrl(c);

/** The outgoing mail, or null; null too without DUECHECK_PUBLIC_URL, where no link may be mailed (mailerFor). */
export const requestMailer = (c: Context<AppEnv>): Mailer | null => mailerFor(c.get("ctx").config);
