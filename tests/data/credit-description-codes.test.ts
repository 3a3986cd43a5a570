/**
 * Migration 0003 on a database that already has ledger rows: the descriptions the app wrote itself in English get
 * their code (so screens translate them), a search charge its term, and anything else (an admin's note) stays text.
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

/** The migrations folder as it was before 0003: the first three entries of the journal and their files. */
function migrationsBefore0003() {
  const dir = mkdtempSync(join(tmpdir(), "dc-migrations-"));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journal = JSON.parse(readFileSync(join(dir, "meta", "_journal.json"), "utf8"));
  journal.entries = journal.entries.filter((e: { idx: number }) => e.idx < 3);
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

test("rows written before the codes get them; free text stays as written", async () => {
  const { db, migrate } = await openBareDatabase();
  await migrate(migrationsBefore0003());
  await db.execute(sql`insert into users (email, password, full_name) values ('old@example.com', 'x', 'Old Rows')`);
  await db.execute(sql`
    insert into credit_transactions (user_id, type, amount, balance, description, created_at)
    select id, t.type::credit_transaction_type, t.amount, t.balance, t.description, now() - t.age * interval '1 day'
    from users, (values
      ('credit_bonus', 25, 25, 'Welcome credits', 5),
      ('admin_credit', 100, 125, 'Added from the command line', 4),
      ('manual_search', -10, 115, 'Manual search: Acme: Trading Ltd', 3),
      ('automatic_search', -1, 114, 'Automatic search: Jean Dupont', 2),
      ('admin_credit', 5, 119, 'Invoice 7', 1)
    ) as t(type, amount, balance, description, age)`);

  await migrate(MIGRATIONS);
  const result = await db.execute<{ description: string; description_code: string | null; description_params: unknown }>(
    sql`select description, description_code, description_params from credit_transactions order by created_at`,
  );
  const rows = Array.isArray(result) ? result : (result as unknown as { rows: unknown[] }).rows;
  expect(rows).toEqual([
    { description: "Welcome credits", description_code: "welcome", description_params: null },
    { description: "Added from the command line", description_code: "cli_credit", description_params: null },
    { description: "Manual search: Acme: Trading Ltd", description_code: "search", description_params: { searchTerm: "Acme: Trading Ltd" } },
    { description: "Automatic search: Jean Dupont", description_code: "search", description_params: { searchTerm: "Jean Dupont" } },
    { description: "Invoice 7", description_code: null, description_params: null },
  ]);
});
