/**
 * npm run bench:import — peak memory and time of importing each real list, on both engines.
 *
 * For each engine (PostgreSQL, then embedded PGlite) makes a fresh migrated database, then imports every list folder
 * of the data directory (named by dataset id: us_ofac_sdn, un_sc_sanctions, ...) with `bin/duecheck datasets import`,
 * each in a fresh child process, and reports that process's peak RSS (from the kernel's rusage of the child) and its
 * wall time. A `datasets list` in a fresh process on the same database gives the floor every command starts from (the
 * runtime, the app's modules and, on PGlite, the embedded engine). Drops what it made.
 *
 * Then, per engine, what users see while the OFAC SDN list imports beside a running server (./helpers/import-load.ts):
 * the statuses and p99 of GET /api/searches and of a search to completed, for an upload and for a CLI import.
 *
 * Then the first start a new user makes: `datasets import us_ofac_sdn <folder>` into a new embedded folder, its
 * creation included (peak RSS and time). And a large list: a FollowTheMoney file of --entities invented entities
 * (support/ftm-synthetic.ts, written to a temporary folder) imported into a new database of each engine: peak RSS,
 * time and entities a second.
 *
 *   --data DIR   the lists' folders (default /work/shared/data)     --json PATH   also write the figures as JSON
 *   --engine E   postgres, pglite or both (default both)
 *   --part P     memory (each list's peak RSS), load (readers during an import), first (a new embedded folder's
 *                first import), large (the synthetic FollowTheMoney file), or all (default all)
 *   --entities N the large file's screening targets (default 1000000)
 *   DUECHECK_BENCH_DATABASE_URL  PostgreSQL to create the run's database on (default postgres://postgres@127.0.0.1:5432/test)
 */
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import postgres from "postgres";
import { writeSyntheticFtm } from "../support/ftm-synthetic.ts";
import { type ImportLoadRun, importUnderLoad, printImportLoad } from "./helpers/import-load.ts";
import { machine } from "./helpers/services.ts";

const { values: args } = parseArgs({
  options: {
    data: { type: "string", default: "/work/shared/data" },
    json: { type: "string" },
    engine: { type: "string", default: "both" },
    part: { type: "string", default: "all" },
    entities: { type: "string", default: "1000000" },
  },
});
const ROOT = resolve(import.meta.dir, "..");
const CLI = join(ROOT, "bin", "duecheck");
const ADMIN_URL = process.env.DUECHECK_BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

interface Run {
  engine: string;
  list: string;
  files: number;
  bytes: number;
  entities: number | null;
  peakRssMb: number;
  seconds: number;
}

/** Runs the CLI in a fresh process with the engine's environment; its peak RSS comes from the kernel (rusage). */
function runCli(env: Record<string, string>, argv: string[]) {
  const started = performance.now();
  const childEnv: Record<string, string | undefined> = { ...process.env, ...env };
  // An empty value means "unset" (PGlite runs without DATABASE_URL).
  for (const key of Object.keys(env)) if (env[key] === "") delete childEnv[key];
  const child = Bun.spawnSync([CLI, ...argv], { env: childEnv, stdout: "pipe", stderr: "pipe" });
  const seconds = (performance.now() - started) / 1000;
  if (child.exitCode !== 0) throw new Error(`duecheck ${argv.join(" ")} failed: ${child.stderr.toString()}${child.stdout.toString()}`);
  // Bun gives maxRSS in bytes (getrusage's kilobytes scaled).
  const peakRssMb = (child.resourceUsage?.maxRSS ?? 0) / 2 ** 20;
  return { stdout: child.stdout.toString(), seconds, peakRssMb };
}

