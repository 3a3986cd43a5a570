import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { and, count, eq, isNull } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { hashToken } from "./tokens.ts";

export const RECOVERY_CODE_COUNT = 10;

/** A code as typed: case, spaces and the dash do not matter. */
const normalize = (code: string) => code.toLowerCase().replace(/[\s-]/g, "");
/** 10 base32 characters (50 random bits), shown as xxxxx-xxxxx. */
const RECOVERY_CODE = /^[a-z2-7]{10}$/;

export const looksLikeRecoveryCode = (code: string) => RECOVERY_CODE.test(normalize(code));

function newCode() {
  const raw = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(7))).slice(0, 10);
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}

/** Ten new codes replace any earlier ones; only their hashes are stored, so this is the one time they are shown. */
export async function replaceRecoveryCodes(db: DbOrTx, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await db.delete(schema.twoFactorRecoveryCodes).where(eq(schema.twoFactorRecoveryCodes.userId, userId));
  await db.insert(schema.twoFactorRecoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashToken(normalize(code)) })));
  return codes;
}

export async function deleteRecoveryCodes(db: DbOrTx, userId: string) {
  await db.delete(schema.twoFactorRecoveryCodes).where(eq(schema.twoFactorRecoveryCodes.userId, userId));
}

/** Accepts an unused code once (one conditional update, so two sign-ins with the same code cannot both pass). */
export async function consumeRecoveryCode(db: DbOrTx, userId: string, code: string): Promise<boolean> {
  if (!looksLikeRecoveryCode(code)) return false;
  const rows = await db
    .update(schema.twoFactorRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(schema.twoFactorRecoveryCodes.userId, userId),
        eq(schema.twoFactorRecoveryCodes.codeHash, hashToken(normalize(code))),
        isNull(schema.twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: schema.twoFactorRecoveryCodes.id });
  return rows.length > 0;
}

export async function remainingRecoveryCodes(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(schema.twoFactorRecoveryCodes)
    .where(and(eq(schema.twoFactorRecoveryCodes.userId, userId), isNull(schema.twoFactorRecoveryCodes.usedAt)));
  return row.n;
}
