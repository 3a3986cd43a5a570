import { afterAll, beforeAll, expect, test } from "bun:test";
import { and, eq, inArray, sql } from "drizzle-orm";
import { openDatabase, schema } from "../../data/db.ts";
import { teamMemberById } from "../../lib/auth/team-records.ts";
import { createBatchJob, getBatchJob } from "../../lib/batch/batch-jobs.ts";
import { addMonitoredEntity } from "../../lib/monitoring/entities.ts";
import { seedDatasets } from "../../lib/sanctions/datasets/registry.ts";
import { openSearchQueue } from "../../lib/screening/search-queue.ts";
import { seedSystemSettings } from "../../lib/settings/system-settings.ts";
import { HttpClient } from "../../support/http-client.ts";
import { startTcpProxy } from "../../support/tcp-proxy.ts";
import { importSdn, TEST_JOB_SETTINGS } from "../fixtures/screening.ts";
import { createUser } from "../helpers/app.ts";
import { startServeProcess } from "../helpers/cli.ts";
import { balanceOf } from "../helpers/credits.ts";
import { createTestDatabase, TEST_DB, type TestDatabase } from "../helpers/database.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import { type NewsServer, startGdeltServer } from "../helpers/news-servers.ts";

/**
 * The server's path to PostgreSQL is cut by a TCP proxy of the test's own, in the middle of a batch and of monitoring
 * checks, and restored. The process stays alive, answers 503 with Retry-After at once while the database is away (and
 * /readyz says so while /healthz does not), and afterwards every accepted row and check ends, each charged exactly
 * once, with every balance equal to its ledger. PGlite runs in the process: it has no connection to lose.
 */
const ROWS = 40;
const MONITORED = ["Maria Schneider", "Jean Dupont", "Acme Trading LLC", "Rustam Karimov"];
const CUT_MS = 6000;
const CREDITS = 1000;

let testDatabase: TestDatabase;
let gdelt: NewsServer;
let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
let env: Record<string, string>;
let userId: string;
let batchId: string;
let newsAnswered = 0;
const cutMade = Promise.withResolvers<void>();

const onPostgres = TEST_DB === "postgres";

beforeAll(async () => {
  if (!onPostgres) return;
  testDatabase = await createTestDatabase();
  // Each news request takes a while, and past the first half of the rows' worth they wait for the cut: the batch is
  // under way, never finished, when the path is cut, however slowly the test signs in on a busy machine.
  gdelt = startGdeltServer(async () => {
    if (++newsAnswered > ROWS / 2) await cutMade.promise;
    await Bun.sleep(150);
    return Response.json({});
  });
  const database = await openDatabase({ databaseUrl: testDatabase.databaseUrl, dataDir: testDatabase.dataDir, role: "cli" });
  try {
    await seedSystemSettings(database.db);
    await seedDatasets(database.db);
    await importSdn(database.db);
    const user = await createUser(database.db, { email: "analyst@example.com", password: "analyst-password", credits: CREDITS });
    userId = user.id;
    const queue = await openSearchQueue(database, { ...TEST_JOB_SETTINGS, concurrency: 0 });
    try {
      const entities = Array.from({ length: ROWS }, (_, i) => ({
        searchTerm: `Customer ${i} Holdings`,
        entityType: "company" as const,
        language: "en" as const,
        numLinks: 10,
      }));
      batchId = (await createBatchJob({ db: database.db, queue }, { userId, name: "Customers", entities })).batch.id;
    } finally {
      await queue.stop();
    }
    // Due at once: the server's first scan claims them.
    for (const term of MONITORED) {
      await addMonitoredEntity(database.db, userId, { searchTerm: term, entityType: term.endsWith("LLC") ? "company" : "person", frequency: "daily" });
    }
  } finally {
    await database.close();
  }
  const direct = new URL(testDatabase.databaseUrl!);
  proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  const throughProxy = new URL(direct);
  throughProxy.host = `127.0.0.1:${proxy.port}`;
  env = {
    ...testDatabase.env,
    DATABASE_URL: throughProxy.toString(),
    DUECHECK_ADMIN_EMAIL: "admin@test.local",
    DUECHECK_ADMIN_PASSWORD: "Admin-password-1",
    ...SCREENING_TEST_ENV,
    DUECHECK_NEWS_PROVIDERS: "gdelt",
    DUECHECK_GDELT_URL: gdelt.url,
    DUECHECK_JOB_CONCURRENCY: "2",
    DUECHECK_MONITORING_SCAN_SECONDS: "2",
  };
});

afterAll(async () => {
  if (!onPostgres) return;
  await proxy.stop();
  await gdelt.stop();
  await testDatabase.drop();
});

async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(250);
  }
}

interface Answer {
  path: string;
  status: number;
  ms: number;
  retryAfter: string | null;
}

