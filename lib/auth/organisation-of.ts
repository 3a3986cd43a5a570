import { eq, type SQL, sql } from "drizzle-orm";
import { schema } from "../../data/db.ts";

/**
 * The organisation a member works in, as a value an insert takes in its own statement: a record a member makes
 * belongs to the member's organisation at that moment, even should the member be moved to another one meanwhile.
 */
export function organisationOf(userId: string): SQL<string> {
  return sql<string>`(${sql`select ${schema.users.organisationId} from ${schema.users} where ${eq(schema.users.id, userId)}`})`;
}
