/**
 * npm run bench:export — a 100,000-row history export, streamed.
 *
 * Creates a PostgreSQL database for the run, inserts in bulk 100,000 searches of one user over a year (each with a
 * stored result of about 1 KB naming the two lists screened and their versions; one in ten with a decision on a hit),
 * runs VACUUM ANALYZE, then downloads GET /api/searches/export over real HTTP from the app as its own process, as CSV
 * and as Excel, for the whole year. Measured: the time to the last byte, the file's size and rows, and the server
 * process's peak RSS while it writes (sampled every 50 ms from /proc), against its RSS before. Drops the database.
 *
 *   --rows N     searches (default 100000)     --json PATH   also write the figures as JSON
 *   DUECHECK_BENCH_DATABASE_URL  PostgreSQL to create the run's database on (default postgres://postgres@127.0.0.1:5432/test)
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { createUser } from "../lib/auth/users.ts";
import { seedSystemSettings } from "../lib/settings/system-settings.ts";
import { createBenchDatabase } from "./helpers/database.ts";
import { machine, signIn, startServer } from "./helpers/services.ts";

const { values: args } = parseArgs({ options: { rows: { type: "string", default: "100000" }, json: { type: "string" } } });
const ROWS = Number(args.rows);
const PASSWORD = "bench-password";

const dbName = `duecheck_bench_export_${Date.now()}`;
const bench = await createBenchDatabase(dbName);
const { db } = bench.database;
let server: Awaited<ReturnType<typeof startServer>> | undefined;
try {
  await seedSystemSettings(db);
  const user = await createUser(db, {
    email: "exporter@example.com",
    password: PASSWORD,
    fullName: "Export Bench",
    phoneNumber: "0123456789",
    company: "Bench",
    position: "Analyst",
  });
  const insertStarted = performance.now();
  for (let start = 0; start < ROWS; start += 20_000) {
    const count = Math.min(20_000, ROWS - start);
    await db.execute(sql`
      insert into searches (user_id, organisation_id, search_term, entity_name, entity_type, status, risk_level, review_status, results, created_at, updated_at)
      select ${user.id}::uuid, ${user.organisationId}::uuid, name, name, 'person', 'completed', (array['low','medium','high','critical'])[1 + i % 4],
             case when i % 10 = 0 then 'cleared' else 'no_hits' end,
             jsonb_build_object('clean', false, 'sanctionsList', '[]'::jsonb, 'adverseMedia', jsonb_build_array(
               jsonb_build_object('title', name || ' annual report', 'url', 'https://news.example/' || i, 'category', 'others', 'snippet', repeat('text ', 120))),
               'datasetsUsed', jsonb_build_array(
                 jsonb_build_object('id', 'us_ofac_sdn', 'name', 'OFAC SDN', 'type', 'sanctions', 'versionDate', '2025-03-01T00:00:00Z', 'entityCount', 18000),
                 jsonb_build_object('id', 'eu_fsf', 'name', 'EU Consolidated', 'type', 'sanctions', 'versionDate', '2025-02-28T00:00:00Z', 'entityCount', 5000))),
             ts, ts
      from (select i, 'Person ' || i::text as name, timestamptz '2025-01-01' + (i * ${Math.floor((365 * 86_400) / ROWS)}) * interval '1 second' as ts
            from generate_series(${start + 1}::int, ${start + count}::int) as i) rows`);
  }
  await db.execute(sql`
    insert into hit_decisions (search_id, hit_id, hit_kind, hit_label, decision, reason, state)
    select id, 's:1', 'sanctions', 'PERSON, Listed', 'false_positive', 'different_birth_date', 'decided' from searches where review_status = 'cleared'`);
  await db.execute(sql`vacuum analyze`);
  const insertSeconds = Number(((performance.now() - insertStarted) / 1000).toFixed(1));

  server = await startServer(
    { DATABASE_URL: bench.databaseUrl, DUECHECK_DATA_DIR: `/tmp/${dbName}`, DUECHECK_DATASET_SCHEDULER: "0", DUECHECK_JOB_CONCURRENCY: "0" },
    { stdout: "ignore" },
  );
  const cookie = await signIn(server.url, "exporter@example.com", PASSWORD);
  const pid = server.proc.pid;
  const rssMb = () => Number(readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;

  const download = async (format: "csv" | "xlsx") => {
    Bun.gc(true);
    await Bun.sleep(500);
    const before = rssMb();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 50);
    const started = performance.now();
    const res = await fetch(`${server!.url}/api/searches/export?from=2025-01-01&to=2025-12-31&format=${format}`, { headers: { cookie } });
    if (!res.ok || !res.body) throw new Error(`export failed: ${res.status}`);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body) {
      bytes += chunk.byteLength;
      if (format === "csv") for (const b of chunk) if (b === 10) lines++;
    }
    const seconds = Number(((performance.now() - started) / 1000).toFixed(2));
    clearInterval(sampler);
    return {
      format,
      seconds,
      megabytes: Number((bytes / 2 ** 20).toFixed(1)),
      rows: format === "csv" ? lines - 1 : undefined,
      rssBeforeMb: Math.round(before),
      peakRssMb: Math.round(peak),
    };
  };
  const csv = await download("csv");
  const xlsx = await download("xlsx");
  if (csv.rows !== ROWS) throw new Error(`the CSV holds ${csv.rows} rows, not ${ROWS}`);
  const figures = { machine: machine(), rows: ROWS, insertAndVacuumSeconds: insertSeconds, csv, xlsx };
  console.log(`
History export — ${figures.machine}
  ${ROWS.toLocaleString("en")} searches of one user (inserted and vacuumed in ${insertSeconds} s), downloaded over HTTP to the last byte
  CSV    ${csv.seconds} s, ${csv.megabytes} MB, ${csv.rows?.toLocaleString("en")} rows; server RSS ${csv.rssBeforeMb} MB before, peak ${csv.peakRssMb} MB
  Excel  ${xlsx.seconds} s, ${xlsx.megabytes} MB; server RSS ${xlsx.rssBeforeMb} MB before, peak ${xlsx.peakRssMb} MB
`);
  if (args.json) await Bun.write(args.json, JSON.stringify(figures, null, 2));
} finally {
  await server?.stop();
  await bench.drop();
}
