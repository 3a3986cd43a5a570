import type { DbOrTx } from "../../data/db.ts";
import { recordAudit } from "../audit/record.ts";
import type { Mailer } from "../mail/mailer.ts";
import { sendEmailConfirmation } from "./email-confirmation.ts";
import { createUser, type NewUser } from "./users.ts";

/**
 * A self-registered account. With mail configured, the welcome credits wait until the address is confirmed (one
 * account per mailbox, not per form) and the confirmation link is mailed. Audited as the new user's own act, from the
 * client's address.
 */
export async function registerUser(db: DbOrTx, input: NewUser, options: { mailer: Mailer | null; baseUrl: string; ipAddress: string | null }) {
  const { mailer } = options;
  const user = await createUser(db, input, { withholdWelcomeCredits: mailer !== null });
  if (mailer) await sendEmailConfirmation(db, mailer, user, options.baseUrl);
  await recordAudit(db, {
    action: "user.registered",
    actorKind: "user",
    actorUserId: user.id,
    ipAddress: options.ipAddress,
    targetType: "user",
    targetId: user.id,
  });
  return user;
}
