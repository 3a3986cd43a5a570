import { afterAll, beforeAll, expect, test } from "bun:test";
import { and, eq, sql } from "drizzle-orm";
import { openDatabase, schema } from "../../data/db.ts";
import { teamMemberById } from "../../lib/auth/team-records.ts";
import { createBatchJob, getBatchJob } from "../../lib/batch/batch-jobs.ts";
import { seedDatasets } from "../../lib/sanctions/datasets/registry.ts";
import { openSearchQueue } from "../../lib/screening/search-queue.ts";
import { seedSystemSettings } from "../../lib/settings/system-settings.ts";
import { HttpClient } from "../../support/http-client.ts";
import { importSdn, TEST_JOB_SETTINGS } from "../fixtures/screening.ts";
import { createUser } from "../helpers/app.ts";
import { startServeProcess } from "../helpers/cli.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import { type NewsServer, startGdeltServer } from "../helpers/news-servers.ts";
import { waitFor } from "../helpers/wait.ts";

/**
 * A server process killed (SIGKILL) in the middle of a batch: some rows are done, others are running (their news
 * requests hang). Another server process on the same database (started after the kill, on PostgreSQL and PGlite
 * alike) finishes the rest: every row ends completed, none is charged twice, the batch counters equal the rows.
 */
const ROWS = 12;
const NAMES = ["Rustam Karimov", "Maria Schneider", "Acme Trading LLC", "Jean Dupont"];

let testDatabase: TestDatabase;
let gdelt: NewsServer;
let env: Record<string, string>;
let userId: string;
let batchId: string;
/** Requests answered before the rest hang, until released. */
let answerFirst = 3;
let holding = true;
const hanging: Promise<Response>[] = [];

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  gdelt = startGdeltServer(() => {
    if (holding && answerFirst-- <= 0) {
      const never = new Promise<Response>(() => {});
      hanging.push(never);
      return never;
    }
    return Response.json({});
  });
  const database = await openDatabase({ databaseUrl: testDatabase.databaseUrl, dataDir: testDatabase.dataDir, role: "cli" });
  try {
    await seedSystemSettings(database.db);
    await seedDatasets(database.db);
    await importSdn(database.db);
    const user = await createUser(database.db, { email: "analyst@example.com", password: "analyst-password", credits: 150 });
    userId = user.id;
    // The batch is charged and queued before any server runs; its rows wait for a worker.
    const queue = await openSearchQueue(database, { ...TEST_JOB_SETTINGS, concurrency: 0 });
    try {
      const entities = Array.from({ length: ROWS }, (_, i) => ({
        searchTerm: `${NAMES[i % NAMES.length]}${i >= NAMES.length ? ` ${i}` : ""}`,
        entityType: NAMES[i % NAMES.length].endsWith("LLC") ? ("company" as const) : ("person" as const),
        language: "en" as const,
        numLinks: 10,
      }));
      batchId = (await createBatchJob({ db: database.db, queue }, { userId, name: "Customers", entities })).batch.id;
    } finally {
      await queue.stop();
    }
  } finally {
    await database.close();
  }
  env = {
    ...testDatabase.env,
    DUECHECK_ADMIN_EMAIL: "admin@test.local",
    DUECHECK_ADMIN_PASSWORD: "Admin-password-1",
    ...SCREENING_TEST_ENV,
    DUECHECK_NEWS_PROVIDERS: "gdelt",
    DUECHECK_GDELT_URL: gdelt.url,
    DUECHECK_NEWS_TIMEOUT_MS: "120000",
    DUECHECK_JOB_CONCURRENCY: "2",
    DUECHECK_JOB_EXPIRE_SECONDS: "4",
    DUECHECK_JOB_MAINTENANCE_SECONDS: "1",
    // The retry of the killed attempt starts a second after its lease ran out, not the default five.
    DUECHECK_JOB_RETRY_DELAY_SECONDS: "1",
  };
});
afterAll(async () => {
  await gdelt.stop();
  await testDatabase.drop();
});

const statuses = async (client: HttpClient) => {
  const res = await client.get("/api/searches?limit=100");
  expect(res.status).toBe(200);
  return (res.json.items as { status: string }[]).map((s) => s.status);
};

test("a batch whose server is killed mid-batch is finished by another process: every row ends, none charged twice", async () => {
  const first = await startServeProcess(env);
  let second: Awaited<ReturnType<typeof startServeProcess>> | null = null;
  try {
    const client = new HttpClient(first.url);
    await client.signIn("analyst@example.com", "analyst-password");
    // Some rows are done and the rows the process screens at once hang on a news request.
    await waitFor("rows done and rows running", async () => {
      const now = await statuses(client);
      return now.includes("completed") && now.includes("processing") && hanging.length >= 2;
    });
    const before = await statuses(client);
    expect(before.filter((s) => s === "completed").length).toBeLessThan(ROWS);

    first.proc.kill("SIGKILL");
    await first.proc.exited;
    holding = false;
    second = await startServeProcess(env);
    const survivor = new HttpClient(second.url);
    for (const [name, value] of client.cookies) survivor.cookies.set(name, value);
    await waitFor("every row to end", async () => (await statuses(survivor)).every((s) => s === "completed" || s === "failed"));
    expect(await statuses(survivor)).toEqual(Array(ROWS).fill("completed"));

    const balance = (await survivor.get("/api/credits/balance")).json;
    expect(balance.balance).toBe(150 - ROWS * 10);
  } finally {
    if (first.proc.exitCode === null && !first.proc.killed) await first.stop();
    await second?.stop();
  }

  // With every server stopped, the bookkeeping as it is stored.
  const database = await openDatabase({ databaseUrl: testDatabase.databaseUrl, dataDir: testDatabase.dataDir, role: "cli" });
  try {
    const { db } = database;
    const charges = await db
      .select({ searchId: schema.creditTransactions.searchId, n: sql<number>`count(*)::int` })
      .from(schema.creditTransactions)
      .where(and(eq(schema.creditTransactions.userId, userId), eq(schema.creditTransactions.type, "manual_search")))
      .groupBy(schema.creditTransactions.searchId);
    const rows = await db
      .select({ id: schema.searches.id, status: schema.searches.status })
      .from(schema.searches)
      .where(eq(schema.searches.batchJobId, batchId));
    expect(rows).toHaveLength(ROWS);
    expect(charges.map((c) => c.n)).toEqual(Array(ROWS).fill(1));
    expect(new Set(charges.map((c) => c.searchId))).toEqual(new Set(rows.map((r) => r.id)));
    const batch = await getBatchJob(db, await teamMemberById(db, userId), batchId);
    expect(batch).toMatchObject({ status: "completed", totalEntities: ROWS, processedEntities: ROWS, failedEntities: 0 });
  } finally {
    await database.close();
  }
});
