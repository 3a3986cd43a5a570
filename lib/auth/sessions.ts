import { and, eq, gt, lt, ne } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { accountSettings } from "./system-settings.ts";
import { generateToken, hashToken } from "./tokens.ts";

export type UserRow = typeof schema.users.$inferSelect;

/** Refresh the idle expiry at most this often, so not every request writes. */
const TOUCH_AFTER_MS = 60_000;

export interface ClientInfo {
  ipAddress?: string | null;
  userAgent?: string | null;
}

/** Starts a session; the idle lifetime is the user's sessionDuration at this moment. */
export async function createSession(db: DbOrTx, user: Pick<UserRow, "id" | "sessionDuration">, client: ClientInfo) {
  const token = generateToken();
  const idleMinutes = user.sessionDuration;
  const expiresAt = new Date(Date.now() + idleMinutes * 60_000);
  await db.insert(schema.sessions).values({
    id: hashToken(token),
    userId: user.id,
    idleMinutes,
    expiresAt,
    userAgent: client.userAgent?.slice(0, 500),
    ipAddress: client.ipAddress,
  });
  return { token, expiresAt };
}

/**
 * The session's user when the token is valid, the user is active and the session has ended neither by idling nor by
 * age; slides the idle expiry. However active, a session lasts at most the setting sessionMaxDays from its sign-in, so a
 * stolen cookie kept busy does not work for ever. A member of a suspended organisation has no session. The setting is read in the same query, as it is checked on every call.
 */
export async function validateSession(db: DbOrTx, token: string, now = new Date()) {
  const id = hashToken(token);
  const [row] = await db
    .select({ session: schema.sessions, user: schema.users, maxDays: schema.systemSettings.value, suspendedAt: schema.organisations.suspendedAt })
    .from(schema.sessions)
    .innerJoin(schema.users, eq(schema.sessions.userId, schema.users.id))
    .innerJoin(schema.organisations, eq(schema.organisations.id, schema.users.organisationId))
    .leftJoin(schema.systemSettings, eq(schema.systemSettings.key, "sessionMaxDays"))
    .where(eq(schema.sessions.id, id));
  if (!row) return null;
  const maxDays = typeof row.maxDays === "number" ? row.maxDays : accountSettings.sessionMaxDays.default;
  const tooOld = now.getTime() - row.session.createdAt.getTime() >= maxDays * 86_400_000;
  // A suspended organisation's sessions end (suspending ends them too; this catches one begun meanwhile).
  if (row.session.expiresAt <= now || tooOld || !row.user.isActive || row.suspendedAt) {
    await db.delete(schema.sessions).where(eq(schema.sessions.id, id));
    return null;
  }
  if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await db
      .update(schema.sessions)
      .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + row.session.idleMinutes * 60_000) })
      .where(and(eq(schema.sessions.id, id), gt(schema.sessions.expiresAt, now)));
  }
  return { sessionId: id, user: row.user };
}

export async function deleteSession(db: DbOrTx, token: string) {
  await db.delete(schema.sessions).where(eq(schema.sessions.id, hashToken(token)));
}

/** Ends one session by its id (the hash of its token). */
export async function deleteSessionById(db: DbOrTx, sessionId: string) {
  await db.delete(schema.sessions).where(eq(schema.sessions.id, sessionId));
}

/** Signs a user out everywhere, optionally keeping the current session. */
export async function deleteUserSessions(db: DbOrTx, userId: string, exceptSessionId?: string) {
  await db
    .delete(schema.sessions)
    .where(exceptSessionId ? and(eq(schema.sessions.userId, userId), ne(schema.sessions.id, exceptSessionId)) : eq(schema.sessions.userId, userId));
}

export async function pruneExpiredSessions(db: DbOrTx, now = new Date()) {
  await db.delete(schema.sessions).where(lt(schema.sessions.expiresAt, now));
}
