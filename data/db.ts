import { existsSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { DatabaseHealth } from "./health.ts";
import { acquireDataDirLock, readDataDirLock, updateDataDirLock } from "./lock.ts";
import { serveOverSocket } from "./pglite-bridge.ts";
import { PGLITE_OPTIONS } from "./pglite-options.ts";
import { startFromTemplate } from "./pglite-template.ts";
import * as schema from "./schema/index.ts";

export { schema };
export type Schema = typeof schema;
/** The drizzle database every module above this file uses; it does not say which driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: functions that must run inside a caller's transaction take this. */
export type DbOrTx = Pick<Db, "select" | "insert" | "update" | "delete" | "execute" | "transaction">;

export interface Database {
  db: Db;
  /** Human-readable: "PostgreSQL at host/db" or "embedded PGlite at /path". */
  description: string;
  /** Raw SQL for libraries that bring their own schema (pg-boss); several statements when no values. */
  // biome-ignore lint/suspicious/noExplicitAny: pg-boss's `db` option reads its rows untyped
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
  /** Whether the database answers now (see health.ts): a lost connection is reported here and probed until back. */
  health: DatabaseHealth;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir: string;
  /** server: holds the embedded folder and shares it over a socket; cli: uses the server's socket when one runs. */
  role: "server" | "cli";
  /** In-memory PGlite, for tests that need no folder. */
  inMemory?: boolean;
}

export { DataDirBusyError } from "./busy-error.ts";

import { DataDirBusyError } from "./busy-error.ts";

const MIGRATIONS = new URL("./migrations", import.meta.url).pathname;
const MIGRATION_LOCK = 7_412_001;
const casing = "snake_case" as const;

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  if (options.inMemory) return openEmbedded(await PGlite.create(PGLITE_OPTIONS), "in-memory PGlite", async () => {});
  return openEmbeddedFolder(options);
}

/**
 * A lost server must be noticed in seconds, not minutes: connecting gives up after 5 s, and reconnecting waits at most
 * 1 s between tries (postgres.js's default grows to 20 s, during which every query waits).
 */
const RECONNECT = { connect_timeout: 5, backoff: (retries: number) => Math.min(0.25 * retries, 1) };

