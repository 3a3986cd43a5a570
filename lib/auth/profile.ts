import { eq } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { recordAudit } from "../audit/record.ts";
import { AppError } from "../errors.ts";
import { forgetBrowsers } from "./browser-tokens.ts";
import { type EmailChangeContext, requestEmailChange } from "./email-change.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { checkProof, type ProofContext } from "./proof-throttle.ts";
import type { Language, UpdateProfileInput } from "./schemas.ts";
import { deleteUserSessions, type UserRow } from "./sessions.ts";
import { findUserById } from "./users.ts";

async function updateUser(db: DbOrTx, userId: string, values: Partial<typeof schema.users.$inferInsert>) {
  await db
    .update(schema.users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(schema.users.id, userId));
  return (await findUserById(db, userId))!;
}

/**
 * Saves the profile's details. A new email address goes through requestEmailChange (the password, the second factor,
 * and a link to the new address); the other fields change at once. Answers the user and the address awaiting
 * confirmation, if any.
 */
export async function updateProfile(db: DbOrTx, user: UserRow, input: UpdateProfileInput, ctx: EmailChangeContext) {
  const { email, currentPassword, twoFactorCode, ...details } = input;
  const emailChangePending = email !== user.email ? await requestEmailChange(db, user, email, { currentPassword, twoFactorCode }, ctx) : null;
  const updated = await updateUser(db, user.id, details);
  const fields = (Object.keys(details) as (keyof typeof details)[]).filter((k) => details[k] !== user[k]);
  if (fields.length > 0) {
    await recordAudit(db, {
      action: "user.profile_updated",
      actorKind: "user",
      actorUserId: user.id,
      targetType: "user",
      targetId: user.id,
      details: { fields },
    });
  }
  return { user: updated, emailChangePending };
}

export function updateLanguages(db: DbOrTx, user: UserRow, input: { profileLanguage: Language; reportLanguage: Language }) {
  return updateUser(db, user.id, input);
}

/**
 * The new duration applies from the next sign-in: existing sessions keep the idle time they started with.
 * autoMonitorSearches applies to the searches made from now on.
 */
export function updateSessionSettings(db: DbOrTx, user: UserRow, settings: { sessionDuration?: number; autoMonitorSearches?: boolean }) {
  return updateUser(db, user.id, settings);
}

/**
 * Other sessions of the user are ended and remembered browsers forgotten: whoever knew the old password is signed out
 * and must give the second factor again. Wrong current passwords count as failed sign-ins (lib/auth/proof-throttle.ts).
 */
export async function changePassword(db: DbOrTx, user: UserRow, input: { currentPassword: string; newPassword: string }, proof: ProofContext) {
  if (!(await checkProof(db, user, proof, "change_password", () => verifyPassword(input.currentPassword, user.password)))) {
    throw new AppError(400, "Current password is incorrect");
  }
  await updateUser(db, user.id, { password: await hashPassword(input.newPassword) });
  await deleteUserSessions(db, user.id, proof.sessionId ?? undefined);
  await forgetBrowsers(db, user.id);
  await recordAudit(db, { action: "auth.password_changed", actorKind: "user", actorUserId: user.id });
}
