/**
 * A database as an earlier release left it, for tests of the migrations that upgrade it: a bare database (no
 * template) and the migrations folder with its journal cut after a given migration (drizzle's migrator has no
 * "stop at"). Everything made is removed by `cleanup()`, which a test file calls in afterAll.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { createTestDatabase, TEST_DB } from "./database.ts";

export const MIGRATIONS = join(import.meta.dir, "..", "..", "data", "migrations");

const cleanups: (() => Promise<void>)[] = [];

/** Removes every folder and database made here, newest first. */
export async function cleanup() {
  for (const step of cleanups.splice(0).reverse()) await step();
}

/** The migrations folder as the release that shipped migration `last` had it: the journal up to that index. */
export function migrationsThrough(last: number) {
  const dir = mkdtempSync(join(tmpdir(), "dc-migrations-"));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journal = JSON.parse(readFileSync(join(dir, "meta", "_journal.json"), "utf8"));
  journal.entries = journal.entries.filter((e: { idx: number }) => e.idx <= last);
  writeFileSync(join(dir, "meta", "_journal.json"), JSON.stringify(journal));
  return dir;
}

/** An empty database on the engine under test, with a migrate(folder) of its own. */
export async function openBareDatabase() {
  if (TEST_DB === "postgres") {
    const database = await createTestDatabase({ empty: true });
    const client = postgres(database.databaseUrl!, { max: 1, onnotice: () => {} });
    cleanups.push(async () => {
      await client.end();
      await database.drop();
    });
    // snake_case as the application's: lib functions (the audit chain's check) read the database through it too.
    const db = drizzlePostgres(client, { casing: "snake_case" });
    return { db, migrate: (folder: string) => migratePostgres(db, { migrationsFolder: folder }) };
  }
  const client = await PGlite.create();
  cleanups.push(() => client.close());
  const db = drizzlePglite(client, { casing: "snake_case" });
  return { db, migrate: (folder: string) => migratePglite(db, { migrationsFolder: folder }) };
}

/** The rows of db.execute on either driver (postgres.js answers an array, PGlite { rows }). */
export const rowsOf = <T>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
