/**
 * Changing an account's email address. The address is where a password reset is mailed, so whoever could change it
 * freely could take the account over with a stolen session: a change needs the current password (and the second
 * factor when it is on), takes effect only once a link mailed to the new address is opened, and the old address is
 * told. The answer never says whether the new address belongs to another account.
 */
import { and, eq, isNull, ne } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { recordAudit } from "../audit/record.ts";
import { AppError } from "../errors.ts";
import type { Mailer } from "../mail/mailer.ts";
import { accountMail, emailChangeNotice } from "../mail/messages.ts";
import { hit, secondsUntilReset, type Window } from "../ratelimit/fixed-window.ts";
import { tooManyRequests } from "../ratelimit/too-many.ts";
import { accountLink, issueAccountToken, LINK_MINUTES } from "./account-tokens.ts";
import { decryptSecret } from "./instance-key.ts";
import { verifyPassword } from "./passwords.ts";
import { checkProof, type ProofContext } from "./proof-throttle.ts";
import { consumeRecoveryCode, looksLikeRecoveryCode } from "./recovery-codes.ts";
import type { UserRow } from "./sessions.ts";
import { consumeTotpCode } from "./totp.ts";

/** Changes of address one account may ask for per hour: each mails a stranger's mailbox, and each could probe one. */
export const EMAIL_CHANGES_PER_HOUR = 5;

export interface EmailChangeContext {
  /** Null when the instance sends no mail: then the change takes effect at once, unconfirmed. */
  mailer: Mailer | null;
  /** The app's public address, which confirmation links start with. */
  baseUrl: string;
  instanceKey: Uint8Array;
  proof: ProofContext;
  onMailError?: (error: unknown) => void;
}

export interface EmailChangeProof {
  currentPassword?: string;
  twoFactorCode?: string;
}

async function throttle(db: DbOrTx, userId: string) {
  const window: Window = { key: `email-change:user:${userId}`, windowSeconds: 3600, limit: EMAIL_CHANGES_PER_HOUR };
  if ((await hit(db, window)) > window.limit) throw tooManyRequests("Too many changes of email address.", secondsUntilReset(window));
}

/** The current password, then the second factor when it is on; wrong answers count as failed sign-ins. */
async function proveOwner(db: DbOrTx, user: UserRow, input: EmailChangeProof, ctx: EmailChangeContext) {
  if (!input.currentPassword) throw new AppError(400, "Enter your current password to change your email address");
  const password = input.currentPassword;
  if (!(await checkProof(db, user, ctx.proof, "email_change", () => verifyPassword(password, user.password)))) {
    throw new AppError(400, "Current password is incorrect");
  }
  const secret = user.twoFactorEnabled ? user.twoFactorSecret : null;
  if (!secret) return;
  const code = input.twoFactorCode?.trim();
  if (!code) throw new AppError(400, "Enter a code from your authenticator app to change your email address");
  const accepted = await checkProof(db, user, ctx.proof, "email_change", () =>
    looksLikeRecoveryCode(code) ? consumeRecoveryCode(db, user.id, code) : consumeTotpCode(db, user.id, decryptSecret(ctx.instanceKey, secret), code),
  );
  if (!accepted) throw new AppError(400, "Invalid verification code");
}

const emailTaken = async (db: DbOrTx, email: string, userId: string) =>
  (
    await db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(and(eq(schema.users.email, email), ne(schema.users.id, userId)))
  ).length > 0;

/**
 * Asks for the account's address to become `newEmail`, once the owner is proven. With mail, a link goes to the new
 * address (unless another account holds it: then nothing is sent, and the answer is the same) and a notice to the old
 * one; the address changes when the link is opened (confirmEmailChange). Without mail no link can prove the mailbox,
 * so the change takes effect at once and the address counts as unconfirmed. Answers the address awaiting
 * confirmation, or null when it changed at once.
 */
export async function requestEmailChange(db: DbOrTx, user: UserRow, newEmail: string, input: EmailChangeProof, ctx: EmailChangeContext) {
  await proveOwner(db, user, input, ctx);
  await throttle(db, user.id);
  const taken = await emailTaken(db, newEmail, user.id);
  const audit = { actorKind: "user" as const, actorUserId: user.id, ipAddress: ctx.proof.ipAddress, targetType: "user", targetId: user.id };
  if (!ctx.mailer) {
    if (taken) throw new AppError(409, "An account with this email already exists");
    await db.update(schema.users).set({ email: newEmail, emailVerified: false, updatedAt: new Date() }).where(eq(schema.users.id, user.id));
    await recordAudit(db, { ...audit, action: "user.email_changed", details: { from: user.email, to: newEmail, confirmed: false } });
    return null;
  }
  const { token } = await issueAccountToken(db, user.id, "email_change", LINK_MINUTES.emailChange, newEmail);
  await recordAudit(db, { ...audit, action: "user.email_change_requested", details: { from: user.email, to: newEmail } });
  const onMailError = ctx.onMailError ?? ((error: unknown) => console.error("[duecheck] email change mail failed:", error));
  if (!taken) {
    const link = accountLink(ctx.baseUrl, "email_change", token);
    void ctx.mailer.send({ to: newEmail, ...accountMail("email_change", user.profileLanguage, link, LINK_MINUTES.emailChange) }).catch(onMailError);
  }
  void ctx.mailer.send({ to: user.email, ...emailChangeNotice(user.profileLanguage, newEmail) }).catch(onMailError);
  return newEmail;
}

/**
 * Opens an email-change link (the token's row, found and still unused): the account moves to the new address, now
 * confirmed. Refused, changing nothing, when another account has taken the address meanwhile.
 */
export async function confirmEmailChange(db: DbOrTx, row: typeof schema.accountTokens.$inferSelect, ipAddress?: string | null) {
  const newEmail = row.newEmail;
  const [user] = await db.select().from(schema.users).where(eq(schema.users.id, row.userId));
  if (!newEmail || !user) throw new AppError(400, "This link is invalid, has expired or was already used");
  if (await emailTaken(db, newEmail, user.id)) throw new AppError(409, "An account with this email already exists");
  // Used once: of two clicks at the same moment, only the one that marks the link used changes the address.
  const used = await db
    .update(schema.accountTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(schema.accountTokens.id, row.id), isNull(schema.accountTokens.usedAt)))
    .returning({ id: schema.accountTokens.id });
  if (used.length === 0) return { alreadyConfirmed: true, email: newEmail };
  await db.update(schema.users).set({ email: newEmail, emailVerified: true, updatedAt: new Date() }).where(eq(schema.users.id, user.id));
  await recordAudit(db, {
    action: "user.email_changed",
    actorKind: "user",
    actorUserId: user.id,
    ipAddress,
    targetType: "user",
    targetId: user.id,
    details: { from: user.email, to: newEmail, confirmed: true },
  });
  return { alreadyConfirmed: false, email: newEmail };
}
