import type { MiddlewareHandler } from "hono";
import { mustEnrolTwoFactor as mustEnrol } from "../../lib/auth/two-factor-duty.ts";
import type { AppEnv } from "../context.ts";

/** What an account without 2FA may still call while 2FA is required of it: enrol, read itself, leave. */
const ENROLMENT_PATHS = new Set(["/api/auth/me", "/api/auth/logout", "/api/auth/login", "/api/auth/setup-2fa", "/api/auth/verify-2fa", "/api/auth/options"]);

export const TWO_FACTOR_REQUIRED = {
  error: "Two-factor authentication is required for every account: set it up at /settings/2fa",
  code: "two_factor_required",
} as const;

/** Whether the signed-in user must enrol before doing anything else (the instance's or their organisation's rule). */
export async function mustEnrolTwoFactor(c: Parameters<MiddlewareHandler<AppEnv>>[0]) {
  const user = c.get("user");
  return user ? mustEnrol(c.get("ctx").database.db, user) : false;
}

/**
 * "Require 2FA", the instance's or the member's organisation's, enforced on the server: a signed-in session without
 * 2FA gets 403 with the code two_factor_required on every call but enrolment, /me and sign-out, whichever of the two
 * requires it (one rule, one answer). API keys are not sessions and are not affected.
 */
export const twoFactorRequired: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!ENROLMENT_PATHS.has(c.req.path) && (await mustEnrolTwoFactor(c))) return c.json(TWO_FACTOR_REQUIRED, 403);
  await next();
};
