import { and, asc, eq } from "drizzle-orm";
import { type Database, type Db, schema } from "../data/db.ts";
import type { UserRow } from "../lib/auth/sessions.ts";
import { findUserByEmail } from "../lib/auth/users.ts";
import type { ReportLanguage } from "../lib/screening/summary/phrasebook.ts";
import { withDatabase } from "./database.ts";
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

/** What a command acting for a user works with. */
export interface ActingAs {
  database: Database;
  db: Db;
  user: UserRow;
  /** The words of --language, else of the user's report language. */
  shown: Words;
}

/**
 * A command's work on the database (withDatabase) for the user of --user, or the first administrator, with the words
 * to print in. An unknown --user fails in the words of --language (no user's language is known yet).
 */
export function withCliUser<T>(email: string | undefined, asked: ReportLanguage | undefined, work: (acting: ActingAs) => Promise<T>): Promise<T> {
  return withDatabase(async (database) => {
    const user = await cliUser(database.db, email, words(asked));
    return work({ database, db: database.db, user, shown: words(asked, user) });
  });
}
