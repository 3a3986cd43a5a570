/**
 * Migration 0022 on a database filled by the previous release: each existing user becomes the owner of an
 * organisation of their own (the user's id), named after their company, else their full name, else their email.
 */
import { afterAll, expect, test } from "bun:test";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { createTestDatabase, TEST_DB, type TestDatabase } from "../helpers/database.ts";

const MIGRATIONS = join(import.meta.dir, "..", "..", "data", "migrations");
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The migrations folder as the previous release shipped it: the journal up to 0021 (the migrator has no "stop at"). */
function migrationsThrough0021() {
  const dir = mkdtempSync(join(tmpdir(), "dc-migrations-"));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journal = JSON.parse(readFileSync(join(dir, "meta", "_journal.json"), "utf8"));
  journal.entries = journal.entries.filter((e: { idx: number }) => e.idx <= 21);
  writeFileSync(join(dir, "meta", "_journal.json"), JSON.stringify(journal));
  return dir;
}

async function openBareDatabase() {
  if (TEST_DB === "postgres") {
    const database: TestDatabase = await createTestDatabase({ empty: true });
    const client = postgres(database.databaseUrl!, { max: 1, onnotice: () => {} });
    cleanups.push(async () => {
      await client.end();
      await database.drop();
    });
    const db = drizzlePostgres(client);
    return { db, migrate: (folder: string) => migratePostgres(db, { migrationsFolder: folder }) };
  }
  const client = await PGlite.create();
  cleanups.push(() => client.close());
  const db = drizzlePglite(client);
  return { db, migrate: (folder: string) => migratePglite(db, { migrationsFolder: folder }) };
}

const rowsOf = <T>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];

test("every user of the previous release owns one organisation named after their company, name or email", async () => {
  const { db, migrate } = await openBareDatabase();
  await migrate(migrationsThrough0021());
  await db.execute(sql`
    insert into users (email, password, full_name, company, role, created_at) values
      ('acme@example.com', 'x', 'Ann Acme', 'Acme Trading', 'admin', now() - interval '3 days'),
      ('solo@example.com', 'x', 'Sam Solo', null, 'user', now() - interval '2 days'),
      ('blank@example.com', 'x', '  ', '  ', 'auditor', now() - interval '1 day')`);

  await migrate(MIGRATIONS);
  const rows = rowsOf<{ email: string; role: string; organisation_role: string; same_id: boolean; name: string; members: number; same_time: boolean }>(
    await db.execute(sql`
      select u.email, u.role, u.organisation_role, u.organisation_id = u.id as same_id, o.name, o.created_at = u.created_at as same_time,
             (select count(*)::int from users m where m.organisation_id = o.id) as members
      from users u join organisations o on o.id = u.organisation_id order by u.created_at`),
  );
  expect(rows).toEqual([
    { email: "acme@example.com", role: "admin", organisation_role: "owner", same_id: true, name: "Acme Trading", members: 1, same_time: true },
    { email: "solo@example.com", role: "user", organisation_role: "owner", same_id: true, name: "Sam Solo", members: 1, same_time: true },
    { email: "blank@example.com", role: "auditor", organisation_role: "owner", same_id: true, name: "blank@example.com", members: 1, same_time: true },
  ]);
  const [{ n }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from organisations`));
  expect(n).toBe(3);
  // The columns are required from now on: a user without an organisation is refused.
  const late = async () => db.execute(sql`insert into users (email, password, full_name) values ('late@example.com', 'x', 'Late')`);
  await expect(late()).rejects.toThrow();
});
