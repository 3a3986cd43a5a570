import { eq } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { recordAudit } from "../audit/record.ts";
import { AppError } from "../errors.ts";
import { isRememberedBrowser, rememberBrowser } from "./browser-tokens.ts";
import { decryptSecret } from "./instance-key.ts";
import { assertLoginAllowed, clearAddressFailures, recordLoginFailure, tooManyFailures } from "./login-throttle.ts";
import { verifyAgainstDummy, verifyPassword } from "./passwords.ts";
import { consumeRecoveryCode, looksLikeRecoveryCode, remainingRecoveryCodes } from "./recovery-codes.ts";
import type { LoginInput } from "./schemas.ts";
import { type ClientInfo, createSession, type UserRow } from "./sessions.ts";
import { isKnownSignInAddress, rememberSignInAddress } from "./sign-in-addresses.ts";
import { organisationSuspended, SUSPENDED_MESSAGE } from "./suspension.ts";
import { consumeTotpCode } from "./totp.ts";
import { findUserByEmail, findUserById } from "./users.ts";

export type LoginResult =
  | { kind: "two-factor-required" }
  | {
      kind: "signed-in";
      user: UserRow;
      /** The account had never signed in before (the app says "Welcome!", not "Welcome back!"). */
      firstSignIn: boolean;
      session: { token: string; expiresAt: Date };
      rememberedBrowser?: { token: string; expiresAt: Date };
    };

export interface LoginContext {
  db: DbOrTx;
  instanceKey: Uint8Array;
  client: ClientInfo;
  /** The remember-browser cookie sent with the request, if any. */
  browserToken?: string;
}

/**
 * Password first, then the second factor when enabled (skipped on a browser remembered for this user).
 * Every failure counts towards the throttle (lib/auth/login-throttle.ts); a wrong password and an unknown email read
 * the same. While failures from many addresses lock the account as a whole, a wrong password answers 429 like any
 * locked sign-in, and the right one gets in only from an address the account has signed in from before, or with the
 * second factor: a lockout by account alone would let anyone lock anyone out.
 */
export async function login(ctx: LoginContext, input: LoginInput): Promise<LoginResult> {
  const { db, client } = ctx;
  const { accountLocked } = await assertLoginAllowed(db, input.email, client.ipAddress);

  const user = await findUserByEmail(db, input.email);
  const passwordOk = user ? await verifyPassword(input.password, user.password) : await verifyAgainstDummy(input.password);
  if (!user || !passwordOk) {
    await recordLoginFailure(db, input.email, client.ipAddress);
    await recordAudit(db, {
      action: "auth.login_failed",
      actorKind: "anonymous",
      actorUserId: user?.id,
      ipAddress: client.ipAddress,
      details: { email: input.email, reason: "credentials" },
    });
    if (accountLocked) throw tooManyFailures(accountLocked);
    throw new AppError(401, "Invalid email or password");
  }
  const hasSecondFactor = user.twoFactorEnabled && user.twoFactorSecret !== null;
  if (accountLocked && !hasSecondFactor && !(await isKnownSignInAddress(db, user.id, client.ipAddress))) throw tooManyFailures(accountLocked);
  if (!user.isActive) throw new AppError(403, "This account has been deactivated");
  if (await organisationSuspended(db, user.organisationId)) throw new AppError(403, SUSPENDED_MESSAGE);

  if (user.twoFactorEnabled && user.twoFactorSecret) {
    const remembered = await isRememberedBrowser(db, user.id, ctx.browserToken);
    if (!remembered) {
      const code = input.twoFactorCode?.trim();
      if (!code) return { kind: "two-factor-required" };
      // The prompt takes a code of the authenticator app or, when the phone is lost, one of the recovery codes (once each).
      const byRecoveryCode = looksLikeRecoveryCode(code);
      const accepted = byRecoveryCode
        ? await consumeRecoveryCode(db, user.id, code)
        : await consumeTotpCode(db, user.id, decryptSecret(ctx.instanceKey, user.twoFactorSecret), code);
      if (accepted && byRecoveryCode) {
        await recordAudit(db, {
          action: "auth.recovery_code_used",
          actorKind: "user",
          actorUserId: user.id,
          ipAddress: client.ipAddress,
          details: { remaining: await remainingRecoveryCodes(db, user.id) },
        });
      }
      if (!accepted) {
        await recordLoginFailure(db, input.email, client.ipAddress);
        await recordAudit(db, {
          action: "auth.login_failed",
          actorKind: "anonymous",
          actorUserId: user.id,
          ipAddress: client.ipAddress,
          details: { reason: "two_factor_code" },
        });
        throw new AppError(401, "Invalid verification code");
      }
    }
  }

  await clearAddressFailures(db, input.email, client.ipAddress);
  await rememberSignInAddress(db, user.id, client.ipAddress);
  await db.update(schema.users).set({ lastLogin: new Date() }).where(eq(schema.users.id, user.id));
  const session = await createSession(db, user, client);
  const rememberedBrowser = user.twoFactorEnabled && input.rememberBrowser ? await rememberBrowser(db, user.id, client) : undefined;
  await recordAudit(db, {
    action: "auth.login",
    actorKind: "user",
    actorUserId: user.id,
    ipAddress: client.ipAddress,
    details: { rememberBrowser: Boolean(rememberedBrowser) },
  });
  return { kind: "signed-in", user: (await findUserById(db, user.id))!, firstSignIn: user.lastLogin === null, session, rememberedBrowser };
}
