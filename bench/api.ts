/**
 * npm run bench:api — the public API under load, end to end.
 *
 * The app runs as its own process on a real PostgreSQL (a database created for the run and dropped after),
 * with the news providers and the language model replaced by loopback servers that answer at once. 50 API
 * clients, each with its own key, POST /api/v1/search (waiting for the result) for 60 s. Afterwards it checks
 * the bookkeeping: every accepted search completed, each charged exactly once, every balance equal to the sum
 * of its ledger, and no request failed other than with 402 or 429.
 *
 *   --clients N     concurrent clients (default 50)     --seconds N   duration (default 60)
 *   --json PATH     also write the figures as JSON
 *   DUECHECK_BENCH_DATABASE_URL  PostgreSQL to create the run's database on (default postgres://postgres@127.0.0.1:5432/test)
 *   The OFAC SDN list from ../shared/data is loaded when present, else the test fixture.
 */

import { parseArgs } from "node:util";
import { eq, inArray, sql } from "drizzle-orm";
import { schema } from "../data/db.ts";
import { createApiKey } from "../lib/auth/api-keys.ts";
import { createUser } from "../lib/auth/users.ts";
import { changeCredits } from "../lib/credits/ledger.ts";
import { createBenchDatabase } from "./helpers/database.ts";
import { machine, seedBenchLists, startLoopbackServices, startServer } from "./helpers/services.ts";

const { values: args } = parseArgs({
  options: { clients: { type: "string", default: "50" }, seconds: { type: "string", default: "60" }, json: { type: "string" } },
});
const CLIENTS = Number(args.clients);
const SECONDS = Number(args.seconds);
const CREDITS_PER_CLIENT = 1000;

const NAMES = [
  "Rustam Karimov",
  "Maria Schneider",
  "Acme Trading LLC",
  "Jean Dupont",
  "Saddam Hussein",
  "Global Shipping Ltd",
  "Ana Lopez",
  "Viktor Bout",
  "Nordic Timber AB",
  "Chen Wei",
  "Ali Hassan",
  "Peter Novak",
];

const services = startLoopbackServices();

// --- the run's database, seeded with users, keys and a sanctions list ---
const dbName = `duecheck_bench_${Date.now()}`;
const bench = await createBenchDatabase(dbName);
const { databaseUrl } = bench;
const { db } = bench.database;
const list = await seedBenchLists(db);

const clients: { userId: string; key: string }[] = [];
for (let i = 0; i < CLIENTS; i++) {
  const user = await createUser(db, { email: `bench${i}@example.com`, password: "bench-password", fullName: `Bench ${i}` });
  await changeCredits(db, { userId: user.id, type: "admin_credit", amount: CREDITS_PER_CLIENT, description: "bench" });
  clients.push({ userId: user.id, key: (await createApiKey(db, user.id, "bench")).key });
}

// --- the app as its own process ---
const server = await startServer({
  DATABASE_URL: databaseUrl,
  DUECHECK_DATA_DIR: `/tmp/${dbName}`,
  DUECHECK_DATASET_SCHEDULER: "0",
  ...services.env,
  DUECHECK_JOB_POLL_SECONDS: "0.5",
  DUECHECK_JOB_CONCURRENCY: process.env.DUECHECK_JOB_CONCURRENCY ?? "8",
});
const base = server.url;

// --- load ---
const latencies: number[] = [];
const statusCounts = new Map<number, number>();
const accepted = new Set<string>();
const deadline = Date.now() + SECONDS * 1000;
let incompleteAnswers = 0;

async function client(index: number) {
  const { key } = clients[index];
  let n = index;
  while (Date.now() < deadline) {
    const term = NAMES[n++ % NAMES.length];
    const started = performance.now();
    let status = 0;
    try {
      const res = await fetch(`${base}/api/v1/search?wait=30`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ searchTerm: term, entityType: /LLC|Ltd|AB$/.test(term) ? "company" : "person" }),
      });
      status = res.status;
      const body = (await res.json()) as { id?: string; status?: string; retryAfter?: number };
      if (status === 200 && body.id) {
        accepted.add(body.id);
        if (body.status === "completed" || body.status === "failed") latencies.push(performance.now() - started);
        else incompleteAnswers++;
      }
      if (status === 429) await Bun.sleep(Number(res.headers.get("retry-after") ?? 1) * 1000);
      if (status === 402) break;
    } catch {
      status = -1;
    }
    statusCounts.set(status, (statusCounts.get(status) ?? 0) + 1);
  }
}
const loadStarted = performance.now();
await Promise.all(clients.map((_, i) => client(i)));
const loadSeconds = (performance.now() - loadStarted) / 1000;

