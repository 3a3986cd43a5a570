import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { login } from "../../lib/auth/login.ts";
import { changePassword, updateLanguages, updateProfile, updateSessionSettings } from "../../lib/auth/profile.ts";
import { registerUser } from "../../lib/auth/registration.ts";
import { signInAfterRegistration } from "../../lib/auth/registration-sign-in.ts";
import {
  changePasswordSchema,
  disableTwoFactorSchema,
  loginSchema,
  REGISTRATION_FORBIDDEN_FIELDS,
  registerSchema,
  sessionSettingsSchema,
  type UpdateProfileAnswer,
  updateLanguagesSchema,
  updateProfileSchema,
  verifyTwoFactorSchema,
} from "../../lib/auth/schemas.ts";
import type { UserRow } from "../../lib/auth/sessions.ts";
import { deleteSession } from "../../lib/auth/sessions.ts";
import { confirmTwoFactorSetup, disableTwoFactor, startTwoFactorSetup } from "../../lib/auth/two-factor.ts";
import { publicUserOf } from "../../lib/auth/users.ts";
import { AppError } from "../../lib/errors.ts";
import { countRegistration } from "../../lib/ratelimit/address-throttles.ts";
import { getSystemSetting } from "../../lib/settings/system-settings.ts";
import type { AppEnv } from "../context.ts";
import { currentUser, proofContext, requireUser } from "../middleware/session.ts";
import { mustEnrolTwoFactor } from "../middleware/two-factor-required.ts";
import { jsonBody, readJson } from "../validate.ts";
import { clearSessionCookie, readBrowserCookie, readSessionCookie, setBrowserCookie, setSessionCookie } from "./cookies.ts";
import { requestBaseUrl, requestMailer } from "./links.ts";

const registrationBody = z.looseObject({}).superRefine((body, ctx) => {
  const forbidden = REGISTRATION_FORBIDDEN_FIELDS.find((field) => field in body);
  if (forbidden) ctx.addIssue({ code: "custom", message: `The field '${forbidden}' cannot be set at registration` });
});

/** Registration closed is a 403 before the body is read: a closed instance says so whatever was sent. */
const registrationOpen: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!(await getSystemSetting(c.get("ctx").database.db, "registrationOpen"))) throw new AppError(403, "Registration is closed");
  await next();
};

/**
 * A field the account sets itself (id, role, ...) is refused by its name before registerSchema's own rules, which
 * would only drop it. This reads the body as jsonBody does (its size and JSON errors first); jsonBody(registerSchema)
 * after it reads the same cached text again, so the route's declared input stays registerSchema's.
 */
const refuseAccountFields: MiddlewareHandler<AppEnv> = async (c, next) => {
  await readJson(c, registrationBody);
  await next();
};

/** The user as /me and sign-in answer it: with whether "require 2FA for every account" still waits on them. */
async function signedInUser(c: Parameters<typeof mustEnrolTwoFactor>[0], user: UserRow) {
  return { ...(await publicUserOf(c.get("ctx").database.db, user)), twoFactorSetupRequired: await mustEnrolTwoFactor(c) };
}

export const authRoutes = new Hono<AppEnv>()
  .post("/register", registrationOpen, refuseAccountFields, jsonBody(registerSchema), async (c) => {
    const { db } = c.get("ctx").database;
    const input = c.req.valid("json");
    await countRegistration(db, c.get("clientIp"));
    const mailer = requestMailer(c);
    const user = await registerUser(db, input, { mailer, baseUrl: requestBaseUrl(c), ipAddress: c.get("clientIp") });
    // Without email confirmation the registration signs the account in (lib/auth/registration-sign-in.ts).
    const signedIn = mailer === null;
    if (signedIn) {
      const session = await signInAfterRegistration(db, user, { ipAddress: c.get("clientIp"), userAgent: c.req.header("user-agent") });
      setSessionCookie(c, session.token);
    }
    return c.json({ message: "Registration successful", user: await publicUserOf(db, user), emailConfirmationSent: mailer !== null, signedIn }, 201);
  })

  .post("/login", jsonBody(loginSchema), async (c) => {
    const input = c.req.valid("json");
    const { database, instanceKey } = c.get("ctx");
    const result = await login(
      {
        db: database.db,
        instanceKey,
        client: { ipAddress: c.get("clientIp"), userAgent: c.req.header("user-agent") },
        browserToken: readBrowserCookie(c),
      },
      input,
    );
    if (result.kind === "two-factor-required") return c.json({ requiresTwoFactor: true });
    setSessionCookie(c, result.session.token);
    if (result.rememberedBrowser) setBrowserCookie(c, result.rememberedBrowser.token, result.rememberedBrowser.expiresAt);
    c.set("user", result.user);
    return c.json({ user: await signedInUser(c, result.user), firstSignIn: result.firstSignIn });
  })

  .post("/logout", async (c) => {
    const token = readSessionCookie(c);
    if (token) await deleteSession(c.get("ctx").database.db, token);
    clearSessionCookie(c);
    return c.json({ success: true });
  })

  .get("/me", requireUser, async (c) => c.json(await signedInUser(c, currentUser(c))))

  .post("/setup-2fa", requireUser, async (c) => {
    const { database, instanceKey } = c.get("ctx");
    return c.json(await startTwoFactorSetup(database.db, instanceKey, currentUser(c)));
  })

  .post("/verify-2fa", requireUser, jsonBody(verifyTwoFactorSchema), async (c) => {
    const { code } = c.req.valid("json");
    const { database, instanceKey } = c.get("ctx");
    const { user, recoveryCodes } = await confirmTwoFactorSetup(database.db, instanceKey, currentUser(c), code);
    return c.json({ success: true, user: await publicUserOf(database.db, user), recoveryCodes });
  })

  .post("/disable-2fa", requireUser, jsonBody(disableTwoFactorSchema), async (c) => {
    const input = c.req.valid("json");
    const { database, instanceKey } = c.get("ctx");
    const user = await disableTwoFactor(database.db, instanceKey, currentUser(c), input, proofContext(c));
    return c.json({ success: true, user: await publicUserOf(database.db, user) });
  })

  .post("/update-profile", requireUser, jsonBody(updateProfileSchema), async (c) => {
    const input = c.req.valid("json");
    const { database, instanceKey } = c.get("ctx");
    const { user, emailChangePending } = await updateProfile(database.db, currentUser(c), input, {
      mailer: requestMailer(c),
      baseUrl: requestBaseUrl(c),
      instanceKey,
      proof: proofContext(c),
    });
    return c.json({ success: true, user: await publicUserOf(database.db, user), emailChangePending } satisfies UpdateProfileAnswer);
  })

  .post("/update-languages", requireUser, jsonBody(updateLanguagesSchema), async (c) => {
    const input = c.req.valid("json");
    const user = await updateLanguages(c.get("ctx").database.db, currentUser(c), input);
    return c.json({ success: true, user: await publicUserOf(c.get("ctx").database.db, user) });
  })

  .put("/profile", requireUser, jsonBody(sessionSettingsSchema), async (c) => {
    const settings = c.req.valid("json");
    const user = await updateSessionSettings(c.get("ctx").database.db, currentUser(c), settings);
    return c.json({ success: true, user: await publicUserOf(c.get("ctx").database.db, user) });
  })

  .post("/change-password", requireUser, jsonBody(changePasswordSchema), async (c) => {
    const input = c.req.valid("json");
    await changePassword(c.get("ctx").database.db, currentUser(c), input, proofContext(c));
    return c.json({ success: true });
  });
