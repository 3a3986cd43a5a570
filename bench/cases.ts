/**
 * npm run bench:cases — case management at a team's scale: the case list's views, auto-assignment of a batch's new
 * cases, and the case report.
 *
 * A PostgreSQL database made for the run (dropped after) holding an organisation of 50 members with 100,000 open
 * cases and 30,000 closed ones, their searches (one to three a case, each with the hit of its case's priority),
 * decisions and timelines, and four other organisations with 5,000 cases each (bench/helpers/cases-seed.ts says what
 * the cases look like). Inserted in bulk with SQL, then VACUUM ANALYZE (as autovacuum would); a sample of the searches
 * is checked against searchResultsSchema and the review rule. The app runs as its own process (`bin/duecheck serve`),
 * measured over real HTTP, signed in by cookie, after 20 warm-up requests:
 *
 *   1. GET /api/cases?assignee=me ("Mine"), ?assignee=unassigned ("Unassigned") and ?overdue=true ("Overdue"): the
 *      first page, and a deep page (the cursor of the list's middle row), as ten members (reviewers and analysts) in
 *      turn; ?tag=sar-candidate the same, for information (does the tag filter need an index?). Every answer's total is checked against a count in SQL. The plans of those queries (EXPLAIN ANALYZE of the
 *      exact SQL lib/cases/list.ts sends) with --explain.
 *   2. A batch of 1,500 rows finishing, 1,000 of them with a hit of a new subject, with auto-assignment on and a
 *      per-member cap (default: the median open load of the members auto-assignment may pick): its rows' outcomes
 *      written as the batch's chunk jobs write them (finishSearches, which groups them into cases and auto-assigns them
 *      in the same transaction: lib/wiring.ts), 50 rows a chunk, 10 rows a write, 4 chunks at once. Checked: 1,000 new
 *      cases, as many assigned as the cap leaves room for, nobody past the cap, nobody unavailable given one, and the
 *      new cases spread evenly (no receiver more than one case above the least-loaded member who could take one).
 *   3. The case report (buildCaseReport, lib/cases/report) of a case of 50 searches (screened by the product's pipeline
 *      on the OFAC SDN list, ../shared/data when present: manual searches, batch rows and monitoring checks of one
 *      subject), every hit decided over HTTP, 10 notes, 20 attachments uploaded over HTTP (PDFs, PNG scans, e-mails,
 *      text, spreadsheets), closed: PDF and XLSX, in process and, for the PDF, GET /api/cases/{id}/report.pdf.
 *   4. With --engine both (the default) or pglite: the same seed in embedded PGlite (a folder, as the app runs without
 *      DATABASE_URL), its seeding time, and the list views of 1. over HTTP.
 *
 *   --cases N  open cases (default 100000)     --closed N (default 30000)     --other-cases N  per other organisation (5000)
 *   --members N (default 50)                   --requests N  per measurement (default 200)
 *   --new-cases N  (default 1000)              --cap N  per-member cap (default: the median load)
 *   --report-searches N (default 50)           --attachments N (default 20)
 *   --engine postgres|pglite|both (default both)   --pglite-cases N  open cases on PGlite (default --cases)
 *   --index SQL  a CREATE INDEX run on the PostgreSQL database before measuring (to show what an index would change;
 *                may be given more than once)
 *   --skip-report  parts 1, 2 and 4 only (no list import)   --explain  print the plans     --json PATH  also write the figures as JSON     --keep  keep the PostgreSQL database
 *   DUECHECK_BENCH_DATABASE_URL  PostgreSQL to create the run's database on (default postgres://postgres@127.0.0.1:5432/test)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { type Db, openDatabase, schema } from "../data/db.ts";
import { createUser } from "../lib/auth/users.ts";
import { reviewableHits, reviewStateOf } from "../lib/review/status.ts";
import { readResults, searchResultsSchema } from "../lib/screening/results.ts";
import { seedSystemSettings } from "../lib/settings/system-settings.ts";
import { wireCapabilities } from "../lib/wiring.ts";
import { measureAutoAssign } from "./helpers/cases-assign.ts";
import { explainListQueries } from "./helpers/cases-explain.ts";
import { type ListFigures, measureListViews } from "./helpers/cases-lists.ts";
import { measureReport, reportModule } from "./helpers/cases-report.ts";
import { rowsOf, seedCases } from "./helpers/cases-seed.ts";
import { createBenchDatabase } from "./helpers/database.ts";
import { answeringServerEnv, machine, seedBenchLists, startServer } from "./helpers/services.ts";

const { values: args } = parseArgs({
  options: {
    cases: { type: "string", default: "100000" },
    closed: { type: "string", default: "30000" },
    "other-cases": { type: "string", default: "5000" },
    members: { type: "string", default: "50" },
    requests: { type: "string", default: "200" },
    "new-cases": { type: "string", default: "1000" },
    cap: { type: "string" },
    "report-searches": { type: "string", default: "50" },
    attachments: { type: "string", default: "20" },
    engine: { type: "string", default: "both" },
    "pglite-cases": { type: "string" },
    index: { type: "string", multiple: true },
    explain: { type: "boolean", default: false },
    "skip-report": { type: "boolean", default: false },
    json: { type: "string" },
    keep: { type: "boolean", default: false },
  },
});
const MEMBERS = Number(args.members);
const REQUESTS = Number(args.requests);
const PASSWORD = "bench-password";
/** p95 of each list view; the batch's auto-assignment in all; each report. */
const LIST_TARGET_MS = 100;
const ASSIGN_TARGET_MS = 5000;
const REPORT_TARGET_MS = 3000;
if (MEMBERS < 12) throw new Error("--members must be at least 12 (owner, admin, five reviewers, analysts, an auditor)");
if (!["postgres", "pglite", "both"].includes(args.engine!)) throw new Error("--engine must be postgres, pglite or both");

