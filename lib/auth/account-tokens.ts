import { and, eq, gt, inArray, isNull } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { AppError } from "../errors.ts";
import type { AccountMailKind } from "../mail/messages.ts";
import { generateToken, hashToken } from "./tokens.ts";

export type AccountTokenKind = AccountMailKind;

/** How long each link works (docs/decisions/accounts.md). */
export const LINK_MINUTES = {
  /** A reset link that was mailed: short, since mailboxes leak. */
  emailedReset: 30,
  /** A reset link an admin made and hands over another way. */
  adminReset: 24 * 60,
  invitation: 7 * 24 * 60,
  emailConfirmation: 7 * 24 * 60,
  /** A new address to confirm: a day, since the account's old address has been told and waits on it. */
  emailChange: 24 * 60,
} as const;

/** The web page each kind of link opens. */
const PAGE: Record<AccountTokenKind, string> = {
  password_reset: "/reset-password",
  invitation: "/reset-password",
  email_confirmation: "/confirm-email",
  email_change: "/confirm-email",
};

export const INVALID_LINK = "This link is invalid, has expired or was already used";

export function accountLink(baseUrl: string, kind: AccountTokenKind, token: string) {
  return `${baseUrl.replace(/\/+$/, "")}${PAGE[kind]}?token=${encodeURIComponent(token)}`;
}

/** A new one-time token; the user's earlier unused tokens of the same kind stop working (the newest link counts). */
export async function issueAccountToken(db: DbOrTx, userId: string, kind: AccountTokenKind, validMinutes: number, newEmail?: string) {
  const token = generateToken();
  const expiresAt = new Date(Date.now() + validMinutes * 60_000);
  await db
    .delete(schema.accountTokens)
    .where(and(eq(schema.accountTokens.userId, userId), eq(schema.accountTokens.kind, kind), isNull(schema.accountTokens.usedAt)));
  await db.insert(schema.accountTokens).values({ userId, kind, tokenHash: hashToken(token), expiresAt, newEmail });
  return { token, expiresAt };
}

/**
 * Uses a token once: a single conditional update, so two requests with the same link cannot both succeed.
 * Unknown, expired, used and wrong-kind tokens all read the same.
 */
export async function consumeAccountToken(db: DbOrTx, token: string, kinds: AccountTokenKind[]) {
  const now = new Date();
  const [row] = await db
    .update(schema.accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(schema.accountTokens.tokenHash, hashToken(token)),
        isNull(schema.accountTokens.usedAt),
        gt(schema.accountTokens.expiresAt, now),
        inArray(schema.accountTokens.kind, kinds),
      ),
    )
    .returning({ userId: schema.accountTokens.userId, kind: schema.accountTokens.kind });
  if (!row) throw new AppError(400, INVALID_LINK);
  return { userId: row.userId, kind: row.kind as AccountTokenKind };
}

/** The token's row whether used or not (email confirmation answers a second click kindly); null when unknown or expired. */
export async function findAccountToken(db: DbOrTx, token: string, kinds: AccountTokenKind[]) {
  const [row] = await db
    .select()
    .from(schema.accountTokens)
    .where(
      and(eq(schema.accountTokens.tokenHash, hashToken(token)), inArray(schema.accountTokens.kind, kinds), gt(schema.accountTokens.expiresAt, new Date())),
    );
  return row ?? null;
}
