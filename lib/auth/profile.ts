import { and, eq, ne } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { recordAudit } from "../audit/record.ts";
import { AppError } from "../errors.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
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

export async function updateProfile(db: DbOrTx, user: UserRow, input: UpdateProfileInput) {
  const [taken] = await db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(and(eq(schema.users.email, input.email), ne(schema.users.id, user.id)));
  if (taken) throw new AppError(409, "An account with this email already exists");
  const updated = await updateUser(db, user.id, input);
  await recordAudit(db, {
    action: "user.profile_updated",
    actorKind: "user",
    actorUserId: user.id,
    targetType: "user",
    targetId: user.id,
    details: { fields: Object.keys(input).filter((k) => input[k as keyof UpdateProfileInput] !== user[k as keyof UserRow]) },
  });
  return updated;
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

/** Other sessions of the user are ended: whoever knew the old password is signed out. */
export async function changePassword(db: DbOrTx, user: UserRow, input: { currentPassword: string; newPassword: string }, currentSessionId: string) {
  if (!(await verifyPassword(input.currentPassword, user.password))) {
    throw new AppError(400, "Current password is incorrect");
  }
  await updateUser(db, user.id, { password: await hashPassword(input.newPassword) });
  await deleteUserSessions(db, user.id, currentSessionId);
  await recordAudit(db, { action: "auth.password_changed", actorKind: "user", actorUserId: user.id });
}