const seedFor = (openCases: number) => ({
  members: MEMBERS,
  openCases,
  closedCases: Math.round((Number(args.closed) * openCases) / Number(args.cases)),
  otherCases: Math.round((Number(args["other-cases"]) * openCases) / Number(args.cases)),
});

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await run();
  return [value, performance.now() - started];
}

/** The seed as the product reads it: a sample of searches passes the schema, and the review rule gives their status. */
async function checkSeed(db: Db) {
  const sample = await db
    .select({ results: schema.searches.results, reviewStatus: schema.searches.reviewStatus, openHits: schema.searches.openHits })
    .from(schema.searches)
    .where(sql`${schema.searches.reviewStatus} = 'needs_review'`)
    .orderBy(sql`random()`)
    .limit(200);
  let off = 0;
  for (const row of sample) {
    const parsed = searchResultsSchema.safeParse(row.results);
    const state = reviewStateOf(reviewableHits(readResults(row.results)), [], false);
    if (!parsed.success || state.status !== row.reviewStatus || state.openHits !== row.openHits) off++;
  }
  const [counts] = rowsOf(
    await db.execute(sql`
    select count(*) filter (where c.status <> 'closed')::int as open, count(*) filter (where c.status = 'closed')::int as closed,
           count(*) filter (where c.status <> 'closed' and c.due_at < now())::int as overdue,
           count(*) filter (where c.status <> 'closed' and c.assignee_id is null)::int as unassigned,
           (select count(*)::int from searches s where s.organisation_id = o.id) as searches
    from cases c join organisations o on o.id = c.organisation_id
    where o.name = 'Harbor Compliance' group by o.id`),
  ) as {
    open: number;
    closed: number;
    overdue: number;
    unassigned: number;
    searches: number;
  }[];
  return { sampled: sample.length, off, ...counts };
}

type SeedCheck = Awaited<ReturnType<typeof checkSeed>>;
const seedLine = (label: string, seconds: number, c: SeedCheck) =>
  `  ${label}: ${c.open.toLocaleString("en")} open cases (${c.overdue.toLocaleString("en")} overdue, ${c.unassigned.toLocaleString("en")} unassigned) and ${c.closed.toLocaleString("en")} closed, ${c.searches.toLocaleString("en")} searches, in an organisation of ${MEMBERS}; seeded and vacuumed in ${seconds.toFixed(1)} s; ${c.off} of ${c.sampled} sampled searches off the schema or the review rule`;