const lists = readdirSync(args.data!, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();
if (lists.length === 0) throw new Error(`No list folders in ${args.data}`);

/** A new database of the engine: its environment for the CLI, and how to drop it. */
async function newDatabase(engine: "postgres" | "pglite"): Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }> {
  if (engine === "postgres") {
    const name = `duecheck_bench_import_${Date.now()}`;
    const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    return {
      env: { DATABASE_URL: url.toString() },
      cleanup: async () => {
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), "duecheck-bench-import-"));
  return { env: { DUECHECK_DATA_DIR: dir, DATABASE_URL: "" }, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
}

async function onEngine(engine: "postgres" | "pglite", runs: Run[], floors: Record<string, number>) {
  const { env, cleanup } = await newDatabase(engine);
  try {
    runCli(env, ["db", "migrate"]);
    floors[engine] = runCli(env, ["datasets", "list", "--json"]).peakRssMb;
    for (const list of lists) {
      const folder = join(args.data!, list);
      const names = readdirSync(folder).filter((n) => !n.startsWith("."));
      const bytes = names.reduce((sum, n) => sum + statSync(join(folder, n)).size, 0);
      const run = runCli(env, ["datasets", "import", list, folder, "--json"]);
      const result = JSON.parse(run.stdout) as { version?: { entity_count?: number } };
      runs.push({
        engine,
        list,
        files: names.length,
        bytes,
        entities: result.version?.entity_count ?? null,
        peakRssMb: Math.round(run.peakRssMb),
        seconds: Number(run.seconds.toFixed(1)),
      });
      console.log(`${engine.padEnd(8)} ${list.padEnd(18)} ${(bytes / 1e6).toFixed(2)} MB  ${run.peakRssMb.toFixed(0)} MB peak  ${run.seconds.toFixed(1)} s`);
    }
  } finally {
    await cleanup();
  }
}

interface Timed {
  engine: string;
  what: string;
  entities: number | null;
  peakRssMb: number;
  seconds: number;
}

/** A new user's first command: the OFAC SDN list imported into a new embedded folder, which the command creates. */
async function firstStart(): Promise<Timed> {
  const { env, cleanup } = await newDatabase("pglite");
  try {
    const run = runCli(env, ["datasets", "import", "us_ofac_sdn", join(args.data!, "us_ofac_sdn"), "--json"]);
    const result = JSON.parse(run.stdout) as { version?: { entity_count?: number } };
    console.log(`first start (pglite, new folder) us_ofac_sdn  ${run.peakRssMb.toFixed(0)} MB peak  ${run.seconds.toFixed(1)} s`);
    return {
      engine: "pglite",
      what: "first import, new folder",
      entities: result.version?.entity_count ?? null,
      peakRssMb: Math.round(run.peakRssMb),
      seconds: Number(run.seconds.toFixed(1)),
    };
  } finally {
    await cleanup();
  }
}

/** The synthetic FollowTheMoney file imported into a new database of the engine (a custom dataset added first). */
async function largeList(engine: "postgres" | "pglite", path: string): Promise<Timed> {
  const { env, cleanup } = await newDatabase(engine);
  try {
    runCli(env, [
      "datasets",
      "add",
      "Synthetic FtM",
      "--type",
      "sanctions",
      "--format",
      "opensanctions_ftm",
      "--url",
      "https://data.example/entities.ftm.json",
      "--no-auto",
    ]);
    const run = runCli(env, ["datasets", "import", "synthetic_ftm", path, "--json"]);
    const result = JSON.parse(run.stdout) as { version?: { entity_count?: number } };
    const entities = result.version?.entity_count ?? null;
    console.log(`${engine.padEnd(8)} synthetic FtM ${entities} entities  ${run.peakRssMb.toFixed(0)} MB peak  ${run.seconds.toFixed(1)} s`);
    return { engine, what: "synthetic FtM", entities, peakRssMb: Math.round(run.peakRssMb), seconds: Number(run.seconds.toFixed(1)) };
  } finally {
    await cleanup();
  }
}

const wants = (part: string) => args.part === "all" || args.part === "both" || args.part === part;
const runs: Run[] = [];
const floors: Record<string, number> = {};
const engines = args.engine === "both" ? (["postgres", "pglite"] as const) : [args.engine as "postgres" | "pglite"];
const loads: ImportLoadRun[] = [];
const timed: Timed[] = [];
if (wants("memory")) for (const engine of engines) await onEngine(engine, runs, floors);
if (wants("load")) for (const engine of engines) loads.push(...(await importUnderLoad(engine, ADMIN_URL)));
if (wants("first") && engines.includes("pglite" as never)) timed.push(await firstStart());
if (wants("large")) {
  const dir = mkdtempSync(join(tmpdir(), "duecheck-bench-ftm-"));
  try {
    const path = join(dir, "entities.ftm.json");
    const written = writeSyntheticFtm(path, { targets: Number(args.entities) });
    console.log(`synthetic FtM file: ${written.targets} targets, ${written.lines} lines, ${(statSync(path).size / 1e6).toFixed(0)} MB`);
    for (const engine of engines) timed.push(await largeList(engine, path));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(`\n${machine()}, Bun ${Bun.version}`);
if (runs.length) console.log("| engine | list | files | size | entities | peak RSS | time |\n|---|---|---|---|---|---|---|");
for (const r of runs)
  console.log(`| ${r.engine} | ${r.list} | ${r.files} | ${(r.bytes / 1e6).toFixed(2)} MB | ${r.entities ?? "-"} | ${r.peakRssMb} MB | ${r.seconds} s |`);
for (const [engine, mb] of Object.entries(floors)) console.log(`floor (datasets list, ${engine}): ${mb.toFixed(0)} MB`);
if (loads.length) printImportLoad(loads);
if (timed.length) console.log("\n| engine | import | entities | peak RSS | time | entities/s |\n|---|---|---|---|---|---|");
for (const t of timed) {
  const rate = t.entities ? Math.round(t.entities / t.seconds).toLocaleString("en") : "-";
  console.log(`| ${t.engine} | ${t.what} | ${t.entities?.toLocaleString("en") ?? "-"} | ${t.peakRssMb} MB | ${t.seconds} s | ${rate} |`);
}
if (args.json) writeFileSync(args.json, JSON.stringify({ machine: machine(), floors, runs, loads, timed }, null, 2));