test.skipIf(!onPostgres)(
  "a cut database path mid-batch and mid-check: the process lives, answers 503 at once, and finishes every row and check once",
  async () => {
    const server = await startServeProcess(env);
    let stderr = "";
    const collectStderr = (async () => {
      for await (const chunk of server.proc.stderr as ReadableStream<Uint8Array>) stderr += new TextDecoder().decode(chunk);
    })();
    try {
      const client = new HttpClient(server.url);
      await client.signIn("analyst@example.com", "analyst-password");
      const batch = async () => (await client.get(`/api/batch-jobs/${batchId}`)).json;
      await waitFor("the batch under way", async () => (await batch())?.processedEntities > 2);
      const before = await batch();
      expect(before.processedEntities).toBeLessThan(ROWS);

      proxy.cut();
      cutMade.resolve();
      const cutAt = Date.now();
      const during: Answer[] = [];
      while (Date.now() - cutAt < CUT_MS) {
        for (const [method, path] of [
          ["GET", "/api/credits/balance"],
          ["GET", `/api/batch-jobs/${batchId}`],
          ["POST", "/api/searches"],
          ["GET", "/readyz"],
          ["GET", "/healthz"],
        ] as const) {
          const started = Date.now();
          const res = await client.request(method, path, method === "POST" ? { searchTerm: "Someone During Outage", entityType: "person" } : undefined);
          during.push({ path: `${method} ${path}`, status: res.status, ms: Date.now() - started, retryAfter: res.headers.get("retry-after") });
        }
        await Bun.sleep(200);
      }
      // The process is alive and answered every call: /healthz yes, the rest 503 with Retry-After, each within 5 s.
      expect(server.proc.exitCode).toBeNull();
      expect(during.filter((a) => a.path === "GET /healthz").every((a) => a.status === 200)).toBe(true);
      const needDatabase = during.filter((a) => a.path !== "GET /healthz");
      expect(needDatabase.filter((a) => a.status !== 503)).toEqual([]);
      expect(needDatabase.every((a) => a.retryAfter === "5")).toBe(true);
      expect(Math.max(...during.map((a) => a.ms))).toBeLessThan(5000);

      proxy.restore();
      await waitFor("the database answering through the server", async () => (await client.get("/readyz")).status === 200);
      const res = await client.post("/api/searches", { searchTerm: "Someone After Outage", entityType: "person" });
      expect(res.status).toBe(201);
      await waitFor("every batch row to end", async () => (await batch())?.status === "completed");
      await waitFor("every monitoring check to end", async () => {
        const list = (await client.get("/api/searches?limit=100")).json;
        const items = list.items as { status: string; searchTerm: string }[];
        const checks = items.filter((s) => MONITORED.includes(s.searchTerm));
        return checks.length >= MONITORED.length && items.every((s) => s.status === "completed");
      });
      expect(server.proc.exitCode).toBeNull();
    } finally {
      cutMade.resolve();
      if (server.proc.exitCode === null) await server.stop();
      await collectStderr.catch(() => {});
    }
    // It noticed the outage and its end, and never crashed on it.
    expect(stderr).toContain("the database cannot be reached");
    expect(stderr).toContain("the database answers again");
    expect(stderr).not.toContain("uncaught exception");

    const database = await openDatabase({ databaseUrl: testDatabase.databaseUrl, dataDir: testDatabase.dataDir, role: "cli" });
    try {
      const { db } = database;
      const searches = await db
        .select({ id: schema.searches.id, status: schema.searches.status })
        .from(schema.searches)
        .where(eq(schema.searches.userId, userId));
      expect(searches.every((s) => s.status === "completed")).toBe(true);
      const charges = await db
        .select({ searchId: schema.creditTransactions.searchId, n: sql<number>`count(*)::int` })
        .from(schema.creditTransactions)
        .where(and(eq(schema.creditTransactions.userId, userId), inArray(schema.creditTransactions.type, ["manual_search", "automatic_search"])))
        .groupBy(schema.creditTransactions.searchId);
      expect(new Set(charges.map((c) => c.searchId))).toEqual(new Set(searches.map((s) => s.id)));
      expect(charges.every((c) => c.n === 1)).toBe(true);
      const [ledger] = await db
        .select({ sum: sql<number>`coalesce(sum(${schema.creditTransactions.amount}), 0)::int` })
        .from(schema.creditTransactions)
        .where(and(eq(schema.creditTransactions.userId, userId), inArray(schema.creditTransactions.type, ["manual_search", "automatic_search"])));
      const credits = await balanceOf(db, userId);
      // The test set the balance to CREDITS; since then only search charges went through the ledger.
      expect(ledger.sum).toBeLessThan(0);
      expect(credits).toBe(CREDITS + ledger.sum);
      const done = await getBatchJob(db, await teamMemberById(db, userId), batchId);
      expect(done).toMatchObject({ status: "completed", totalEntities: ROWS, processedEntities: ROWS, failedEntities: 0 });
    } finally {
      await database.close();
    }
  },
  240_000,
);
