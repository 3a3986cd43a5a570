/** Who a `duecheck cases` option names: a user's email or id, as --assignee and --to take them. */
import type { Db } from "../../data/db.ts";
import { findUserByEmail } from "../../lib/auth/users.ts";
import { isUuid } from "../../lib/ids.ts";
import { failWith } from "../fail.ts";
import type { Words } from "../language.ts";

/** The user id of an email or id; an unknown email fails in the words given. An id is passed on for the lib to judge. */
export async function userIdOf(db: Db, emailOrId: string, { t }: Pick<Words, "t">): Promise<string> {
  if (isUuid(emailOrId)) return emailOrId.toLowerCase();
  return (await findUserByEmail(db, emailOrId))?.id ?? failWith(t.noUser(emailOrId));
}

/** A value of an option that takes one of a few words, refused naming the option and what it takes. */
export function oneOf<T extends string>(option: string, value: string | undefined, allowed: readonly T[], { t }: Pick<Words, "t">): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) failWith(t.cases.optionInvalid(option, value, allowed));
  return value as T;
}
