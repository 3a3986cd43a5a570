import { Hono } from "hono";
import { confirmEmail } from "../../lib/auth/email-confirmation.ts";
import { RESET_REQUESTED_MESSAGE, requestPasswordReset, resetPassword } from "../../lib/auth/password-reset.ts";
import { type AuthOptions, confirmEmailSchema, forgotPasswordSchema, regenerateRecoveryCodesSchema, resetPasswordSchema } from "../../lib/auth/schemas.ts";
import { regenerateRecoveryCodes } from "../../lib/auth/two-factor.ts";
import { AppError } from "../../lib/errors.ts";
import type { AppEnv } from "../context.ts";
import { currentUser, proofContext, requireUser } from "../middleware/session.ts";
import { jsonBody } from "../validate.ts";
import { requestBaseUrl, requestMailer } from "./links.ts";

/** /api/auth: getting back in (password reset, recovery codes) and confirming a registration's email address. */
export const accountRecoveryRoutes = new Hono<AppEnv>()
  .get("/options", (c) => c.json({ mail: requestMailer(c) !== null } satisfies AuthOptions))

  .post("/forgot-password", jsonBody(forgotPasswordSchema), async (c) => {
    const { email } = c.req.valid("json");
    const mailer = requestMailer(c);
    if (!mailer) throw new AppError(409, "Password reset by email is not available: ask an administrator for a reset link");
    await requestPasswordReset(c.get("ctx").database.db, mailer, { email, baseUrl: requestBaseUrl(c), ipAddress: c.get("clientIp") });
    return c.json({ message: RESET_REQUESTED_MESSAGE }, 202);
  })

  .post("/reset-password", jsonBody(resetPasswordSchema), async (c) => {
    const input = c.req.valid("json");
    await resetPassword(c.get("ctx").database.db, input, c.get("clientIp"));
    return c.json({ success: true });
  })

  .post("/confirm-email", jsonBody(confirmEmailSchema), async (c) => {
    const { token } = c.req.valid("json");
    return c.json({ success: true, ...(await confirmEmail(c.get("ctx").database.db, token, c.get("clientIp"))) });
  })

  .post("/recovery-codes", requireUser, jsonBody(regenerateRecoveryCodesSchema), async (c) => {
    const input = c.req.valid("json");
    const { database, instanceKey } = c.get("ctx");
    return c.json({ recoveryCodes: await regenerateRecoveryCodes(database.db, instanceKey, currentUser(c), input, proofContext(c)) });
  });
