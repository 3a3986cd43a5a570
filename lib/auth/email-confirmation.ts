import { and, eq } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { recordAudit } from "../audit/record.ts";
import { AppError } from "../errors.ts";
import type { Mailer } from "../mail/mailer.ts";
import { accountMail } from "../mail/messages.ts";
import { accountLink, findAccountToken, INVALID_LINK, issueAccountToken, LINK_MINUTES } from "./account-tokens.ts";
import { confirmEmailChange } from "./email-change.ts";
import type { UserRow } from "./sessions.ts";
import { grantWelcomeCredits } from "./users.ts";

/** Mails the confirmation link of a new self-registered account (its welcome credits wait for it). */
export async function sendEmailConfirmation(
  db: DbOrTx,
  mailer: Mailer,
  user: Pick<UserRow, "id" | "email" | "profileLanguage">,
  baseUrl: string,
  onMailError: (error: unknown) => void = (error) => console.error("[duecheck] confirmation mail failed:", error),
) {
  const { token } = await issueAccountToken(db, user.id, "email_confirmation", LINK_MINUTES.emailConfirmation);
  const mail = accountMail("email_confirmation", user.profileLanguage, accountLink(baseUrl, "email_confirmation", token), LINK_MINUTES.emailConfirmation);
  void mailer.send({ to: user.email, ...mail }).catch(onMailError);
}

/**
 * Opens a confirmation link: a registration's, or a change of address's (lib/auth/email-change.ts), in one
 * transaction. A registration's confirms the address and grants the welcome credits. Only the request that turns
 * emailVerified from false to true grants them, and the ledger's external reference would refuse a second grant
 * anyway: a link clicked twice (or twice at once) gives the credits once and answers alreadyConfirmed the second time.
 */
export async function confirmEmail(db: DbOrTx, token: string, ipAddress?: string | null): Promise<{ alreadyConfirmed: boolean; email?: string }> {
  return db.transaction(async (tx) => {
    const row = await findAccountToken(tx, token, ["email_confirmation", "email_change"]);
    if (!row) throw new AppError(400, INVALID_LINK);
    if (row.kind === "email_change") return row.usedAt ? { alreadyConfirmed: true, email: row.newEmail ?? undefined } : confirmEmailChange(tx, row, ipAddress);
    const [flipped] = await tx
      .update(schema.users)
      .set({ emailVerified: true, updatedAt: new Date() })
      .where(and(eq(schema.users.id, row.userId), eq(schema.users.emailVerified, false)))
      .returning({ id: schema.users.id });
    if (!flipped) return { alreadyConfirmed: true };
    await tx.update(schema.accountTokens).set({ usedAt: new Date() }).where(eq(schema.accountTokens.id, row.id));
    await grantWelcomeCredits(tx, row.userId);
    await recordAudit(tx, { action: "auth.email_confirmed", actorKind: "user", actorUserId: row.userId, ipAddress, targetType: "user", targetId: row.userId });
    return { alreadyConfirmed: false };
  });
}
