/**
 * npm run bench:batch — a batch of 10,000 rows end to end, with one and with two server processes.
 *
 * For each process count: a PostgreSQL database made for the run (dropped after) with the OFAC SDN list, a user
 * with enough credits and `bin/duecheck serve` started that many times on the same DATABASE_URL (news providers
 * and the model on loopback servers that answer at once). A CSV of list names (a third, from the imported list)
 * and clean names is written and read back, the batch is created (charged and queued) over HTTP on the first
 * server with the web app's two calls, and the servers' workers screen it. Measured: the time to create/charge/queue the batch, the time
 * from creation to the last row finished, rows per second. Then the bookkeeping is checked: every row ended, each
 * charged exactly once, the balance equals its ledger, the batch counters equal the rows' states.
 *
 *   --rows N            rows of the batch (default 10000)
 *   --processes LIST    server process counts to run, comma-separated (default 1,2)
 *   --json PATH         also write the figures as JSON
 *   DUECHECK_JOB_CONCURRENCY  jobs each server runs at once (default 8, as bench:api)
 *   DUECHECK_BENCH_DATABASE_URL  PostgreSQL to create the run's databases on (default postgres://postgres@127.0.0.1:5432/test)
 */

import { readFileSync, rmSync } from "node:fs";
import { parseArgs } from "node:util";
import { and, eq, inArray, sql } from "drizzle-orm";
import { schema } from "../data/db.ts";
import { createUser } from "../lib/auth/users.ts";
import { getBatchJob } from "../lib/batch/batch-jobs.ts";
import { changeCredits, memberCredits } from "../lib/credits/ledger.ts";
import type { CreateSearchFields } from "../lib/screening/schemas.ts";
import { getSystemSettings } from "../lib/settings/system-settings.ts";
import { createBatchOverHttp, readBatchCsv, writeBatchCsv } from "./helpers/batch-csv.ts";
import { cpuSecondsOf, machineCpuSeconds, postgresCpuBetween, postgresCpuSeconds } from "./helpers/cpu.ts";
import { createBenchDatabase } from "./helpers/database.ts";
import { machine, seedBenchLists, signIn, startLoopbackServices, startServer } from "./helpers/services.ts";

const { values: args } = parseArgs({
  options: { rows: { type: "string", default: "10000" }, processes: { type: "string", default: "1,2" }, json: { type: "string" } },
});
const ROWS = Number(args.rows);
const PROCESS_COUNTS = args.processes.split(",").map(Number);
const CONCURRENCY = process.env.DUECHECK_JOB_CONCURRENCY ?? "8";
const TIMEOUT_MS = 60 * 60_000;
const BENCH_EMAIL = "batch@example.com";
const BENCH_PASSWORD = "bench-password";

/** Where the CPU went between two readings: the servers, PostgreSQL, this process (the loopback sources) and the machine. */
function cpuReading(serverPids: number[]) {
  return {
    servers: serverPids.reduce((sum, pid) => sum + cpuSecondsOf(pid), 0),
    postgres: postgresCpuSeconds(),
    bench: process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6,
    machine: machineCpuSeconds(),
  };
}

/** Signs in as the bench user and makes the batch with the web app's two calls; answers its id. */
async function createOverHttp(url: string, entities: CreateSearchFields[]): Promise<string> {
  return createBatchOverHttp(url, await signIn(url, BENCH_EMAIL, BENCH_PASSWORD), entities);
}

