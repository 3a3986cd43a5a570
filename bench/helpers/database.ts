/**
 * The database a benchmark runs on: created on the PostgreSQL of DUECHECK_BENCH_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/test), opened with the app's migrations, dropped after the run.
 */
import postgres from "postgres";
import { openDatabase } from "../../data/db.ts";

const ADMIN_URL = process.env.DUECHECK_BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** Creates the database `name` (a plain identifier) next to the admin one and opens it. */
export async function createBenchDatabase(name: string) {
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const database = await openDatabase({ databaseUrl, dataDir: "/tmp", role: "cli" });
  return {
    name,
    databaseUrl,
    database,
    /** Closes both connections and keeps the database. */
    async close() {
      await database.close();
      await admin.end();
    },
    /** Closes the run's connection, drops the database and closes the admin connection. */
    async drop() {
      await database.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
