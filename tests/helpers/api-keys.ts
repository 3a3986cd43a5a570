import { eq } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { createApiKey, scopesAllowedTo } from "../../lib/auth/api-keys.ts";

/**
 * A key with every scope its owner may have, but admin: screen, read, review and monitor, or read alone for a
 * read-only account. For tests of what a role may do through the API, where the key's scopes must not be the limit.
 */
export async function memberKey(db: DbOrTx, userId: string, name: string): Promise<string> {
  const [owner] = await db
    .select({ role: schema.users.role, organisationRole: schema.users.organisationRole })
    .from(schema.users)
    .where(eq(schema.users.id, userId));
  const scopes = scopesAllowedTo(owner).filter((scope) => scope !== "admin");
  return (await createApiKey(db, userId, name, { scopes })).key;
}