// --- afterwards: bookkeeping ---
const ids = [...accepted];
const settleDeadline = Date.now() + 120_000;
let open = ids.length;
while (open > 0 && Date.now() < settleDeadline) {
  const rows = ids.length ? await db.select({ status: schema.searches.status }).from(schema.searches).where(inArray(schema.searches.id, ids)) : [];
  open = rows.filter((r) => r.status === "pending" || r.status === "processing").length;
  if (open) await Bun.sleep(500);
}
const searchRows = ids.length ? await db.select().from(schema.searches).where(inArray(schema.searches.id, ids)) : [];
const notCompleted = searchRows.filter((r) => r.status !== "completed").length + (ids.length - searchRows.length);
const charges = await db
  .select({ searchId: schema.creditTransactions.searchId, n: sql<number>`count(*)::int` })
  .from(schema.creditTransactions)
  .where(eq(schema.creditTransactions.type, "manual_search"))
  .groupBy(schema.creditTransactions.searchId);
const chargeCount = new Map(charges.map((c) => [c.searchId, c.n]));
const notChargedOnce = ids.filter((id) => chargeCount.get(id) !== 1).length;
// Credits belong to organisations: each organisation's balance is the sum of its ledger.
const ledger = await db
  .select({ organisationId: schema.creditTransactions.organisationId, total: sql<number>`sum(${schema.creditTransactions.amount})::int` })
  .from(schema.creditTransactions)
  .groupBy(schema.creditTransactions.organisationId);
const organisations = await db.select({ id: schema.organisations.id, credits: schema.organisations.credits }).from(schema.organisations);
const ledgerTotals = new Map(ledger.map((l) => [l.organisationId, l.total]));
const ledgerMismatches = organisations.filter((o) => (ledgerTotals.get(o.id) ?? 0) !== o.credits).length;
const otherFailures = [...statusCounts].filter(([s]) => s !== 200 && s !== 402 && s !== 429).reduce((n, [, c]) => n + c, 0);

await server.stop();
await bench.drop();
services.stop();

const sorted = [...latencies].sort((a, b) => a - b);
const pct = (p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);
const figures = {
  machine: machine(),
  list: list.label,
  clients: CLIENTS,
  seconds: Math.round(loadSeconds),
  requests: [...statusCounts.values()].reduce((a, b) => a + b, 0),
  statusCounts: Object.fromEntries([...statusCounts].sort()),
  acceptedSearches: ids.length,
  completedPerSecond: Number((sorted.length / loadSeconds).toFixed(1)),
  p50Ms: Math.round(pct(50)),
  p99Ms: Math.round(pct(99)),
  answeredBeforeCompletion: incompleteAnswers,
  checks: { notCompleted, notChargedOnce, ledgerMismatches, otherFailures },
};
console.log(`
Public API load — ${figures.machine}
  list ${figures.list}; ${CLIENTS} clients for ${figures.seconds} s; job concurrency ${process.env.DUECHECK_JOB_CONCURRENCY ?? "8"}
  requests            ${figures.requests}  (by status: ${JSON.stringify(figures.statusCounts)})
  searches accepted   ${figures.acceptedSearches}
  throughput          ${figures.completedPerSecond} completed searches/s
  request → result    p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms
  checks              not completed ${notCompleted}, not charged exactly once ${notChargedOnce}, balances off the ledger ${ledgerMismatches}, failures other than 402/429 ${otherFailures}
`);
if (args.json) await Bun.write(args.json, JSON.stringify(figures, null, 2));
const ok = notCompleted === 0 && notChargedOnce === 0 && ledgerMismatches === 0 && otherFailures === 0;
process.exit(ok ? 0 : 1);