async function openPostgres(url: string): Promise<Database> {
  // No JIT compilation: the app's statements are short lookups and pages, where compiling a plan PostgreSQL prices as
  // large (a count over many rows) costs more than running it (150 ms of compiling for a 25 ms count, bench:cases).
  const sql = postgres(url, { max: 10, onnotice: () => {}, connection: { jit: "off" }, ...RECONNECT });
  // Its own connection, so a pool busy with long queries never looks like a lost database.
  const probe = postgres(url, { max: 1, onnotice: () => {}, idle_timeout: 30, ...RECONNECT });
  const health = new DatabaseHealth(() => probe`select 1`);
  const db = drizzlePostgres(sql, { schema, casing });
  // Several servers may start at once on one database: migrations run under an advisory lock.
  const lockConnection = await sql.reserve();
  try {
    await lockConnection`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await migratePostgres(db, { migrationsFolder: MIGRATIONS });
  } finally {
    await lockConnection`select pg_advisory_unlock(${MIGRATION_LOCK})`;
    lockConnection.release();
  }
  const { host, pathname } = new URL(url);
  return {
    db: db as unknown as Db,
    description: `PostgreSQL at ${host}${pathname}`,
    executeSql: postgresExecutor(sql),
    health,
    async close() {
      health.close();
      await Promise.all([sql.end({ timeout: 5 }), probe.end({ timeout: 1 })]);
    },
  };
}

async function openEmbedded(pg: PGlite, description: string, onClose: () => Promise<void>): Promise<Database> {
  const db = drizzlePglite(pg, { schema, casing });
  await migratePglite(db, { migrationsFolder: MIGRATIONS });
  return {
    db: db as unknown as Db,
    description,
    async executeSql(text, values = []) {
      if (values.length === 0) return { rows: (await pg.exec(text)).at(-1)?.rows ?? [] };
      return { rows: (await pg.query(text, values)).rows };
    },
    // In the process itself: it has no connection to lose, but the same interface answers for it. Its probe must
    // not be a query: the engine runs one statement at a time, so `select 1` waits behind whatever runs (a list's
    // import, a big page) and a busy engine read as a lost one: every request answered 503 until the work ended.
    health: new DatabaseHealth(async () => {
      if (pg.closed) throw new Error("the embedded database is closed");
    }),
    close: async () => {
      await onClose();
      await pg.close();
    },
  };
}

function socketPathFor(dataDir: string): string {
  const inFolder = join(dataDir, "pglite.sock");
  // Unix socket paths are limited to about 107 bytes.
  if (Buffer.byteLength(inFolder) < 100) return inFolder;
  return join(tmpdir(), `duecheck-${Bun.hash(dataDir).toString(36)}.sock`);
}

async function openEmbeddedFolder(options: OpenOptions): Promise<Database> {
  const { dataDir, role } = options;
  mkdirSync(dataDir, { recursive: true });
  const pgDir = join(dataDir, "pgdata");

  const lock = acquireDataDirLock(dataDir, { holder: role });
  if (!lock.ok) {
    const holder = lock.holder;
    if (role === "cli" && holder.holder === "server" && holder.socketPath) {
      return openThroughServer(holder.socketPath, dataDir);
    }
    if (role === "server" && holder.holder === "server") {
      throw new DataDirBusyError(
        `Another duecheck server (pid ${holder.pid}${holder.port ? `, port ${holder.port}` : ""}) already uses the embedded database in ${dataDir}. Stop it first, or set DUECHECK_DATA_DIR to another folder.`,
      );
    }
    throw new DataDirBusyError(
      `The embedded database in ${dataDir} is in use by another duecheck ${holder.holder} (pid ${holder.pid}). Try again when it has finished.`,
    );
  }

  let socket: PGLiteSocketServer | null = null;
  try {
    // A new folder starts from the migrated tarball made at install when there is one for these migrations
    // (./pglite-template.ts): initdb in this process would grow it to about 1 GB for good.
    if (!existsSync(pgDir)) await startFromTemplate(pgDir);
    const pg = await PGlite.create(pgDir, PGLITE_OPTIONS);
    const database = await openEmbedded(pg, `embedded PGlite at ${pgDir}`, async () => {
      await socket?.stop();
      lock.release();
    });
    if (role === "server") {
      const socketPath = socketPathFor(dataDir);
      await Bun.file(socketPath)
        .delete()
        .catch(() => {});
      socket = await serveOverSocket(pg, socketPath);
      updateDataDirLock(dataDir, { holder: "server", socketPath });
    }
    return database;
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** The CLI while a server holds the folder: postgres.js through the server's socket, one connection. */
async function openThroughServer(socketPath: string, dataDir: string): Promise<Database> {
  const sql = postgres({ path: socketPath, max: 1, prepare: false, onnotice: () => {}, connect_timeout: 30 });
  const health = new DatabaseHealth(() => sql`select 1`);
  // The server accepts one socket client at a time; another CLI run may be using it.
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      await sql`select 1`;
      break;
    } catch (error) {
      if (Date.now() > deadline) {
        await sql.end({ timeout: 1 });
        throw new DataDirBusyError(`Could not reach the running server's database socket ${socketPath}: ${error}`);
      }
      await Bun.sleep(200);
    }
  }
  const db = drizzlePostgres(sql, { schema, casing });
  return {
    db: db as unknown as Db,
    description: `embedded PGlite in ${dataDir}, through the running server`,
    executeSql: postgresExecutor(sql),
    health,
    async close() {
      health.close();
      await sql.end({ timeout: 5 });
    },
  };
}

function postgresExecutor(sql: postgres.Sql) {
  return async (text: string, values: unknown[] = []) => {
    // Without values postgres.js uses the simple protocol, which allows several statements.
    const result = await sql.unsafe(text, values as postgres.ParameterOrJSON<never>[]);
    return { rows: Array.isArray(result) ? [...result] : [] };
  };
}

/** True when a server process currently holds this embedded folder. */
export function runningServer(dataDir: string) {
  const holder = readDataDirLock(dataDir);
  return holder?.holder === "server" ? holder : null;
}