async function runOnce(processes: number) {
  const services = startLoopbackServices();
  const dbName = `duecheck_bench_batch_${Date.now()}`;
  const bench = await createBenchDatabase(dbName);
  const { db } = bench.database;
  const servers: Awaited<ReturnType<typeof startServer>>[] = [];
  const csvPath = `/tmp/${dbName}.csv`;
  try {
    const list = await seedBenchLists(db);
    const settings = await getSystemSettings(db);
    const user = await createUser(db, { email: BENCH_EMAIL, password: BENCH_PASSWORD, fullName: "Batch Bench" });
    const credits = ROWS * settings.manualSearchCost;
    await changeCredits(db, { userId: user.id, type: "admin_credit", amount: credits, description: "bench" });
    await writeBatchCsv(db, csvPath, ROWS);
    const entities = readBatchCsv(csvPath);

    for (let i = 0; i < processes; i++) {
      servers.push(
        await startServer({
          DATABASE_URL: bench.databaseUrl,
          DUECHECK_DATA_DIR: `/tmp/${dbName}-${i}`,
          DUECHECK_DATASET_SCHEDULER: "0",
          ...services.env,
          DUECHECK_JOB_POLL_SECONDS: "0.5",
          DUECHECK_JOB_CONCURRENCY: CONCURRENCY,
        }),
      );
    }
    const rss = () => servers.map((s) => Number(readFileSync(`/proc/${s.proc.pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024);
    let peakRssMb = Math.max(...rss());
    const sampler = setInterval(() => (peakRssMb = Math.max(peakRssMb, ...rss())), 100);

    // The batch is made as the web app makes it, over HTTP on the first server: the batch, then its entities.
    const started = performance.now();
    const batchId = await createOverHttp(servers[0].url, entities);
    const createSeconds = (performance.now() - started) / 1000;
    const [batch] = await db.select().from(schema.batchJobs).where(eq(schema.batchJobs.id, batchId));
    const cpuBefore = cpuReading(servers.map((s) => s.proc.pid));

    const s = schema.searches;
    const open = () => db.$count(s, and(eq(s.batchJobId, batch.id), inArray(s.status, ["pending", "processing"])));
    const deadline = Date.now() + TIMEOUT_MS;
    while ((await open()) > 0 && Date.now() < deadline) await Bun.sleep(250);
    clearInterval(sampler);
    const [last] = await db
      .select({ at: sql<string>`max(${s.updatedAt})` })
      .from(s)
      .where(eq(s.batchJobId, batch.id));
    const lastRowSeconds = (new Date(last.at).getTime() - batch.createdAt.getTime()) / 1000;
    const cpuAfter = cpuReading(servers.map((s) => s.proc.pid));
    const round1 = (n: number) => Number(n.toFixed(1));
    const cpu = {
      serversSeconds: round1(cpuAfter.servers - cpuBefore.servers),
      postgresSeconds: round1(postgresCpuBetween(cpuBefore.postgres, cpuAfter.postgres)),
      loopbackSourcesSeconds: round1(cpuAfter.bench - cpuBefore.bench),
      machineBusyPercent: Math.round((100 * (cpuAfter.machine.busy - cpuBefore.machine.busy)) / (cpuAfter.machine.total - cpuBefore.machine.total)),
    };

    const states = await db.select({ status: s.status, n: sql<number>`count(*)::int` }).from(s).where(eq(s.batchJobId, batch.id)).groupBy(s.status);
    const count = (status: string) => states.find((r) => r.status === status)?.n ?? 0;
    const charges = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.creditTransactions)
      .innerJoin(s, eq(s.id, schema.creditTransactions.searchId))
      .where(and(eq(s.batchJobId, batch.id), eq(schema.creditTransactions.type, "manual_search")))
      .groupBy(schema.creditTransactions.searchId);
    const [ledger] = await db
      .select({ total: sql<number>`coalesce(sum(amount), 0)::int` })
      .from(schema.creditTransactions)
      .where(eq(schema.creditTransactions.userId, user.id));
    const balance = { credits: await memberCredits(db, user.id) };
    const counters = await getBatchJob(db, user, batch.id);
    const checks = {
      notEnded: ROWS - count("completed") - count("failed"),
      notChargedOnce: ROWS - charges.filter((c) => c.n === 1).length,
      balanceOffLedger: ledger.total - balance.credits,
      countersOff: Math.abs(counters.processedEntities - count("completed")) + Math.abs(counters.failedEntities - count("failed")),
    };
    return {
      processes,
      list: list.label,
      rows: ROWS,
      createSeconds: Number(createSeconds.toFixed(2)),
      lastRowSeconds: Number(lastRowSeconds.toFixed(1)),
      rowsPerSecond: Number((ROWS / lastRowSeconds).toFixed(1)),
      completed: count("completed"),
      failed: count("failed"),
      peakServerRssMb: Math.round(peakRssMb),
      cpu,
      checks,
    };
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await bench.drop();
    services.stop();
    rmSync(csvPath, { force: true });
  }
}

const runs = [];
for (const processes of PROCESS_COUNTS) runs.push(await runOnce(processes));

const figures = { machine: machine(), jobConcurrency: Number(CONCURRENCY), runs };
console.log(`\nBatch of ${ROWS} rows — ${figures.machine}; job concurrency ${CONCURRENCY} per process; list ${runs[0]?.list}`);
for (const r of runs) {
  console.log(
    `  ${r.processes} process${r.processes > 1 ? "es" : ""}: create/charge/queue ${r.createSeconds} s, last row after ${r.lastRowSeconds} s, ${r.rowsPerSecond} rows/s`,
  );
  console.log(`    completed ${r.completed}, failed ${r.failed}, peak server RSS ${r.peakServerRssMb} MB; checks ${JSON.stringify(r.checks)}`);
  console.log(
    `    CPU while screening: servers ${r.cpu.serversSeconds} s, PostgreSQL ${r.cpu.postgresSeconds} s, loopback sources ${r.cpu.loopbackSourcesSeconds} s; machine ${r.cpu.machineBusyPercent}% busy`,
  );
}
if (runs.length > 1)
  console.log(`  speed-up ${runs.at(-1)!.processes} / ${runs[0].processes} processes: ${(runs.at(-1)!.rowsPerSecond / runs[0].rowsPerSecond).toFixed(2)}×`);
if (args.json) await Bun.write(args.json, JSON.stringify(figures, null, 2));
const ok = runs.every((r) => Object.values(r.checks).every((v) => v === 0));
process.exit(ok ? 0 : 1);
