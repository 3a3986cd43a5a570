import { eq } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { recordAudit } from "../audit/record.ts";
import { type ClientInfo, createSession, type UserRow } from "./sessions.ts";
import { rememberSignInAddress } from "./sign-in-addresses.ts";

/**
 * Without email confirmation a new account is signed in by its registration: it has just proved the password, and
 * typing it again on /login is a step that checks nothing more. With email confirmation on, registration signs in
 * nobody (the mailbox is the proof still owed), and the account signs in on /login as before. Audited as the
 * account's sign-in, marked as coming from the registration; the address counts as one it signed in from.
 */
export async function signInAfterRegistration(db: DbOrTx, user: UserRow, client: ClientInfo) {
  await rememberSignInAddress(db, user.id, client.ipAddress);
  await db.update(schema.users).set({ lastLogin: new Date() }).where(eq(schema.users.id, user.id));
  const session = await createSession(db, user, client);
  await recordAudit(db, {
    action: "auth.login",
    actorKind: "user",
    actorUserId: user.id,
    ipAddress: client.ipAddress,
    details: { registration: true },
  });
  return session;
}
