/**
 * npm run bench:verify — `duecheck searches verify ID` for one search on the real OFAC SDN list (../shared/data, else
 * the test fixture), and the datasets' retention probe "does any search reference this version" over many searches.
 *
 * A PostgreSQL database made for the run (dropped after): the list imported as the product imports it, one search
 * (the first listed person's name) screened by the product's pipeline (no news provider: verification re-runs the lists only), then:
 *   1. `bin/duecheck searches verify ID` as its own process, --runs times: wall time from spawn to exit, which
 *      includes the CLI's start, opening the database, the checksum of the version's entities and the one-off index
 *      over them. Each run must print `identical` and exit 0. Then verifySearch in this process (no start-up cost).
 *   2. --searches copies of that search's results inserted in bulk (VACUUM ANALYZE after), then referencedVersions
 *      (what retention asks before deleting a version) for the referenced version and for an unreferenced id,
 *      --probes times each, with the plan PostgreSQL chose.
 *
 *   --runs N (default 5)   --searches N (default 100000)   --probes N (default 200)   --keep: keep the database
 *   DUECHECK_BENCH_DATABASE_URL  PostgreSQL to create the run's database on (default postgres://postgres@127.0.0.1:5432/test)
 */
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { eq, sql } from "drizzle-orm";
import { schema } from "../data/db.ts";
import { createUser } from "../lib/auth/users.ts";
import { verifySearch } from "../lib/records/verify-search.ts";
import { computeVersionChecksum } from "../lib/sanctions/datasets/checksum.ts";
import { referencedVersions } from "../lib/sanctions/datasets/version-references.ts";
import { SanctionsIndexCache } from "../lib/sanctions/index-cache/cache.ts";
import { loadEntityBatches } from "../lib/sanctions/index-cache/load.ts";
import { buildInProcess } from "../lib/sanctions/index-cache/searchable.ts";
import { runSearchPipeline } from "../lib/screening/pipeline.ts";
import { wireCapabilities } from "../lib/wiring.ts";
import { createBenchDatabase } from "./helpers/database.ts";
import { machine, ROOT, seedBenchLists } from "./helpers/services.ts";

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    searches: { type: "string", default: "100000" },
    probes: { type: "string", default: "200" },
    keep: { type: "boolean", default: false },
  },
});
const RUNS = Number(args.runs);
const SEARCHES = Number(args.searches);
const PROBES = Number(args.probes);

// As the server does at start-up: the search run here gets its review written with its outcome.
wireCapabilities();
const bench = await createBenchDatabase(`bench_verify_${Date.now()}`);
const { db } = bench.database;
const stats = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return `median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${s[s.length - 1].toFixed(1)} ms (n=${s.length})`;
};
try {
  const { label } = await seedBenchLists(db);
  const user = await createUser(db, { email: "verify@example.com", password: "bench-password", fullName: "Verify Bench" });
  // A name the list holds, so the search has hits to compare.
  const [listed] = await db
    .select({ name: schema.sanctionsEntities.name })
    .from(schema.sanctionsEntities)
    .where(eq(schema.sanctionsEntities.schema, "Person"))
    .orderBy(schema.sanctionsEntities.id)
    .limit(1);
  const [search] = await db
    .insert(schema.searches)
    .values({ userId: user.id, organisationId: user.organisationId, searchTerm: listed.name, entityType: "person" })
    .returning();
  const cache = new SanctionsIndexCache(db);
  await runSearchPipeline({ db, lists: cache, newsProviders: [], model: null }, search.id);
  await cache.stop();
  const [stored] = await db.select().from(schema.searches).where(eq(schema.searches.id, search.id));
  const results = stored.results as { datasetsUsed: { versionId: string; entityCount: number }[]; sanctionsList: { hits: unknown[] }[] };
  const version = results.datasetsUsed[0];
  console.log(`${label}: ${version.entityCount} entities; the search (${stored.status}) has ${results.sanctionsList[0]?.hits.length ?? 0} hits`);
  let t = performance.now();
  await computeVersionChecksum(db, version.versionId);
  console.log(`checksum of the version: ${(performance.now() - t).toFixed(0)} ms`);
  t = performance.now();
  (await buildInProcess(loadEntityBatches(db, [version.versionId]))).dispose();
  console.log(`one-off index: ${(performance.now() - t).toFixed(0)} ms`);
  console.log(`machine: ${machine()}`);

  // 1. The CLI, as a process.
  const wall: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const proc = Bun.spawn([join(ROOT, "bin", "duecheck"), "searches", "verify", search.id], {
      env: { ...process.env, DATABASE_URL: bench.databaseUrl },
      stdout: "pipe",
      stderr: "pipe",
    });
    const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
    wall.push(performance.now() - started);
    if (code !== 0 || out.split("\n")[0] !== "identical") throw new Error(`verify did not answer identical (exit ${code}): ${out}${err}`);
  }
  console.log(`duecheck searches verify (process, spawn to exit): ${stats(wall)}`);
  const inProcess: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const v = await verifySearch(db, { kind: "cli" }, search.id);
    inProcess.push(performance.now() - started);
    if (v.outcome !== "identical") throw new Error(`not identical: ${JSON.stringify(v.differences)}`);
  }
  console.log(`verifySearch (in process): ${stats(inProcess)}`);

  // 2. The retention probe over many searches.
  await db.execute(sql`
    insert into searches (id, user_id, organisation_id, search_term, entity_type, status, results, created_at)
    select gen_random_uuid(), ${user.id}, ${user.organisationId}, 'Bench ' || n, 'person', 'completed', ${JSON.stringify(stored.results)}::jsonb, now() - (n || ' minutes')::interval
    from generate_series(1, ${SEARCHES}) n`);
  await db.execute(sql`vacuum analyze searches`);
  const unreferenced = randomUUID();
  for (const [name, id] of [
    ["referenced version", version.versionId],
    ["unreferenced version", unreferenced],
  ] as const) {
    const ms: number[] = [];
    for (let i = 0; i < PROBES; i++) {
      const started = performance.now();
      const found = await referencedVersions(db, [id]);
      ms.push(performance.now() - started);
      if (found.has(id) !== (id === version.versionId)) throw new Error(`wrong answer for the ${name}`);
    }
    console.log(`referencedVersions over ${SEARCHES + 1} searches, ${name}: ${stats(ms)}`);
  }
  const plan = await db.execute(
    sql`explain select id from searches where (results -> 'datasetsUsed') @> ${JSON.stringify([{ versionId: unreferenced }])}::jsonb limit 1`,
  );
  const lines = (Array.isArray(plan) ? plan : (plan as unknown as { rows: unknown[] }).rows) as { "QUERY PLAN": string }[];
  console.log(`plan:\n${lines.map((l) => `  ${l["QUERY PLAN"]}`).join("\n")}`);
} finally {
  if (args.keep) {
    console.log(`kept: ${bench.databaseUrl}`);
    await bench.close();
  } else await bench.drop();
}
