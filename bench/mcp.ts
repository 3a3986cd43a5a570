/**
 * npm run bench:mcp — screening through the MCP server (/mcp) beside the same load over the public API.
 *
 * The app runs as its own process on a real PostgreSQL (a database created for the run and dropped after), against
 * the real OFAC SDN list from ../shared/data when present (else the test fixture), with the news providers and the
 * language model replaced by loopback servers that answer at once. Each of N clients has its own user and keys. First
 * every client makes one search to warm the app (not counted); then every client makes R searches with
 * POST /api/v1/search?wait=30 and R `screen` calls through /mcp (the SDK's Client over Streamable HTTP, connected
 * once), alternating, one after the other. It reports p50 and p99 of each (request to completed result) and the MCP
 * overhead in percent, and checks the bookkeeping: every search completed and charged exactly once.
 *
 *   --clients N    concurrent clients (default 50)    --requests R   searches per client and per interface (default 20)
 *   --json PATH    also write the figures as JSON
 *   DUECHECK_BENCH_DATABASE_URL  PostgreSQL to create the run's database on (default postgres://postgres@127.0.0.1:5432/test)
 * A key allows 100 calls a minute: keep R under about 90 (each interface uses a key of its own).
 */

import { parseArgs } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { eq, inArray, sql } from "drizzle-orm";
import { schema } from "../data/db.ts";
import { createApiKey } from "../lib/auth/api-keys.ts";
import { createUser } from "../lib/auth/users.ts";
import { changeCredits } from "../lib/credits/ledger.ts";
import { createBenchDatabase } from "./helpers/database.ts";
import { machine, seedBenchLists, startLoopbackServices, startServer } from "./helpers/services.ts";

const { values: args } = parseArgs({
  options: { clients: { type: "string", default: "50" }, requests: { type: "string", default: "20" }, json: { type: "string" } },
});
const CLIENTS = Number(args.clients);
const REQUESTS = Number(args.requests);
if (!(CLIENTS >= 1 && REQUESTS >= 1)) throw new Error("--clients and --requests must be at least 1");

const NAMES = ["Rustam Karimov", "Maria Schneider", "Acme Trading LLC", "Jean Dupont", "Viktor Bout", "Nordic Timber AB", "Chen Wei", "Ali Hassan"];
const entityType = (term: string) => (/LLC|Ltd|AB$/.test(term) ? "company" : "person");

const services = startLoopbackServices();
const dbName = `duecheck_bench_mcp_${Date.now()}`;
const bench = await createBenchDatabase(dbName);
const { db } = bench.database;
const list = await seedBenchLists(db);

const clients: { restKey: string; mcpKey: string }[] = [];
for (let i = 0; i < CLIENTS; i++) {
  const user = await createUser(db, { email: `mcp-bench${i}@example.com`, password: "bench-password", fullName: `Bench ${i}` });
  await changeCredits(db, { userId: user.id, type: "admin_credit", amount: (2 * REQUESTS + 1) * 10, description: "bench" });
  clients.push({ restKey: (await createApiKey(db, user.id, "rest")).key, mcpKey: (await createApiKey(db, user.id, "mcp")).key });
}

const server = await startServer({
  DATABASE_URL: bench.databaseUrl,
  DUECHECK_DATA_DIR: `/tmp/${dbName}`,
  DUECHECK_DATASET_SCHEDULER: "0",
  ...services.env,
  DUECHECK_JOB_POLL_SECONDS: "0.5",
  DUECHECK_JOB_CONCURRENCY: process.env.DUECHECK_JOB_CONCURRENCY ?? "8",
});
const base = server.url;

interface Phase {
  latencies: number[];
  searchIds: Set<string>;
  failures: string[];
}
const newPhase = (): Phase => ({ latencies: [], searchIds: new Set(), failures: [] });

async function restSearch(phase: Phase, key: string, term: string) {
  const started = performance.now();
  const res = await fetch(`${base}/api/v1/search?wait=30`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ searchTerm: term, entityType: entityType(term) }),
  });
  const body = (await res.json()) as { id?: string; status?: string; error?: string };
  if (res.status !== 200 || !body.id) return void phase.failures.push(`REST ${res.status}: ${body.error}`);
  phase.searchIds.add(body.id);
  if (body.status === "completed") phase.latencies.push(performance.now() - started);
  else phase.failures.push(`REST answered ${body.status}`);
}

