/**
 * npm run bench:scale: the sanctions index at OpenSanctions scale, built and loaded from its snapshot.
 *
 *   bun bench/scale.ts [--entities 1000000,3000000] [--queries 2000] [--json FILE]
 *
 * For each size, in a process of its own (its RSS is that of a process holding the one index): invented listings
 * (helpers/scale-entities.ts) are added to the index builder as a server's worker adds them, the index is built, its
 * queries answered, its snapshot encoded and written to a PostgreSQL database made for the run
 * (DUECHECK_BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test). Then a second process starts as a
 * new server or CLI would: reads the snapshot from the database, checks its SHA-256, decodes it, and answers the same
 * queries, once from cold (as one CLI batch would) and once more; its answers must be the built index's. Reported:
 * build time and RSS, snapshot size, encode, write, read and decode times, the time from process start to the first
 * answer, settled RSS, and the queries' mean (wall and CPU time), p50 and p99.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "../data/db.ts";
import type { SanctionsEntity } from "../lib/sanctions/entity.ts";
import { findStoredSnapshot, readStoredSnapshot, writeStoredSnapshot } from "../lib/sanctions/index-cache/stored.ts";
import { SanctionsIndex, SanctionsIndexBuilder } from "../lib/sanctions/matcher/index.ts";
import { decodeIndex } from "../lib/sanctions/matcher/snapshot/decode.ts";
import { encodeIndex } from "../lib/sanctions/matcher/snapshot/encode.ts";
import { createBenchDatabase } from "./helpers/database.ts";
import { scaleEntities, scaleQueries } from "./helpers/scale-entities.ts";

const { values: args } = parseArgs({
  options: {
    entities: { type: "string", default: "1000000,3000000" },
    queries: { type: "string", default: "2000" },
    json: { type: "string" },
    phase: { type: "string" },
    "database-url": { type: "string" },
    work: { type: "string" },
  },
});

type Query = ReturnType<typeof scaleQueries>[number];

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
const peakRssMb = () => Math.round(process.resourceUsage().maxRSS / 1024);

/** The RSS once the allocator has handed back what the last step freed (see bench/match.ts settledMemory). */
function settledRssMb() {
  Bun.gc(true);
  let rss = process.memoryUsage().rss;
  for (let waited = 0; waited < 15_000; waited += 250) {
    Bun.sleepSync(250);
    const now = process.memoryUsage().rss;
    if (now > rss - 2 ** 20) break;
    rss = now;
  }
  return mb(rss);
}

/** Every query answered once, timed; and a digest of every answer, to compare two indexes' answers. */
function answer(index: SanctionsIndex, queries: Query[]) {
  const hash = createHash("sha256");
  const ms: number[] = [];
  const cpu = process.cpuUsage();
  for (const q of queries) {
    const started = performance.now();
    const results = index.search(q.term, { type: q.type, datasets: q.datasets });
    ms.push(performance.now() - started);
    hash.update(JSON.stringify(results));
  }
  const used = process.cpuUsage(cpu);
  const sorted = [...ms].sort((a, b) => a - b);
  return {
    meanMs: round(ms.reduce((a, b) => a + b, 0) / ms.length, 3),
    // CPU time (user and system) per query: less sensitive than wall time to other processes on the same cores.
    cpuMeanMs: round((used.user + used.system) / 1000 / ms.length, 3),
    p50Ms: round(percentile(sorted, 0.5), 3),
    p99Ms: round(percentile(sorted, 0.99), 3),
    digest: hash.digest("hex"),
  };
}

const fingerprintOf = (entities: number) => `bench-scale-${entities}`;

/** Builds the index of `count` invented entities, answers the queries, writes its snapshot to the database. */
async function buildPhase(count: number, databaseUrl: string, work: string) {
  const generator = scaleEntities();
  const builder = new SanctionsIndexBuilder();
  const every = Math.max(1, Math.floor(count / 20_000));
  const sample: SanctionsEntity[] = [];
  let addMs = 0;
  for (let i = 0; i < count; i++) {
    const entity = generator.entity(i);
    if (i % every === 0) sample.push(entity);
    const started = performance.now();
    builder.add(entity);
    addMs += performance.now() - started;
  }
  const started = performance.now();
  const index = SanctionsIndex.fromBuilder(builder);
  const buildMs = round(addMs + performance.now() - started, 0);
  const builtRssMb = settledRssMb();
  const queries = scaleQueries(sample, Number(args.queries));
  writeFileSync(join(work, "queries.json"), JSON.stringify(queries));
  const built = answer(index, queries);

  let t = performance.now();
  const bytes = encodeIndex(index);
  const encodeMs = round(performance.now() - t, 0);
  const database = await openDatabase({ databaseUrl, dataDir: work, role: "cli" });
  t = performance.now();
  await writeStoredSnapshot(database.db, fingerprintOf(count), bytes, index.size);
  const writeMs = round(performance.now() - t, 0);
  await database.close();
  return {
    entities: index.size,
    names: index.nameCount,
    buildMs,
    builtRssMb,
    buildPeakRssMb: peakRssMb(),
    builtQueries: built,
    snapshotMb: round(bytes.byteLength / 2 ** 20, 1),
    encodeMs,
    writeMs,
  };
}

