import type { MiddlewareHandler } from "hono";
import { getSystemSetting } from "../../lib/settings/system-settings.ts";
import type { AppEnv } from "../context.ts";

/** What an account without 2FA may still call while "require 2FA for every account" is on: enrol, read itself, leave. */
const ENROLMENT_PATHS = new Set(["/api/auth/me", "/api/auth/logout", "/api/auth/login", "/api/auth/setup-2fa", "/api/auth/verify-2fa", "/api/auth/options"]);

export const TWO_FACTOR_REQUIRED = {
  error: "Two-factor authentication is required for every account: set it up at /settings/2fa",
  code: "two_factor_required",
} as const;

/** Whether the signed-in user must enrol before doing anything else (the setting is read only for users without 2FA). */
export async function mustEnrolTwoFactor(c: Parameters<MiddlewareHandler<AppEnv>>[0]) {
  const user = c.get("user");
  if (!user || user.twoFactorEnabled) return false;
  return getSystemSetting(c.get("ctx").database.db, "requireTwoFactor");
}

/**
 * "Require 2FA for every account", enforced on the server: a signed-in session without 2FA gets 403 with the code
 * two_factor_required on every call but enrolment, /me and sign-out. API keys are not sessions and are not affected.
 */
export const twoFactorRequired: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!ENROLMENT_PATHS.has(c.req.path) && (await mustEnrolTwoFactor(c))) return c.json(TWO_FACTOR_REQUIRED, 403);
  await next();
};