async function mcpClient(key: string): Promise<Client> {
  const client = new Client({ name: "duecheck-bench", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
  return client;
}

async function mcpScreen(phase: Phase, client: Client, term: string) {
  const started = performance.now();
  const result = (await client.callTool({ name: "screen", arguments: { name: term, type: entityType(term) } }, undefined, { timeout: 60_000 })) as {
    isError?: boolean;
    content: { text: string }[];
    structuredContent?: { id: string; status: string };
  };
  if (result.isError || !result.structuredContent) return void phase.failures.push(`MCP: ${result.content[0]?.text}`);
  phase.searchIds.add(result.structuredContent.id);
  if (result.structuredContent.status === "completed") phase.latencies.push(performance.now() - started);
  else phase.failures.push(`MCP answered ${result.structuredContent.status}`);
}

const caught = (phase: Phase) => (error: unknown) => void phase.failures.push(String(error));

// --- warm-up, then the same load over each interface ---
const warm = newPhase();
await Promise.all(clients.map((c, i) => restSearch(warm, c.restKey, NAMES[i % NAMES.length]).catch(caught(warm))));

/**
 * The two interfaces side by side under one load: each client alternates a REST search and an MCP screen (half the
 * clients starting with each), so both meet the same queue, the same caches and the same database at every moment.
 * Run one after the other, the two phases differed by up to 15 % either way from run to run, whichever went first.
 */
const rest = newPhase();
const mcp = newPhase();
const connected = await Promise.all(clients.map((c) => mcpClient(c.mcpKey)));
const started = performance.now();
await Promise.all(
  clients.map(async (c, i) => {
    for (let n = 0; n < REQUESTS; n++) {
      const term = NAMES[(i + n) % NAMES.length];
      const calls = [() => restSearch(rest, c.restKey, term).catch(caught(rest)), () => mcpScreen(mcp, connected[i], term).catch(caught(mcp))];
      if (i % 2 === 1) calls.reverse();
      for (const call of calls) await call();
    }
  }),
);
const restSeconds = (performance.now() - started) / 1000;
const mcpSeconds = restSeconds;
await Promise.all(connected.map((client) => client.close()));

// --- bookkeeping: every search completed, each charged exactly once ---
const ids = [...warm.searchIds, ...rest.searchIds, ...mcp.searchIds];
const rows = ids.length
  ? await db.select({ id: schema.searches.id, status: schema.searches.status }).from(schema.searches).where(inArray(schema.searches.id, ids))
  : [];
const notCompleted = rows.filter((r) => r.status !== "completed").length + (ids.length - rows.length);
const charges = await db
  .select({ searchId: schema.creditTransactions.searchId, n: sql<number>`count(*)::int` })
  .from(schema.creditTransactions)
  .where(eq(schema.creditTransactions.type, "manual_search"))
  .groupBy(schema.creditTransactions.searchId);
const chargeCount = new Map(charges.map((c) => [c.searchId, c.n]));
const notChargedOnce = ids.filter((id) => chargeCount.get(id) !== 1).length;

await server.stop();
await bench.drop();
services.stop();

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : Number.NaN;
};
const summary = (phase: Phase, seconds: number) => ({
  completed: phase.latencies.length,
  failures: phase.failures.length,
  perSecond: Number((phase.latencies.length / seconds).toFixed(1)),
  p50Ms: Math.round(percentile(phase.latencies, 50)),
  p99Ms: Math.round(percentile(phase.latencies, 99)),
});
const restFigures = summary(rest, restSeconds);
const mcpFigures = summary(mcp, mcpSeconds);
const overhead = (a: number, b: number) => Number((((a - b) / b) * 100).toFixed(1));
const figures = {
  machine: machine(),
  list: list.label,
  clients: CLIENTS,
  requestsPerClient: REQUESTS,
  rest: restFigures,
  mcp: mcpFigures,
  overheadPercent: { p50: overhead(mcpFigures.p50Ms, restFigures.p50Ms), p99: overhead(mcpFigures.p99Ms, restFigures.p99Ms) },
  checks: { notCompleted, notChargedOnce, failures: [...rest.failures, ...mcp.failures, ...warm.failures].slice(0, 5) },
};
console.log(`
MCP screening beside the public API — ${figures.machine}
  list ${figures.list}; ${CLIENTS} clients x ${REQUESTS} searches per interface; job concurrency ${process.env.DUECHECK_JOB_CONCURRENCY ?? "8"}
  POST /api/v1/search  p50 ${restFigures.p50Ms} ms, p99 ${restFigures.p99Ms} ms  (${restFigures.completed} completed, ${restFigures.perSecond}/s, ${restFigures.failures} failed)
  MCP screen           p50 ${mcpFigures.p50Ms} ms, p99 ${mcpFigures.p99Ms} ms  (${mcpFigures.completed} completed, ${mcpFigures.perSecond}/s, ${mcpFigures.failures} failed)
  MCP overhead         p50 ${figures.overheadPercent.p50}%, p99 ${figures.overheadPercent.p99}%
  checks               not completed ${notCompleted}, not charged exactly once ${notChargedOnce}${figures.checks.failures.length ? `\n  first failures       ${figures.checks.failures.join(" | ")}` : ""}
`);
if (args.json) await Bun.write(args.json, JSON.stringify(figures, null, 2));
process.exit(notCompleted === 0 && notChargedOnce === 0 && rest.failures.length + mcp.failures.length + warm.failures.length === 0 ? 0 : 1);
