import { encodeBase32UpperCaseNoPadding } from "@oslojs/encoding";
import { createTOTPKeyURI, generateHOTP } from "@oslojs/otp";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import QRCode from "qrcode";
import { type DbOrTx, schema } from "../../data/db.ts";

export const TOTP_PERIOD_SECONDS = 30;
const DIGITS = 6;
const ISSUER = "duecheck";

export function newTotpKey(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(20));
}

export async function totpEnrolment(key: Uint8Array, accountEmail: string) {
  const uri = createTOTPKeyURI(ISSUER, accountEmail, key, TOTP_PERIOD_SECONDS, DIGITS);
  return {
    secret: encodeBase32UpperCaseNoPadding(key),
    qrCodeImage: await QRCode.toDataURL(uri, { errorCorrectionLevel: "M", margin: 1, width: 240 }),
  };
}

/** The code of one time step, for any step (used by tests and by verification). */
export function totpCodeAt(key: Uint8Array, unixSeconds: number): string {
  return generateHOTP(key, BigInt(Math.floor(unixSeconds / TOTP_PERIOD_SECONDS)), DIGITS);
}

/**
 * Accepts a code of the previous, current or next step (clock drift), once only: the step is recorded
 * with a conditional update, so a replayed code, even one sent twice at the same moment, is refused.
 */
export async function consumeTotpCode(db: DbOrTx, userId: string, key: Uint8Array, code: string, now = Date.now()) {
  if (!/^\d{6}$/.test(code)) return false;
  const current = Math.floor(now / 1000 / TOTP_PERIOD_SECONDS);
  for (const step of [current - 1, current, current + 1]) {
    if (generateHOTP(key, BigInt(step), DIGITS) !== code) continue;
    const accepted = await db
      .update(schema.users)
      .set({ twoFactorLastStep: step })
      .where(and(eq(schema.users.id, userId), or(isNull(schema.users.twoFactorLastStep), lt(schema.users.twoFactorLastStep, step))))
      .returning({ id: schema.users.id });
    return accepted.length === 1;
  }
  return false;
}
