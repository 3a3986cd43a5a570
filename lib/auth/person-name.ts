import { type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { schema } from "../../data/db.ts";

/** The name shown for a user id column (reviews, clearances): their full name, else their email; null when none (or deleted). */
export function personName(userId: PgColumn | SQL): SQL<string | null> {
  const u = schema.users;
  return sql<string | null>`(select coalesce(nullif(${u.fullName}, ''), ${u.email}) from ${u} where ${u.id} = ${userId})`;
}
