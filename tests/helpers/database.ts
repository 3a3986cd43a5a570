import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { type Database, openDatabase } from "../../data/db.ts";
// A test prepares a database as a process would: every capability's settings are registered, as lib/wiring.ts does.
import "../../lib/admin/settings-schema.ts";
import { noteStart } from "./starts.ts";

/**
 * Which database the suite runs on: DUECHECK_TEST_DB=postgres (a real server at DUECHECK_TEST_DATABASE_URL)
 * or pglite (embedded, the default). Each app or test file gets a database of its own.
 */
// Test servers never fetch the real lists from the internet on their own schedule.
process.env.DUECHECK_DATASET_SCHEDULER ??= "0";

export const TEST_DB = process.env.DUECHECK_TEST_DB === "postgres" ? "postgres" : "pglite";
const ADMIN_URL = process.env.DUECHECK_TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export interface TestDatabase {
  /** Environment for a server or CLI process on this database. */
  env: Record<string, string>;
  databaseUrl?: string;
  dataDir: string;
  drop(): Promise<void>;
}

/**
 * A database of its own for a test: migrated already, copied from the template the run made (scripts/test.ts), unless
 * `empty` (a test of the migrations themselves).
 */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<TestDatabase> {
  noteStart("database");
  const dataDir = mkdtempSync(join(tmpdir(), "dc-"));
  if (TEST_DB === "postgres") {
    const name = `duecheck_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
    // Copying a migrated database takes half the time of migrating an empty one.
    const template = process.env.DUECHECK_TEST_PG_TEMPLATE;
    await admin.unsafe(template && !options.empty ? `create database ${name} template ${template}` : `create database ${name}`);
    await admin.end();
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    return {
      env: { DATABASE_URL: url.toString(), DUECHECK_DATA_DIR: dataDir },
      databaseUrl: url.toString(),
      dataDir,
      async drop() {
        const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.end();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  // A migrated PGlite folder made once per run (scripts/test.ts) is copied: initdb takes seconds.
  const template = process.env.DUECHECK_TEST_PGLITE_TEMPLATE;
  if (template && !options.empty && existsSync(join(template, "pgdata"))) cpSync(join(template, "pgdata"), join(dataDir, "pgdata"), { recursive: true });
  return {
    env: { DUECHECK_DATA_DIR: dataDir },
    dataDir,
    async drop() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh test database opened as the CLI opens it; its close() also drops it. */
export async function openTestDatabase(): Promise<Database> {
  const testDatabase = await createTestDatabase();
  const database = await openDatabase({ databaseUrl: testDatabase.databaseUrl, dataDir: testDatabase.dataDir, role: "cli" });
  return {
    ...database,
    async close() {
      await database.close();
      await testDatabase.drop();
    },
  };
}
