/**
 * npm run bench:batch — a batch of 10,000 rows end to end, with one and with two server processes.
 *
 * For each process count: a PostgreSQL database made for the run (dropped after) with the OFAC SDN list, a user
 * with enough credits and `bin/duecheck serve` started that many times on the same DATABASE_URL (news providers
 * and the model on loopback servers that answer at once). A CSV of list names (a third, from the imported list)
 * and clean names is written and read back, the batch is created (charged and queued) in this process through
 * createBatchJob, and the servers' workers screen it. Measured: the time to create/charge/queue the batch, the time
 * from creation to the last row finished, rows per second. Then the bookkeeping is checked: every row ended, each
 * charged exactly once, the balance equals its ledger, the batch counters equal the rows' states.
 *
 *   --rows N            rows of the batch (default 10000)
 *   --processes LIST    server process counts to run, comma-separated (default 1,2)
 *   --json PATH         also write the figures as JSON
 *   DUECHECK_JOB_CONCURRENCY  jobs each server runs at once (default 8, as bench:api)
 *   DUECHECK_BENCH_DATABASE_URL  PostgreSQL to create the run's databases on (default postgres://postgres@127.0.0.1:5432/test)
 */
import { parse } from "csv-parse/sync";
import { and, eq, inArray, sql } from "drizzle-orm";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { schema, type Db } from "../data/db.ts";
import { createUser } from "../lib/auth/users.ts";
import { createBatchJob, getBatchJob } from "../lib/batch/batch-jobs.ts";
import { changeCredits } from "../lib/credits/ledger.ts";
import { loadJobSettings } from "../lib/jobs/settings.ts";
import { createSearchSchema, type CreateSearchFields } from "../lib/screening/schemas.ts";
import { openSearchQueue } from "../lib/screening/search-queue.ts";
import { getSystemSettings } from "../lib/settings/system-settings.ts";
import { createBenchDatabase } from "./bench-database.ts";
import { machine, seedBenchLists, startLoopbackServices, startServer } from "./bench-services.ts";

const { values: args } = parseArgs({
  options: { rows: { type: "string", default: "10000" }, processes: { type: "string", default: "1,2" }, json: { type: "string" } },
});
const ROWS = Number(args.rows);
const PROCESS_COUNTS = args.processes.split(",").map(Number);
const CONCURRENCY = process.env.DUECHECK_JOB_CONCURRENCY ?? "8";
const TIMEOUT_MS = 30 * 60_000;

const FIRST = ["Maria", "Jean", "Ana", "Peter", "Chen", "Ingrid", "Tomasz", "Aiko", "Lucas", "Fatima", "Olga", "Mateo", "Sofia", "Henrik", "Priya", "Kwame"];
const LAST = ["Schneider", "Dupont", "Lopez", "Novak", "Wei", "Larsen", "Kowalski", "Tanaka", "Moreau", "Haddad", "Ivanova", "Garcia", "Rossi", "Berg", "Sharma", "Mensah"];
const COMPANY = ["Nordic Timber", "Harbor Bakery", "Alpine Dental", "Greenfield Farms", "Bluewater Logistics", "Maple Printing"];

/** The CSV a compliance team would upload: a third list names (people and companies), the rest clean names. */
async function writeBatchCsv(db: Db, path: string, rows: number) {
  const listed = await db
    .select({ name: schema.sanctionsEntities.name, schema: schema.sanctionsEntities.schema })
    .from(schema.sanctionsEntities)
    .where(eq(schema.sanctionsEntities.datasetId, "us_ofac_sdn"))
    .orderBy(schema.sanctionsEntities.id)
    .limit(Math.ceil(rows / 3));
  const quote = (s: string) => `"${s.replaceAll('"', '""')}"`;
  const lines = ["name,type,country"];
  for (let i = 0; i < rows; i++) {
    const hit = i % 3 === 0 ? listed[(i / 3) % listed.length] : undefined;
    if (hit) lines.push(`${quote(hit.name)},${hit.schema === "Person" ? "person" : "company"},`);
    else if (i % 7 === 1) lines.push(`${quote(`${COMPANY[i % COMPANY.length]} ${i} Ltd`)},company,GB`);
    else lines.push(`${quote(`${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${i}`)},person,`);
  }
  writeFileSync(path, lines.join("\r\n"));
}

/** The batch CSV read back into the rows of a batch (name, type, country), each validated as a search. */
function readBatchCsv(path: string): CreateSearchFields[] {
  const records = parse(readFileSync(path), { columns: true, skip_empty_lines: true }) as { name: string; type: string; country: string }[];
  return records.map((r) => createSearchSchema.parse({ searchTerm: r.name, entityType: r.type, country: r.country || undefined }));
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
    const user = await createUser(db, { email: "batch@example.com", password: "bench-password", fullName: "Batch Bench" });
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

    // This process only creates the batch: its queue runs no jobs.
    const queue = await openSearchQueue(bench.database, { ...loadJobSettings(), concurrency: 0 });
    const started = performance.now();
    const { batch } = await createBatchJob({ db, queue }, { userId: user.id, name: "bench", entities });
    const createSeconds = (performance.now() - started) / 1000;

    const s = schema.searches;
    const open = () => db.$count(s, and(eq(s.batchJobId, batch.id), inArray(s.status, ["pending", "processing"])));
    const deadline = Date.now() + TIMEOUT_MS;
    while ((await open()) > 0 && Date.now() < deadline) {
      peakRssMb = Math.max(peakRssMb, ...rss());
      await Bun.sleep(250);
    }
    const [last] = await db
      .select({ at: sql<string>`max(${s.updatedAt})` })
      .from(s)
      .where(eq(s.batchJobId, batch.id));
    const lastRowSeconds = (new Date(last.at).getTime() - batch.createdAt.getTime()) / 1000;
    await queue.stop();

    const states = await db.select({ status: s.status, n: sql<number>`count(*)::int` }).from(s).where(eq(s.batchJobId, batch.id)).groupBy(s.status);
    const count = (status: string) => states.find((r) => r.status === status)?.n ?? 0;
    const charges = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.creditTransactions)
      .innerJoin(s, eq(s.id, schema.creditTransactions.searchId))
      .where(and(eq(s.batchJobId, batch.id), eq(schema.creditTransactions.type, "manual_search")))
      .groupBy(schema.creditTransactions.searchId);
    const [ledger] = await db.select({ total: sql<number>`coalesce(sum(amount), 0)::int` }).from(schema.creditTransactions).where(eq(schema.creditTransactions.userId, user.id));
    const [balance] = await db.select({ credits: schema.users.credits }).from(schema.users).where(eq(schema.users.id, user.id));
    const counters = await getBatchJob(db, user.id, batch.id);
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
  console.log(`  ${r.processes} process${r.processes > 1 ? "es" : ""}: create/charge/queue ${r.createSeconds} s, last row after ${r.lastRowSeconds} s, ${r.rowsPerSecond} rows/s`);
  console.log(`    completed ${r.completed}, failed ${r.failed}, peak server RSS ${r.peakServerRssMb} MB; checks ${JSON.stringify(r.checks)}`);
}
if (runs.length > 1) console.log(`  speed-up ${runs.at(-1)!.processes} / ${runs[0].processes} processes: ${(runs.at(-1)!.rowsPerSecond / runs[0].rowsPerSecond).toFixed(2)}×`);
if (args.json) await Bun.write(args.json, JSON.stringify(figures, null, 2));
const ok = runs.every((r) => Object.values(r.checks).every((v) => v === 0));
process.exit(ok ? 0 : 1);
