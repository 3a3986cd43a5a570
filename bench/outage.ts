/**
 * npm run bench:outage: a PostgreSQL outage under load, measured as a user would see it. `bin/duecheck serve` reaches
 * PostgreSQL through a TCP proxy on loopback; while a batch runs, the proxy cuts every connection and refuses new ones
 * for --seconds, with --clients users calling the API all along. Reports what the calls got during the cut (503 or
 * anything else, and the slowest answer), how long after the database returned the first search was accepted and
 * completed and the batch finished, whether the process lived, and whether every search was charged exactly once.
 *
 *   --rows N       batch rows (default 1500)     --seconds N   length of the cut (default 10)
 *   --clients N    users calling during the cut (default 4)
 *   DUECHECK_BENCH_DATABASE_URL  PostgreSQL to create the run's database on (default postgres://postgres@127.0.0.1:5432/test)
 */
import { parseArgs } from "node:util";
import { and, eq, inArray, sql } from "drizzle-orm";
import postgres from "postgres";
import { openDatabase, schema } from "../data/db.ts";
import { createUser } from "../lib/auth/users.ts";
import { createBatchJob } from "../lib/batch/batch-jobs.ts";
import { memberCredits } from "../lib/credits/ledger.ts";
import { loadJobSettings } from "../lib/jobs/settings.ts";
import { openSearchQueue } from "../lib/screening/search-queue.ts";
import { HttpClient } from "../support/http-client.ts";
import { startTcpProxy } from "../support/tcp-proxy.ts";
import { machine, seedBenchLists, startLoopbackServices, startServer } from "./helpers/services.ts";

const { values } = parseArgs({ options: { rows: { type: "string" }, seconds: { type: "string" }, clients: { type: "string" } } });
const ROWS = Number(values.rows ?? 1500);
const CUT_SECONDS = Number(values.seconds ?? 10);
const CLIENTS = Number(values.clients ?? 4);
const ADMIN_URL = process.env.DUECHECK_BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const CREDITS = ROWS * 10 + 10_000;

