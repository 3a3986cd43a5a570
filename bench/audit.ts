/**
 * npm run bench:audit — `duecheck audit verify` over a long audit log.
 *
 * A PostgreSQL database made for the run (dropped after) gets N audit entries (default 1,000,000) inserted in bulk
 * with SQL through the product's own chaining (the BEFORE INSERT trigger links and hashes each row, as for every
 * entry the app writes), in statements of 100,000 rows, with details of a realistic size (a search's term, ids and a
 * reason). Then `bin/duecheck audit verify` runs as its own process, as an operator would run it, three times after
 * one warm-up run: wall time from start to exit, and the process's peak memory (/usr/bin/time when present).
 * Checks: each run exits 0 and prints "intact: N entries".
 *
 *   --entries N   entries in the log (default 1000000)   --runs N   timed runs (default 3)
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { createBenchDatabase } from "./helpers/database.ts";
import { machine } from "./helpers/services.ts";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ENTRIES = arg("entries", 1_000_000);
const RUNS = arg("runs", 3);
const STATEMENT = 100_000;
const BIN = join(import.meta.dir, "..", "bin", "duecheck");

const bench = await createBenchDatabase(`duecheck_bench_audit_${process.pid}`);
try {
  const { db } = bench.database;
  const started = performance.now();
  for (let done = 0; done < ENTRIES; done += STATEMENT) {
    const n = Math.min(STATEMENT, ENTRIES - done);
    await db.execute(sql`insert into audit_log (at, actor_user_id, actor_kind, action, target_type, target_id, ip_address, details)
      select now() - make_interval(secs => (${sql.raw(String(ENTRIES - done))} - g)::double precision), gen_random_uuid(), 'user',
        (array['search.created', 'review.decided', 'auth.login', 'admin.user_updated'])[1 + g % 4], 'search', gen_random_uuid()::text,
        '203.0.113.' || (g % 250), jsonb_build_object('searchTerm', 'Entity ' || g, 'reason', 'common_name', 'credits', g % 20, 'note', repeat('n', g % 80))
      from generate_series(1, ${sql.raw(String(n))}) g`);
    process.stdout.write(`\rinserted ${done + n} entries`);
  }
  console.log(`\ninsert through the chaining trigger: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await db.execute(sql`vacuum analyze audit_log`);

  const timeBin = existsSync("/usr/bin/time") ? ["/usr/bin/time", "-f", "%M"] : [];
  const runs: { seconds: number; peakMiB: number | null }[] = [];
  for (let run = 0; run <= RUNS; run++) {
    const start = performance.now();
    const proc = Bun.spawn([...timeBin, BIN, "audit", "verify"], { env: { ...process.env, DATABASE_URL: bench.databaseUrl }, stdout: "pipe", stderr: "pipe" });
    const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
    const seconds = (performance.now() - start) / 1000;
    if (code !== 0 || !out.includes(`intact: ${ENTRIES} entries`)) throw new Error(`verify failed (${code}): ${out}${err}`);
    const kib = timeBin.length ? Number(err.trim().split("\n").at(-1)) : Number.NaN;
    if (run > 0) runs.push({ seconds, peakMiB: Number.isFinite(kib) ? kib / 1024 : null });
    console.log(`${run === 0 ? "warm-up" : `run ${run}`}: ${seconds.toFixed(2)} s${Number.isFinite(kib) ? `, peak ${(kib / 1024).toFixed(0)} MiB` : ""}`);
  }
  const sorted = runs.map((r) => r.seconds).sort((x, y) => x - y);
  console.log(`\nduecheck audit verify over ${ENTRIES.toLocaleString("en")} entries: median ${sorted[Math.floor(sorted.length / 2)].toFixed(2)} s`);
  console.log(`machine: ${machine()}`);
} finally {
  await bench.drop();
}
