import { and, asc, eq } from "drizzle-orm";
import { type Db, schema } from "../data/db.ts";
import { findUserByEmail } from "../lib/auth/users.ts";
import { failWith } from "./fail.ts";
import { type Words, words } from "./language.ts";

/**
 * The account a command acts for: --user's, or the first administrator (the oldest active admin account) when none
 * is given, since the command line has no signed-in user. An unknown email fails in the words given.
 */
export async function cliUser(db: Db, email: string | undefined, { t }: Pick<Words, "t"> = words(undefined)) {
  if (email) {
    const user = await findUserByEmail(db, email);
    if (!user) failWith(t.noUser(email));
    return user;
  }
  const [admin] = await db
    .select()
    .from(schema.users)
    .where(and(eq(schema.users.role, "admin"), eq(schema.users.isActive, true)))
    .orderBy(asc(schema.users.createdAt))
    .limit(1);
  if (!admin) failWith(t.noAdmin);
  return admin;
}