/** A new process: the snapshot read from the database, checked, decoded; the same queries answered. */
async function loadPhase(count: number, databaseUrl: string, work: string) {
  const queries: Query[] = JSON.parse(readFileSync(join(work, "queries.json"), "utf8"));
  const database = await openDatabase({ databaseUrl, dataDir: work, role: "cli" });
  let t = performance.now();
  const found = await findStoredSnapshot(database.db, fingerprintOf(count));
  if (found.kind !== "found") throw new Error("No snapshot to load");
  const bytes = await readStoredSnapshot(database.db, found.snapshot);
  const readMs = round(performance.now() - t, 0);
  await database.close();
  t = performance.now();
  const index = decodeIndex(bytes);
  const decodeMs = round(performance.now() - t, 0);
  index.search(queries[0].term, { type: queries[0].type });
  // performance.now() counts from the process's start.
  const firstAnswerMs = round(performance.now(), 0);
  index.forgetLookups();
  const loadedRssMb = settledRssMb();
  const cold = answer(index, queries);
  const again = answer(index, queries);
  return { readMs, decodeMs, firstAnswerMs, loadedRssMb, cold, again, servingRssMb: settledRssMb(), loadPeakRssMb: peakRssMb() };
}

function child(phase: string, count: number, databaseUrl: string, work: string) {
  const run = Bun.spawnSync(
    [
      process.execPath,
      import.meta.path,
      "--phase",
      phase,
      "--entities",
      String(count),
      "--database-url",
      databaseUrl,
      "--work",
      work,
      "--queries",
      args.queries!,
    ],
    { stdout: "pipe", stderr: "inherit" },
  );
  if (run.exitCode !== 0) throw new Error(`bench:scale ${phase} of ${count} entities failed`);
  return JSON.parse(run.stdout.toString());
}

async function main() {
  if (args.phase) {
    const count = Number(args.entities);
    const result =
      args.phase === "build" ? await buildPhase(count, args["database-url"]!, args.work!) : await loadPhase(count, args["database-url"]!, args.work!);
    console.log(JSON.stringify(result));
    return;
  }
  const bench = await createBenchDatabase(`duecheck_bench_scale_${process.pid}`);
  const rows: Record<string, unknown>[] = [];
  try {
    for (const count of args.entities!.split(",").map(Number)) {
      const work = join(tmpdir(), `dc-scale-${process.pid}-${count}`);
      rmSync(work, { recursive: true, force: true });
      mkdirSync(work, { recursive: true });
      const built = child("build", count, bench.databaseUrl, work);
      const loaded = child("load", count, bench.databaseUrl, work);
      const row = { ...built, ...loaded, sameAnswers: built.builtQueries.digest === loaded.cold.digest && loaded.cold.digest === loaded.again.digest };
      rows.push(row);
      console.log(
        [
          `\n${row.entities} entities, ${row.names} names`,
          `  build: ${built.buildMs} ms, settled RSS ${built.builtRssMb} MB (peak ${built.buildPeakRssMb} MB); queries mean ${built.builtQueries.meanMs} ms, p50 ${built.builtQueries.p50Ms} ms, p99 ${built.builtQueries.p99Ms} ms`,
          `  snapshot: ${built.snapshotMb} MB, encoded in ${built.encodeMs} ms, written in ${built.writeMs} ms`,
          `  new process: read and checked in ${loaded.readMs} ms, decoded in ${loaded.decodeMs} ms, first answer ${loaded.firstAnswerMs} ms after start; settled RSS ${loaded.loadedRssMb} MB, ${loaded.servingRssMb} MB after the queries (peak ${loaded.loadPeakRssMb} MB)`,
          `  ${args.queries} queries from cold: mean ${loaded.cold.meanMs} ms (CPU ${loaded.cold.cpuMeanMs} ms), p50 ${loaded.cold.p50Ms} ms, p99 ${loaded.cold.p99Ms} ms; again: mean ${loaded.again.meanMs} ms (CPU ${loaded.again.cpuMeanMs} ms), p50 ${loaded.again.p50Ms} ms, p99 ${loaded.again.p99Ms} ms`,
          `  answers identical to the built index's: ${row.sameAnswers}`,
        ].join("\n"),
      );
      rmSync(work, { recursive: true, force: true });
    }
  } finally {
    await bench.drop();
  }
  const machine = { cpus: navigator.hardwareConcurrency, bun: Bun.version, platform: process.platform, arch: process.arch };
  if (args.json) writeFileSync(args.json, `${JSON.stringify({ machine, rows }, null, 2)}\n`);
}

await main();
