import { eq } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { recordAudit } from "../audit/record.ts";
import { AppError } from "../errors.ts";
import { forgetBrowsers } from "./browser-tokens.ts";
import { decryptSecret, encryptSecret } from "./instance-key.ts";
import { verifyPassword } from "./passwords.ts";
import { checkProof, type ProofContext } from "./proof-throttle.ts";
import { deleteRecoveryCodes, replaceRecoveryCodes } from "./recovery-codes.ts";
import type { UserRow } from "./sessions.ts";
import { consumeTotpCode, newTotpKey, totpEnrolment } from "./totp.ts";
import { findUserById } from "./users.ts";

/** Starts enrolment: a new secret is stored (encrypted) but 2FA stays off until a code verifies it. */
export async function startTwoFactorSetup(db: DbOrTx, instanceKey: Uint8Array, user: UserRow) {
  if (user.twoFactorEnabled) throw new AppError(409, "Two-factor authentication is already enabled");
  const key = newTotpKey();
  await db
    .update(schema.users)
    .set({ twoFactorSecret: encryptSecret(instanceKey, key), twoFactorLastStep: null, updatedAt: new Date() })
    .where(eq(schema.users.id, user.id));
  return totpEnrolment(key, user.email);
}

export async function confirmTwoFactorSetup(db: DbOrTx, instanceKey: Uint8Array, user: UserRow, code: string) {
  if (user.twoFactorEnabled) throw new AppError(409, "Two-factor authentication is already enabled");
  if (!user.twoFactorSecret) throw new AppError(400, "Start the two-factor setup first");
  const key = decryptSecret(instanceKey, user.twoFactorSecret);
  if (!(await consumeTotpCode(db, user.id, key, code))) throw new AppError(400, "Invalid verification code");
  await db.update(schema.users).set({ twoFactorEnabled: true, updatedAt: new Date() }).where(eq(schema.users.id, user.id));
  const recoveryCodes = await replaceRecoveryCodes(db, user.id);
  await recordAudit(db, { action: "auth.2fa_enabled", actorKind: "user", actorUserId: user.id });
  return { user: (await findUserById(db, user.id))!, recoveryCodes };
}

/**
 * New recovery codes replace the old ones; proven with the password or a current authenticator code (wrong answers
 * count as failed sign-ins: lib/auth/proof-throttle.ts).
 */
export async function regenerateRecoveryCodes(
  db: DbOrTx,
  instanceKey: Uint8Array,
  user: UserRow,
  input: { password?: string; code?: string },
  proof: ProofContext,
) {
  const secret = user.twoFactorSecret;
  if (!user.twoFactorEnabled || !secret) throw new AppError(400, "Two-factor authentication is not enabled");
  const proven = await checkProof(db, user, proof, "recovery_codes", async () =>
    input.password
      ? verifyPassword(input.password, user.password)
      : input.code
        ? consumeTotpCode(db, user.id, decryptSecret(instanceKey, secret), input.code)
        : false,
  );
  if (!proven) throw new AppError(400, "Enter your current password or a code from your authenticator app");
  const recoveryCodes = await replaceRecoveryCodes(db, user.id);
  await recordAudit(db, { action: "auth.recovery_codes_regenerated", actorKind: "user", actorUserId: user.id });
  return recoveryCodes;
}

/** Turns a user's 2FA off without their codes (an admin's reset for a lost phone): secret, recovery codes and remembered browsers go. */
export async function clearTwoFactor(db: DbOrTx, userId: string) {
  await db
    .update(schema.users)
    .set({ twoFactorEnabled: false, twoFactorSecret: null, twoFactorLastStep: null, updatedAt: new Date() })
    .where(eq(schema.users.id, userId));
  await deleteRecoveryCodes(db, userId);
  await forgetBrowsers(db, userId);
}

/**
 * Needs the password and a current code (wrong ones count as failed sign-ins: lib/auth/proof-throttle.ts); remembered
 * browsers are forgotten with it.
 */
export async function disableTwoFactor(db: DbOrTx, instanceKey: Uint8Array, user: UserRow, input: { password: string; code: string }, proof: ProofContext) {
  if (!user.twoFactorEnabled || !user.twoFactorSecret) throw new AppError(400, "Two-factor authentication is not enabled");
  if (!(await checkProof(db, user, proof, "disable_2fa", () => verifyPassword(input.password, user.password)))) {
    throw new AppError(400, "Password is incorrect");
  }
  const key = decryptSecret(instanceKey, user.twoFactorSecret);
  if (!(await checkProof(db, user, proof, "disable_2fa", () => consumeTotpCode(db, user.id, key, input.code)))) {
    throw new AppError(400, "Invalid verification code");
  }
  await clearTwoFactor(db, user.id);
  await recordAudit(db, { action: "auth.2fa_disabled", actorKind: "user", actorUserId: user.id });
  return (await findUserById(db, user.id))!;
}