const name = `duecheck_bench_outage_${Math.random().toString(36).slice(2, 10)}`;
const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database ${name}`);
const direct = new URL(ADMIN_URL);
direct.pathname = `/${name}`;
const services = startLoopbackServices();
const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
let server: Awaited<ReturnType<typeof startServer>> | null = null;

try {
  const database = await openDatabase({ databaseUrl: direct.toString(), dataDir: "/tmp", role: "cli" });
  let userId: string;
  try {
    await seedBenchLists(database.db);
    const user = await createUser(database.db, {
      email: "ops@bench.local",
      password: "bench-password-1",
      fullName: "Bench",
      phoneNumber: "0123456789",
      company: "Bench",
      position: "Ops",
    });
    userId = user.id;
    await database.db.update(schema.organisations).set({ credits: CREDITS }).where(eq(schema.organisations.id, user.organisationId));
  } finally {
    await database.close();
  }

  const throughProxy = new URL(direct);
  throughProxy.host = `127.0.0.1:${proxy.port}`;
  server = await startServer({
    ...services.env,
    DATABASE_URL: throughProxy.toString(),
    DUECHECK_DATASET_SCHEDULER: "0",
    DUECHECK_MONITORING_SCAN_SECONDS: "0",
    DUECHECK_ADMIN_EMAIL: "admin@bench.local",
    DUECHECK_ADMIN_PASSWORD: "Admin-password-1",
  });
  const clients = await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      const client = new HttpClient(server!.url);
      await client.signIn("ops@bench.local", "bench-password-1");
      return client;
    }),
  );

  // The batch is accepted (charged and queued) before the cut, as an upload would be.
  const setup = await openDatabase({ databaseUrl: direct.toString(), dataDir: "/tmp", role: "cli" });
  let batchId: string;
  try {
    const queue = await openSearchQueue(setup, { ...loadJobSettings(), concurrency: 0 });
    const entities = Array.from({ length: ROWS }, (_, i) => ({
      searchTerm: `Customer ${i} Trading`,
      entityType: "company" as const,
      language: "en" as const,
      numLinks: 10,
    }));
    batchId = (await createBatchJob({ db: setup.db, queue }, { userId, name: "Outage bench", entities })).batch.id;
    await queue.stop();
  } finally {
    await setup.close();
  }
  const batch = async () => (await clients[0].get(`/api/batch-jobs/${batchId}`)).json;
  while (((await batch())?.processedEntities ?? 0) < ROWS * 0.1) await Bun.sleep(100);

  proxy.cut();
  const cutAt = performance.now();
  const statuses = new Map<number, number>();
  let slowest = 0;
  await Promise.all(
    clients.map(async (client, i) => {
      while (performance.now() - cutAt < CUT_SECONDS * 1000) {
        const started = performance.now();
        const res =
          i % 2 === 0
            ? await client.get("/api/credits/balance")
            : await client.post("/api/searches", { searchTerm: "Someone During Outage", entityType: "person" });
        slowest = Math.max(slowest, performance.now() - started);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        await Bun.sleep(100);
      }
    }),
  );
  const healthzAtEnd = (await fetch(`${server.url}/healthz`)).status;
  proxy.restore();
  const back = performance.now();

  let accepted: number | null = null;
  let searchId = "";
  while (accepted === null) {
    const res = await clients[1].post("/api/searches", { searchTerm: "Someone After Outage", entityType: "person" });
    if (res.status === 201) {
      accepted = performance.now() - back;
      searchId = res.json.id;
    } else await Bun.sleep(100);
  }
  let completed: number | null = null;
  while (completed === null) {
    const res = await clients[1].get(`/api/searches/${searchId}`);
    if (res.json?.status === "completed") completed = performance.now() - back;
    else await Bun.sleep(100);
  }
  let batchDone: number | null = null;
  while (batchDone === null) {
    if ((await batch())?.status === "completed") batchDone = performance.now() - back;
    else await Bun.sleep(200);
  }
  const alive = server.proc.exitCode === null;

  const check = await openDatabase({ databaseUrl: direct.toString(), dataDir: "/tmp", role: "cli" });
  let onceEach = false;
  let balanced = false;
  try {
    const searches = await check.db.select({ id: schema.searches.id }).from(schema.searches).where(eq(schema.searches.userId, userId));
    const charges = await check.db
      .select({ searchId: schema.creditTransactions.searchId, n: sql<number>`count(*)::int`, sum: sql<number>`sum(${schema.creditTransactions.amount})::int` })
      .from(schema.creditTransactions)
      .where(and(eq(schema.creditTransactions.userId, userId), inArray(schema.creditTransactions.type, ["manual_search", "automatic_search"])))
      .groupBy(schema.creditTransactions.searchId);
    onceEach = charges.length === searches.length && charges.every((c) => c.n === 1);
    balanced = (await memberCredits(check.db, userId)) === CREDITS + charges.reduce((sum, c) => sum + c.sum, 0);
  } finally {
    await check.close();
  }

  const other = [...statuses].filter(([status]) => status !== 503).reduce((n, [, count]) => n + count, 0);
  console.log(`Database outage: ${CUT_SECONDS} s cut of every PostgreSQL connection during a ${ROWS}-row batch, ${CLIENTS} clients`);
  console.log(`Machine: ${machine()}, Bun ${Bun.version}`);
  console.log(
    `  calls during the cut:       ${[...statuses.values()].reduce((a, b) => a + b, 0)}, of them 503: ${statuses.get(503) ?? 0}, anything else: ${other} ${other ? JSON.stringify(Object.fromEntries(statuses)) : ""}`,
  );
  console.log(`  slowest answer in the cut:  ${slowest.toFixed(0)} ms (/healthz at the end: ${healthzAtEnd})`);
  console.log(
    `  after the database returned: first search accepted ${(accepted / 1000).toFixed(2)} s, completed ${(completed / 1000).toFixed(2)} s, batch finished ${(batchDone / 1000).toFixed(1)} s`,
  );
  console.log(
    `  process alive: ${alive ? "yes" : "NO"}; every search charged exactly once: ${onceEach ? "yes" : "NO"}; balance equals ledger: ${balanced ? "yes" : "NO"}`,
  );
} finally {
  await server?.stop();
  await proxy.stop();
  services.stop();
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
}
