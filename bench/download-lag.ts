/**
 * How long a list download blocks the process's main thread (npm run bench:download): downloads a real list
 * from ../shared/data through a loopback list server into a fresh PostgreSQL database (made for the run, dropped
 * after) several times, while a 5 ms timer measures the event loop's lag, as a server's requests would feel it.
 *
 *   --dataset ID   us_ofac_sdn (default), us_ofac_cons, un_sc_sanctions or us_congress_peps
 *   --runs N       downloads measured (default 3)
 *   DUECHECK_BENCH_DATABASE_URL  PostgreSQL to create the run's database on (default postgres://postgres@127.0.0.1:5432/test)
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { schema } from "../data/db.ts";
import { downloadDataset } from "../lib/sanctions/datasets/download.ts";
import { seedDatasets } from "../lib/sanctions/datasets/registry.ts";
import { ListServer } from "../support/list-server.ts";
import { createBenchDatabase } from "./helpers/database.ts";

const { values } = parseArgs({ options: { dataset: { type: "string", default: "us_ofac_sdn" }, runs: { type: "string", default: "3" } } });
const DATA = join(import.meta.dir, "..", "..", "shared", "data", values.dataset!);
const name = `duecheck_bench_lag_${process.pid}`;

/** Records every gap between 5 ms ticks beyond the 5 ms asked for. */
function lagMeter() {
  const lags: number[] = [];
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    lags.push(Math.max(0, now - last - 5));
    last = now;
  }, 5);
  return {
    stop() {
      clearInterval(timer);
      const sorted = [...lags].sort((a, b) => a - b);
      return { max: sorted.at(-1) ?? 0, p99: sorted[Math.floor(sorted.length * 0.99)] ?? 0, over50: lags.filter((l) => l > 50).length };
    },
  };
}

const bench = await createBenchDatabase(name);
const list = await ListServer.start();
try {
  const { db } = bench.database;
  await seedDatasets(db);
  const files = readdirSync(DATA).sort();
  await db
    .update(schema.sanctionsDatasets)
    .set({ urls: files.map((file) => ({ name: file, url: `${list.url}/${file}` })) })
    .where(eq(schema.sanctionsDatasets.id, values.dataset!));
  const settings = { downloadTimeoutMs: 120_000, downloadMaxBytes: 512 * 1024 * 1024 };
  for (const file of files) list.publish(`/${file}`, readFileSync(join(DATA, file)));
  for (let run = 1; run <= Number(values.runs); run++) {
    // Every run starts with no version, so it fetches, parses and stores the whole list.
    await db.delete(schema.sanctionsDatasetVersions).where(eq(schema.sanctionsDatasetVersions.datasetId, values.dataset!));
    const meter = lagMeter();
    const started = performance.now();
    const result = await downloadDataset(db, values.dataset!, { settings, actor: { kind: "system" } });
    const took = performance.now() - started;
    const lag = meter.stop();
    console.log(
      `run ${run}: ${result.status}, ${result.version?.entity_count} entities in ${took.toFixed(0)} ms; ` +
        `event-loop lag max ${lag.max.toFixed(0)} ms, p99 ${lag.p99.toFixed(0)} ms, ${lag.over50} stalls over 50 ms`,
    );
  }
} finally {
  await list.stop();
  await bench.drop();
}
