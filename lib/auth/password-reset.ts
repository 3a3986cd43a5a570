import { eq } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { recordAudit } from "../audit/record.ts";
import { AppError } from "../errors.ts";
import type { Mailer } from "../mail/mailer.ts";
import { accountMail } from "../mail/messages.ts";
import { hit, secondsUntilReset, type Window } from "../ratelimit/fixed-window.ts";
import { tooManyRequests } from "../ratelimit/too-many.ts";
import { accountLink, consumeAccountToken, issueAccountToken, LINK_MINUTES } from "./account-tokens.ts";
import { forgetBrowsers } from "./browser-tokens.ts";
import { clearAccountFailures } from "./login-throttle.ts";
import { hashPassword } from "./passwords.ts";
import { deleteUserSessions } from "./sessions.ts";
import { findUserByEmail, findUserById } from "./users.ts";

/** Reset requests allowed per client address (15 minutes) and per email address (an hour), known or not. */
export const RESET_REQUESTS_PER_ADDRESS = 5;
export const RESET_REQUESTS_PER_EMAIL = 3;

async function throttle(db: DbOrTx, email: string, ipAddress: string | null | undefined) {
  const windows: Window[] = [{ key: `reset:email:${email}`, windowSeconds: 3600, limit: RESET_REQUESTS_PER_EMAIL }];
  if (ipAddress) windows.unshift({ key: `reset:ip:${ipAddress}`, windowSeconds: 15 * 60, limit: RESET_REQUESTS_PER_ADDRESS });
  for (const w of windows) {
    if ((await hit(db, w)) > w.limit) throw tooManyRequests("Too many password reset requests.", secondsUntilReset(w));
  }
}

export const RESET_REQUESTED_MESSAGE = "If an account exists for this address, we have sent it a link to reset the password.";

/**
 * "Forgot password?": mails a 30-minute link when the address belongs to an active account. The answer is the same
 * either way, and so is the work done before it (the throttle, the look-up, the audit entry): the link is made and
 * mailed after the answer, so neither the wording nor the time taken tells whether the address exists.
 */
export async function requestPasswordReset(
  db: DbOrTx,
  mailer: Mailer,
  input: { email: string; baseUrl: string; ipAddress?: string | null },
  onMailError: (error: unknown) => void = (error) => console.error("[duecheck] password reset failed (its link or its mail):", error),
) {
  const email = input.email.trim().toLowerCase();
  await throttle(db, email, input.ipAddress);
  const user = await findUserByEmail(db, email);
  await recordAudit(db, {
    action: "auth.password_reset_requested",
    actorKind: "anonymous",
    actorUserId: user?.id ?? null,
    ipAddress: input.ipAddress,
    details: { email, known: Boolean(user?.isActive) },
  });
  if (!user?.isActive) return;
  const send = async () => {
    const { token } = await issueAccountToken(db, user.id, "password_reset", LINK_MINUTES.emailedReset);
    const mail = accountMail("password_reset", user.profileLanguage, accountLink(input.baseUrl, "password_reset", token), LINK_MINUTES.emailedReset);
    await mailer.send({ to: user.email, ...mail });
  };
  setTimeout(() => void send().catch(onMailError), 0);
}

/**
 * Sets a new password with a reset or invitation link, once (refused while the account is deactivated). Every session of the user ends and remembered browsers
 * are forgotten: whoever was signed in with the old password is out.
 */
export async function resetPassword(db: DbOrTx, input: { token: string; password: string }, ipAddress?: string | null) {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const { userId, kind } = await consumeAccountToken(tx, input.token, ["password_reset", "invitation"]);
    const user = await findUserById(tx, userId);
    if (!user) throw new AppError(400, "This link is invalid, has expired or was already used");
    // A deactivated account cannot sign in, so a link made before the deactivation must not give it a password.
    if (!user.isActive) throw new AppError(403, "This account has been deactivated");
    await tx.update(schema.users).set({ password: passwordHash, updatedAt: new Date() }).where(eq(schema.users.id, userId));
    await deleteUserSessions(tx, userId);
    await forgetBrowsers(tx, userId);
    await clearAccountFailures(tx, user.email);
    await recordAudit(tx, {
      action: kind === "invitation" ? "auth.invitation_accepted" : "auth.password_reset",
      actorKind: "user",
      actorUserId: userId,
      ipAddress,
      targetType: "user",
      targetId: userId,
    });
    return { email: user.email };
  });
}
