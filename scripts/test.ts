/**
 * npm test: the whole suite, on a real PostgreSQL and on embedded PGlite, then the browser tests.
 * Ends with one line "N passed, N failed" over everything it ran, and exits non-zero on any failure.
 *
 *   DUECHECK_TEST_DATABASE_URL  PostgreSQL to create test databases on (default postgres://postgres@127.0.0.1:5432/test)
 *   DUECHECK_TEST_ONLY          run one pass only: postgres, pglite or browser
 *   DUECHECK_TEST_TIMINGS       a folder: each pass writes there its per-file times (JUnit XML) and what each file
 *                               started; `npm run test:timings -- <folder>` prints them
 *   DUECHECK_TEST_SCRATCH       where the run's temporary files go (default: a folder in /dev/shm when it has 4 GiB
 *                               free, else the system's temporary folder)
 *   DUECHECK_TEST_SHARDS        bun test processes each database pass is split into (default 1; see shards())
 *   arguments: test files or folders to run instead of the whole suite (other flags go to bun test)
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, statfsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { openDatabase } from "../data/db.ts";
import { testFiles, touchesEngine } from "./test-engines.ts";

const BUN = process.execPath;
const ROOT = join(import.meta.dir, "..");
const args = process.argv.slice(2);
const paths = args.filter((a) => !a.startsWith("-"));
const flags = args.filter((a) => a.startsWith("-"));
const only = process.env.DUECHECK_TEST_ONLY;
const adminUrl = process.env.DUECHECK_TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const ALL_SUITES = ["tests/lib", "tests/server", "tests/cli", "tests/data"].filter((d) => existsSync(join(ROOT, d)));
const SUITES = paths.length ? paths.filter((p) => !p.startsWith("tests/browser")) : ALL_SUITES;
const BROWSER = paths.length ? paths.filter((p) => p.startsWith("tests/browser")) : ["tests/browser"];
/**
 * Browser tests of what the two engines store differently (the lists in use, uploaded list versions): run on
 * PostgreSQL too, beside the database passes, while the browser pass runs every file on PGlite.
 */
const BROWSER_ON_BOTH = ["tests/browser/sanctions-enable.test.ts", "tests/browser/sanctions-upload.test.ts"].filter(
  (file) => !paths.length || BROWSER.some((p) => file.startsWith(p)),
);

const totals = { passed: 0, failed: 0 };

/**
 * One `bun test` process. With `quiet`, its output is kept and printed whole when it ends (two passes that run at the
 * same time would interleave their lines otherwise).
 */
