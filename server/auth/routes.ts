import { Hono } from "hono";
import { z } from "zod";
import { login } from "../../lib/auth/login.ts";
import { changePassword, updateLanguages, updateProfile, updateSessionSettings } from "../../lib/auth/profile.ts";
import { registerUser } from "../../lib/auth/registration.ts";
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
import { toPublicUser } from "../../lib/auth/users.ts";
import { AppError } from "../../lib/errors.ts";
import { countRegistration } from "../../lib/ratelimit/address-throttles.ts";
import { getSystemSetting } from "../../lib/settings/system-settings.ts";
import type { AppEnv } from "../context.ts";
import { currentUser, proofContext, requireUser } from "../middleware/session.ts";
import { mustEnrolTwoFactor } from "../middleware/two-factor-required.ts";
import { parseWith, readJson } from "../validate.ts";
import { clearSessionCookie, readBrowserCookie, readSessionCookie, setBrowserCookie, setSessionCookie } from "./cookies.ts";
import { requestBaseUrl, requestMailer } from "./links.ts";

const registrationBody = z.looseObject({}).superRefine((body, ctx) => {
  const forbidden = REGISTRATION_FORBIDDEN_FIELDS.find((field) => field in body);
  if (forbidden) ctx.addIssue({ code: "custom", message: `The field '${forbidden}' cannot be set at registration` });
});

/** The user as /me and sign-in answer it: with whether "require 2FA for every account" still waits on them. */
async function signedInUser(c: Parameters<typeof mustEnrolTwoFactor>[0], user: UserRow) {
  return { ...toPublicUser(user), twoFactorSetupRequired: await mustEnrolTwoFactor(c) };
}

export const authRoutes = new Hono<AppEnv>()
  .post("/register", async (c) => {
    const { db } = c.get("ctx").database;
    if (!(await getSystemSetting(db, "registrationOpen"))) throw new AppError(403, "Registration is closed");
    const raw = await readJson(c, registrationBody);
    const input = parseWith(registerSchema, raw);
    await countRegistration(db, c.get("clientIp"));
    const mailer = requestMailer(c);
    const user = await registerUser(db, input, { mailer, baseUrl: requestBaseUrl(c), ipAddress: c.get("clientIp") });
    return c.json({ message: "Registration successful", user: toPublicUser(user), emailConfirmationSent: mailer !== null }, 201);
  })

  .post("/login", async (c) => {
    const input = await readJson(c, loginSchema);
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

  .post("/verify-2fa", requireUser, async (c) => {
    const { code } = await readJson(c, verifyTwoFactorSchema);
    const { database, instanceKey } = c.get("ctx");
    const { user, recoveryCodes } = await confirmTwoFactorSetup(database.db, instanceKey, currentUser(c), code);
    return c.json({ success: true, user: toPublicUser(user), recoveryCodes });
  })

  .post("/disable-2fa", requireUser, async (c) => {
    const input = await readJson(c, disableTwoFactorSchema);
    const { database, instanceKey } = c.get("ctx");
    const user = await disableTwoFactor(database.db, instanceKey, currentUser(c), input, proofContext(c));
    return c.json({ success: true, user: toPublicUser(user) });
  })

  .post("/update-profile", requireUser, async (c) => {
    const input = await readJson(c, updateProfileSchema);
    const { database, instanceKey } = c.get("ctx");
    const { user, emailChangePending } = await updateProfile(database.db, currentUser(c), input, {
      mailer: requestMailer(c),
      baseUrl: requestBaseUrl(c),
      instanceKey,
      proof: proofContext(c),
    });
    return c.json({ success: true, user: toPublicUser(user), emailChangePending } satisfies UpdateProfileAnswer);
  })

  .post("/update-languages", requireUser, async (c) => {
    const input = await readJson(c, updateLanguagesSchema);
    const user = await updateLanguages(c.get("ctx").database.db, currentUser(c), input);
    return c.json({ success: true, user: toPublicUser(user) });
  })

  .put("/profile", requireUser, async (c) => {
    const settings = await readJson(c, sessionSettingsSchema);
    const user = await updateSessionSettings(c.get("ctx").database.db, currentUser(c), settings);
    return c.json({ success: true, user: toPublicUser(user) });
  })

  .post("/change-password", requireUser, async (c) => {
    const input = await readJson(c, changePasswordSchema);
    await changePassword(c.get("ctx").database.db, currentUser(c), input, proofContext(c));
    return c.json({ success: true });
  });