const line = (m: { p50: number; p95: number; max: number }) => `p50 ${m.p50} ms, p95 ${m.p95} ms, max ${m.max} ms`;
const verdict = (good: boolean) => (good ? "met" : "NOT MET");

/** The machine is shared: its load (1-minute average, against its cores) is printed beside each part's figures. */
const load = () => `load average ${loadavg()[0].toFixed(1)}`;

function printLists(label: string, lists: ListFigures) {
  console.log(
    `  ${label}: GET /api/cases, ${REQUESTS} requests each over HTTP after 20 warm-up, 10 members in turn (${load()})    target p95 < ${LIST_TARGET_MS} ms`,
  );
  for (const m of lists) {
    console.log(
      `     ${m.view.padEnd(34)} ${line(m)}; CPU ${m.cpuMs} ms a request   ${m.info ? "for information" : verdict(m.p95 < LIST_TARGET_MS)}   (totals ${m.totals})`,
    );
  }
}

/**
 * The server answers what it is asked and runs nothing beside (answeringServerEnv), nor the morning digest of overdue
 * cases: its check runs every minute, and it is not what is measured here.
 */
const serverEnv = (databaseUrl: string, dataDir: string) => ({ ...answeringServerEnv(databaseUrl, dataDir), DUECHECK_DIGEST_CHECK_SECONDS: "0" });

wireCapabilities();
const figures: Record<string, unknown> = { machine: machine(), requests: REQUESTS };
let ok = true;
const report = args["skip-report"] ? null : await reportModule();
console.log(`Cases — ${figures.machine}`);

// --- PostgreSQL ---
if (args.engine !== "pglite") {
  const dbName = `duecheck_bench_cases_${Date.now()}`;
  const bench = await createBenchDatabase(dbName);
  const { db } = bench.database;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    await seedSystemSettings(db);
    await createUser(db, { email: "admin@example.com", password: PASSWORD, fullName: "Bench Admin", role: "admin" });
    const [, seedMs] = await timed(() => seedCases(db, seedFor(Number(args.cases))));
    const seed = await checkSeed(db);
    console.log(seedLine("PostgreSQL", seedMs / 1000, seed));
    if (seed.off > 0) ok = false;
    let listLabel: string | null = null;
    if (report) {
      const [list, listMs] = await timed(() => seedBenchLists(db));
      listLabel = list.label;
      console.log(`  ${list.label} imported in ${(listMs / 1000).toFixed(1)} s (for the report's searches and their verification)`);
    }
    for (const statement of args.index ?? []) {
      const [, indexMs] = await timed(() => db.execute(sql.raw(statement)));
      await db.execute(sql`analyze cases`);
      console.log(`  index created by hand in ${(indexMs / 1000).toFixed(1)} s: ${statement}`);
    }
    server = await startServer(serverEnv(bench.databaseUrl, `/tmp/${dbName}`), { stdout: "ignore" });

    const lists = await measureListViews(db, server.url, {
      members: MEMBERS,
      requests: REQUESTS,
      password: PASSWORD,
      serverPid: server.proc.pid,
      postgres: true,
    });
    printLists("1. list views, PostgreSQL", lists);
    if (lists.some((m) => (!m.info && m.p95 >= LIST_TARGET_MS) || !m.checked)) ok = false;
    const plans = await explainListQueries(db, bench.databaseUrl, { members: MEMBERS, print: args.explain });
    console.log(`     in-database time of each list's queries (EXPLAIN ANALYZE, one run): ${plans.map((p) => `${p.view} ${p.ms} ms`).join("; ")}`);

    const assign = await measureAutoAssign(db, { newCases: Number(args["new-cases"]), cap: args.cap ? Number(args.cap) : undefined, members: MEMBERS });
    console.log(
      `  2. auto-assignment: a batch of ${assign.rows.toLocaleString("en")} rows (${assign.newCases.toLocaleString("en")} new cases), ${assign.lanes} chunks at once, writes of ${assign.writeRows} rows, cap ${assign.cap} (${load()})    target < ${ASSIGN_TARGET_MS} ms in all
     ${assign.ms} ms in all (${assign.writes} writes: ${line(assign.write)}; CPU: this process ${assign.cpu.bench} s, PostgreSQL ${assign.cpu.database} s); ${assign.assigned} assigned (room for ${assign.room}), ${assign.unassigned} left unassigned; checks ${JSON.stringify(assign.checks)}   ${verdict(assign.ms < ASSIGN_TARGET_MS && assign.ok)}`,
    );
    if (assign.ms >= ASSIGN_TARGET_MS || !assign.ok) ok = false;

    let reportFigures: Awaited<ReturnType<typeof measureReport>> | null = null;
    if (report) {
      reportFigures = await measureReport(db, server.url, report, {
        searches: Number(args["report-searches"]),
        attachments: Number(args.attachments),
        password: PASSWORD,
        serverPid: server.proc.pid,
      });
      console.log(
        `  3. case report of a case with ${reportFigures.searches} searches (${reportFigures.hits} hits decided), ${reportFigures.notes} notes, ${reportFigures.attachments} attachments (${reportFigures.attachmentMb} MB), ${listLabel} (${load()})    target < ${REPORT_TARGET_MS} ms`,
      );
      for (const r of reportFigures.runs) {
        console.log(
          `     ${r.label.padEnd(34)} ${line(r)} (${r.n} runs, ${r.kb} KB; the first ${r.firstMs} ms; CPU ${r.cpuMs} ms a report)   ${verdict(r.max < REPORT_TARGET_MS)}`,
        );
        if (r.max >= REPORT_TARGET_MS) ok = false;
      }
      for (const failure of reportFigures.failures) console.log(`     FAILED ${failure}`);
      if (reportFigures.failures.length) ok = false;
    } else console.log(`  3. report: ${args["skip-report"] ? "skipped (--skip-report)" : "not built yet"}`);
    figures.postgres = {
      seed: { seconds: Number((seedMs / 1000).toFixed(1)), ...seed },
      index: args.index ?? null,
      lists,
      plans,
      assign,
      report: reportFigures,
    };
  } catch (error) {
    ok = false;
    console.error(error);
  } finally {
    await server?.stop();
    if (args.keep) {
      await bench.close();
      console.log(`kept: ${bench.databaseUrl}`);
    } else await bench.drop();
  }
}