async function run(label: string, args: string[], env: Record<string, string>, quiet = false) {
  if (!quiet) console.log(`\n=== ${label} ===`);
  const timings = timingFiles(label);
  const proc = Bun.spawn([BUN, "test", "--timeout", "60000", ...timings.flags, ...args, ...flags], {
    cwd: ROOT,
    // Test servers never fetch the real lists from the internet on their own schedule, and run monitoring scans,
    // daily reports and the overdue digest only when a test asks (it drives them with its own clock): no scan outlives
    // the test that started it.
    env: {
      ...process.env,
      DUECHECK_DATASET_SCHEDULER: "0",
      DUECHECK_MONITORING_SCAN_SECONDS: "0",
      DUECHECK_REPORT_CHECK_SECONDS: "0",
      DUECHECK_PURGE_CHECK_SECONDS: "0",
      DUECHECK_DIGEST_CHECK_SECONDS: "0",
      // Password hashes at the lowest cost the product allows (argon2id, 7 MiB over 5 passes; see
      // lib/auth/password-cost.ts) instead of the default 64 MiB over 2: the suite makes and checks thousands, each a
      // fifth of the CPU, and a fresh 64 MiB mapping's page faults, fewer. Every hash is still made and checked.
      DUECHECK_PASSWORD_MEMORY_KIB: "7168",
      DUECHECK_PASSWORD_TIME_COST: "5",
      DUECHECK_WEB_DIST: webDist,
      DUECHECK_EXAMPLE_DIST: exampleDist,
      ...timings.env,
      ...env,
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  let output = "";
  const pump = async (stream: ReadableStream<Uint8Array>, sink: NodeJS.WriteStream) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) {
      const text = decoder.decode(chunk);
      output += text;
      if (!quiet) sink.write(text);
    }
  };
  await Promise.all([pump(proc.stdout, process.stdout), pump(proc.stderr, process.stderr), proc.exited]);
  if (quiet) process.stdout.write(`\n=== ${label} ===\n${output}`);
  const passed = Number(/^\s*(\d+) pass$/m.exec(output)?.[1] ?? 0);
  let failed = Number(/^\s*(\d+) fail$/m.exec(output)?.[1] ?? 0);
  // A crash or a file that failed to load may report no failing test: count it as one.
  if (proc.exitCode !== 0 && failed === 0) failed = 1;
  totals.passed += passed;
  totals.failed += failed;
}

/** With DUECHECK_TEST_TIMINGS: where a pass writes its per-file times and starts (tests/helpers/starts.ts). */
function timingFiles(label: string): { flags: string[]; env: Record<string, string> } {
  const folder = process.env.DUECHECK_TEST_TIMINGS;
  if (!folder) return { flags: [], env: {} };
  mkdirSync(folder, { recursive: true });
  const name = label
    .replace(/\s*\(Chromium [^,]*, /, " (")
    .replace(/[^\w]+/g, "-")
    .replace(/-+$/, "")
    .toLowerCase();
  return {
    flags: ["--reporter=junit", `--reporter-outfile=${join(folder, `${name}.xml`)}`],
    env: { DUECHECK_TEST_STARTS: join(folder, `${name}.starts`) },
  };
}

async function postgresReachable() {
  const sql = postgres(adminUrl, { max: 1, connect_timeout: 5, onnotice: () => {} });
  try {
    await sql`select 1`;
    return true;
  } catch (error) {
    console.error(`PostgreSQL at ${adminUrl} is not reachable: ${(error as Error).message}`);
    return false;
  } finally {
    await sql.end({ timeout: 1 });
  }
}

/** The browser the browser tests drive, as it names itself ("Chromium 156.0.8078.108 built on Debian ..."). */
function browserVersion() {
  const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  const answer = Bun.spawnSync([path, "--version"], { stdout: "pipe", stderr: "pipe" });
  const version = /Chromium [\d.]+/.exec(answer.stdout.toString())?.[0];
  return version ?? `Chromium at ${path}: no version (${answer.stderr.toString().trim() || "not found"})`;
}

/** A migrated PGlite folder, copied by every test that needs an embedded database (initdb takes seconds). */
async function makePgliteTemplate() {
  // The starting folder of new embedded databases (data/pglite-template.ts), made at install: made here too when a
  // migration was added since, so that the tests open new folders as an installation does.
  const made = Bun.spawnSync([BUN, join(ROOT, "scripts", "pglite-template.ts")], { stdout: "inherit", stderr: "inherit" });
  if (made.exitCode !== 0) throw new Error("Making the embedded database's starting folder failed");
  const dir = mkdtempSync(join(tmpdir(), "dc-template-"));
  const database = await openDatabase({ dataDir: dir, role: "cli" });
  await database.close();
  return dir;
}

/**
 * A migrated PostgreSQL database, copied by every test that needs one (CREATE DATABASE ... TEMPLATE): migrating an
 * empty database for each test took twice as long. No connection may stay open on it, or copies fail.
 */
async function makePostgresTemplate() {
  const name = `duecheck_template_${process.pid}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.unsafe(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: mkdtempSync(join(tmpdir(), "dc-template-")), role: "cli" });
  await database.close();
  return name;
}

async function dropPostgresTemplate(name: string) {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

/**
 * The run's temporary files (each test's PGlite folder, a copy of a 41 MB template; data folders, builds, browser
 * profiles) go to memory when the machine has a tmpfs with room: on a virtual disk, copying and deleting a template
 * folder cost half a second of kernel time and seconds of waiting each, most of the suite's system time. Every process
 * the run starts inherits it as TMPDIR; the folder goes with the run.
 */
function scratchFolder(): string {
  const base = process.env.DUECHECK_TEST_SCRATCH ?? (hasRoom("/dev/shm", 4 * 1024 ** 3) ? "/dev/shm" : tmpdir());
  mkdirSync(base, { recursive: true });
  return mkdtempSync(join(base, "duecheck-test-"));
}

function hasRoom(path: string, bytes: number) {
  try {
    const fs = statfsSync(path);
    return fs.bavail * fs.bsize >= bytes;
  } catch {
    return false;
  }
}

const scratch = scratchFolder();
process.env.TMPDIR = scratch;

// Each run builds the web app into its own folder, so runs side by side never serve each other's half-built files.
const webDist = mkdtempSync(join(tmpdir(), "dc-web-"));
/** The example host application (examples/host-react), built for tests/browser/embed-*.test.ts. */
const exampleDist = mkdtempSync(join(tmpdir(), "dc-example-"));
const reactDist = mkdtempSync(join(tmpdir(), "dc-react-"));
const browserTests = existsSync(join(ROOT, "tests/browser")) && BROWSER.length > 0;
// Server tests check that the app serves the web app, so they need the build as much as the browser tests.
const serverTests = SUITES.some((p) => p.startsWith("tests/server")) && only !== "browser";
if ((browserTests && (!only || only === "browser")) || serverTests) {
  console.log("Building the web app for the browser tests...");
  const build = Bun.spawnSync([BUN, "x", "vite", "build", "--logLevel", "warn"], {
    cwd: ROOT,
    env: { ...process.env, DUECHECK_WEB_DIST: webDist },
    stdout: "inherit",
    stderr: "inherit",
  });
  if (build.exitCode !== 0) {
    console.error("The web build failed.");
    totals.failed += 1;
  }
  // /embed.js into the same folder (the server serves it from there), the package and the example host app that
  // mounts it (tests/browser/embed-*.test.ts): only when browser tests run.
  if (browserTests && (!only || only === "browser")) {
    for (const args of [["--mode", "embed"], []]) {
      const embed = Bun.spawnSync([BUN, "x", "vite", "build", "--logLevel", "warn", "-c", "packages/react/vite.config.ts", ...args], {
        cwd: ROOT,
        env: { ...process.env, DUECHECK_WEB_DIST: webDist, DUECHECK_REACT_DIST: reactDist },
        stdout: "inherit",
        stderr: "inherit",
      });
      if (embed.exitCode !== 0) {
        console.error("The embeddable package's build failed.");
        totals.failed += 1;
      }
    }
    const example = Bun.spawnSync([BUN, "x", "vite", "build", "--logLevel", "warn", "-c", "examples/host-react/vite.config.ts"], {
      cwd: ROOT,
      env: { ...process.env, DUECHECK_EXAMPLE_DIST: exampleDist, DUECHECK_REACT_DIST: reactDist },
      stdout: "inherit",
      stderr: "inherit",
    });
    if (example.exitCode !== 0) {
      console.error("The example host app's build failed.");
      totals.failed += 1;
    }
  }
}

/**
 * Each database pass may run as SHARDS `bun test` processes side by side, each a share of the files, dealt out in
 * turn in their stable order: for a machine with cores to spare. On two cores the three passes already keep both busy:
 * two processes a pass made the whole run take 22.5 min instead of 17.6 (more CPU spent contending, none gained).
 */
const SHARDS = Math.max(1, Number(process.env.DUECHECK_TEST_SHARDS ?? 1) || 1);
function shards(files: string[]): string[][] {
  const dealt = Array.from({ length: Math.min(SHARDS, files.length) }, () => [] as string[]);
  for (const [i, file] of files.entries()) dealt[i % dealt.length].push(file);
  return dealt;
}
const shardLabel = (pass: string, i: number) => (SHARDS > 1 ? `${pass} ${i + 1}/${SHARDS}` : pass);

const template = await makePgliteTemplate();
let pgTemplate: string | undefined;
try {
  // Every pass runs side by side: the two database passes and the browser tests. Much of their time is spent
  // waiting (processes and servers starting, jobs answering, the browser rendering): one after the other, the machine
  // stood half idle (19 CPU-minutes in a 21-minute run on two cores). Each pass is printed whole when it ends.
  const passes: Promise<void>[] = [];
  const wanted = (pass: "postgres" | "pglite" | "browser") => !only || only === pass;
  const quiet =
    SHARDS > 1 ||
    [SUITES.length > 0 && wanted("postgres"), SUITES.length > 0 && wanted("pglite"), browserTests && wanted("browser")].filter(Boolean).length > 1;
  if (SUITES.length && wanted("postgres")) {
    if (await postgresReachable()) {
      pgTemplate = await makePostgresTemplate();
      const onPostgres = { DUECHECK_TEST_DB: "postgres", DUECHECK_TEST_DATABASE_URL: adminUrl, DUECHECK_TEST_PG_TEMPLATE: pgTemplate };
      // The files that never open a database test the same code on either engine: they run in the PGlite pass only.
      const seen = new Map<string, boolean>();
      const onBoth = testFiles(ROOT, SUITES).filter((file) => touchesEngine(ROOT, file, seen));
      for (const [i, files] of shards(onBoth).entries()) passes.push(run(shardLabel("PostgreSQL", i), files, onPostgres, quiet));
      if (browserTests && !only && BROWSER_ON_BOTH.length) passes.push(run(`Browser (${browserVersion()}, PostgreSQL)`, BROWSER_ON_BOTH, onPostgres, true));
    } else {
      totals.failed += 1;
    }
  }
  if (SUITES.length && wanted("pglite")) {
    const onPglite = { DUECHECK_TEST_DB: "pglite", DUECHECK_TEST_PGLITE_TEMPLATE: template };
    for (const [i, files] of shards(testFiles(ROOT, SUITES)).entries()) passes.push(run(shardLabel("PGlite", i), files, onPglite, quiet));
  }
  if (browserTests && wanted("browser")) {
    passes.push(run(`Browser (${browserVersion()}, PGlite)`, BROWSER, { DUECHECK_TEST_DB: "pglite", DUECHECK_TEST_PGLITE_TEMPLATE: template }, quiet));
  }
  await Promise.all(passes);
} finally {
  if (pgTemplate) await dropPostgresTemplate(pgTemplate);
  rmSync(template, { recursive: true, force: true });
  rmSync(webDist, { recursive: true, force: true });
  rmSync(exampleDist, { recursive: true, force: true });
  rmSync(reactDist, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
}

console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
