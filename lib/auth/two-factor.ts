import { eq } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { recordAudit } from "../audit/record.ts";
import { AppError } from "../errors.ts";
import { forgetBrowsers } from "./browser-tokens.ts";
import { decryptSecret, encryptSecret } from "./instance-key.ts";
import { verifyPassword } from "./passwords.ts";
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
  await recordAudit(db, { action: "auth.2fa_enabled", actorKind: "user", actorUserId: user.id });
  return (await findUserById(db, user.id))!;
}

/** Needs the password and a current code; remembered browsers are forgotten with it. */
export async function disableTwoFactor(db: DbOrTx, instanceKey: Uint8Array, user: UserRow, input: { password: string; code: string }) {
  if (!user.twoFactorEnabled || !user.twoFactorSecret) throw new AppError(400, "Two-factor authentication is not enabled");
  if (!(await verifyPassword(input.password, user.password))) throw new AppError(400, "Password is incorrect");
  const key = decryptSecret(instanceKey, user.twoFactorSecret);
  if (!(await consumeTotpCode(db, user.id, key, input.code))) throw new AppError(400, "Invalid verification code");
  await db
    .update(schema.users)
    .set({ twoFactorEnabled: false, twoFactorSecret: null, twoFactorLastStep: null, updatedAt: new Date() })
    .where(eq(schema.users.id, user.id));
  await forgetBrowsers(db, user.id);
  await recordAudit(db, { action: "auth.2fa_disabled", actorKind: "user", actorUserId: user.id });
  return (await findUserById(db, user.id))!;
}