// --- PGlite, the embedded default ---
if (args.engine !== "postgres") {
  const dir = mkdtempSync(join(tmpdir(), "duecheck-bench-cases-"));
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const openCases = Number(args["pglite-cases"] ?? args.cases);
    const database = await openDatabase({ dataDir: dir, role: "cli" });
    let seed: SeedCheck;
    let seedMs: number;
    try {
      await seedSystemSettings(database.db);
      await createUser(database.db, { email: "admin@example.com", password: PASSWORD, fullName: "Bench Admin", role: "admin" });
      [, seedMs] = await timed(() => seedCases(database.db, seedFor(openCases)));
      seed = await checkSeed(database.db);
    } finally {
      await database.close();
    }
    console.log(seedLine("PGlite", seedMs / 1000, seed));
    // The server holds the folder alone; the expected totals are read through it (its socket), as the CLI would.
    server = await startServer({ ...serverEnv("", dir), DATABASE_URL: undefined }, { stdout: "ignore" });
    const reader = await openDatabase({ dataDir: dir, role: "cli" });
    try {
      const lists = await measureListViews(reader.db, server.url, {
        members: MEMBERS,
        requests: REQUESTS,
        password: PASSWORD,
        serverPid: server.proc.pid,
        postgres: false,
      });
      printLists("4. list views, PGlite", lists);
      if (lists.some((m) => !m.checked)) ok = false;
      figures.pglite = { seed: { seconds: Number((seedMs / 1000).toFixed(1)), ...seed }, lists };
    } finally {
      await reader.close();
    }
  } catch (error) {
    ok = false;
    console.error(error);
  } finally {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (args.json) await Bun.write(args.json, JSON.stringify(figures, null, 2));
process.exit(ok ? 0 : 1);
