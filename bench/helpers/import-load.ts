/**
 * What users see while a list imports: `bin/duecheck serve` runs on a database holding the real OFAC SDN list, and
 * while a new version of it is imported (uploaded by an admin over HTTP, then with `duecheck datasets import` in a
 * process of its own) one user keeps reading GET /api/searches and another keeps screening (POST /api/searches,
 * then GET /api/searches/{id} until completed). Reports every status the reads got and the p50, p99 and slowest of
 * both, per engine and per way of importing, beside the same users for 20 s without an import (the machine's own
 * figures), and when the slow reads happened. An import must not look like an outage: every read 200, p99 under 1 s.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import postgres from "postgres";
import { openDatabase, schema } from "../../data/db.ts";
import { createUser } from "../../lib/auth/users.ts";
import { HttpClient } from "../../support/http-client.ts";
import { FIRST_NAMES, LAST_NAMES, ROOT, SHARED_SDN, seedBenchLists, startLoopbackServices, startServer } from "./services.ts";

export interface Latency {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

export interface ImportLoadRun {
  engine: "postgres" | "pglite";
  /**
   * upload: POST /api/sanctions/datasets/{id}/import; cli: `duecheck datasets import` beside the running server;
   * none: the same users for as long, with no import (what the machine gives without one, for comparison).
   */
  via: "upload" | "cli" | "none";
  importSeconds: number;
  /** How many answers of GET /api/searches had each status (anything but 200 is a failure). */
  statuses: Record<string, number>;
  /** The reads and searches slower than SLOW_MS: when they began, seconds from the start of the import. */
  slowReads: { at: number; ms: number }[];
  slowSearches: { at: number; ms: number }[];
  list: Latency;
  search: Latency;
}

function latency(times: number[]): Latency {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);
  return { count: sorted.length, p50: at(50), p99: at(99), max: Math.round(sorted.at(-1) ?? 0) };
}

/** The real SDN files with their last listed entry left out: a new version (another content hash) of the same size. */
function nextSdnVersion(dir: string): string {
  for (const name of readdirSync(SHARED_SDN)) {
    let text = readFileSync(join(SHARED_SDN, name), "latin1");
    if (name === "sdn.csv") {
      const lines = text.split(/\r?\n/).filter((l) => l.trim() !== "");
      text = `${lines.slice(0, -1).join("\r\n")}\r\n`;
    }
    writeFileSync(join(dir, name), Buffer.from(text, "latin1"));
  }
  return dir;
}

/** Keeps calling `call` until stopped; answers the durations (ms) and statuses it saw. */
const SLOW_MS = 500;

function keepCalling(call: () => Promise<number>, pauseMs: number, origin: () => number) {
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  const slow: { at: number; ms: number }[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      const status = await call();
      const ms = performance.now() - started;
      times.push(ms);
      if (ms > SLOW_MS) slow.push({ at: Number(((started - origin()) / 1000).toFixed(1)), ms: Math.round(ms) });
      statuses[status] = (statuses[status] ?? 0) + 1;
      await Bun.sleep(pauseMs);
    }
  })();
  return {
    times,
    statuses,
    slow,
    async stop() {
      running = false;
      await done;
    },
  };
}

let searchNumber = 0;
/** One screening as the web app runs it: accepted, then read until completed. Answers the status it ended on. */
async function screen(client: HttpClient): Promise<number> {
  const n = searchNumber++;
  const term = `${FIRST_NAMES[n % FIRST_NAMES.length]} ${LAST_NAMES[Math.floor(n / FIRST_NAMES.length) % LAST_NAMES.length]}`;
  const accepted = await client.post("/api/searches", { searchTerm: term, entityType: "person" });
  if (accepted.status !== 201) return accepted.status;
  for (;;) {
    const res = await client.get(`/api/searches/${accepted.json.id}`);
    if (res.status !== 200) return res.status;
    if (res.json.status === "completed" || res.json.status === "failed") return res.status;
    await Bun.sleep(25);
  }
}

async function upload(admin: HttpClient, url: string, folder: string) {
  const form = new FormData();
  for (const name of readdirSync(folder)) form.append("files", new File([readFileSync(join(folder, name))], name));
  const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const res = await fetch(`${url}/api/sanctions/datasets/us_ofac_sdn/import`, { method: "POST", headers: { cookie, origin: url }, body: form });
  if (res.status !== 201) throw new Error(`the upload answered ${res.status}: ${await res.text()}`);
}

async function cliImport(env: Record<string, string | undefined>, folder: string) {
  const child = Bun.spawn([join(ROOT, "bin", "duecheck"), "datasets", "import", "us_ofac_sdn", folder, "--json"], {
    env: { ...process.env, ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [code, out, err] = await Promise.all([child.exited, new Response(child.stdout).text(), new Response(child.stderr).text()]);
  if (code !== 0) throw new Error(`duecheck datasets import failed: ${err}${out}`);
}

/** Both ways of importing on one engine, against one server; drops what it made. */
export async function importUnderLoad(engine: "postgres" | "pglite", adminUrl: string): Promise<ImportLoadRun[]> {
  const scratch = mkdtempSync(join(tmpdir(), "duecheck-bench-import-load-"));
  const services = startLoopbackServices();
  let env: Record<string, string | undefined>;
  let drop: () => Promise<void>;
  if (engine === "postgres") {
    const name = `duecheck_bench_import_load_${Date.now()}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    env = { DATABASE_URL: url.toString(), DUECHECK_DATA_DIR: join(scratch, "data") };
    drop = async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  } else {
    // PGlite is what runs without DATABASE_URL.
    if (process.env.DATABASE_URL) throw new Error("Unset DATABASE_URL to measure the embedded database");
    env = { DUECHECK_DATA_DIR: join(scratch, "data") };
    drop = async () => {};
  }
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  try {
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DUECHECK_DATA_DIR!, role: "cli" });
    try {
      await seedBenchLists(database.db);
      const user = await createUser(database.db, {
        email: "analyst@bench.local",
        password: "bench-password-1",
        fullName: "Bench Analyst",
        phoneNumber: "0123456789",
        company: "Bench",
        position: "Analyst",
      });
      await database.db.update(schema.organisations).set({ credits: 1_000_000 }).where(eq(schema.organisations.id, user.organisationId));
      await createUser(database.db, {
        email: "admin@bench.local",
        password: "Admin-password-1",
        fullName: "Bench Admin",
        phoneNumber: "0123456789",
        company: "Bench",
        position: "Admin",
        role: "admin",
      });
    } finally {
      await database.close();
    }
    server = await startServer(
      {
        ...services.env,
        ...env,
        DUECHECK_DATASET_SCHEDULER: "0",
        DUECHECK_MONITORING_SCAN_SECONDS: "0",
        DUECHECK_REPORT_CHECK_SECONDS: "0",
      },
      { stdout: "ignore" },
    );
    const admin = new HttpClient(server.url, { origin: server.url });
    await admin.signIn("admin@bench.local", "Admin-password-1");
    const reader = new HttpClient(server.url, { origin: server.url });
    await reader.signIn("analyst@bench.local", "bench-password-1");
    const screener = new HttpClient(server.url, { origin: server.url });
    await screener.signIn("analyst@bench.local", "bench-password-1");
    // A history to list, and the index warm, before anything is measured.
    for (let i = 0; i < 20; i++) await screen(screener);

    const runs: ImportLoadRun[] = [];
    const ways: [ImportLoadRun["via"], () => Promise<void>][] = [
      ["none", () => Bun.sleep(20_000)],
      ["upload", () => upload(admin, server!.url, nextSdnVersion(mkdtempSync(join(scratch, "upload-"))))],
      // The list as it was: a version again unlike the current one.
      ["cli", () => cliImport(env, SHARED_SDN)],
    ];
    for (const [via, run] of ways) {
      let started = performance.now() + 500;
      const reads = keepCalling(
        async () => (await reader.get("/api/searches")).status,
        50,
        () => started,
      );
      const searches = keepCalling(
        () => screen(screener),
        50,
        () => started,
      );
      await Bun.sleep(500);
      started = performance.now();
      await run();
      const importSeconds = Number(((performance.now() - started) / 1000).toFixed(1));
      // The switch to the new version (and the index's reload) is part of what readers live through.
      await Bun.sleep(1500);
      await Promise.all([reads.stop(), searches.stop()]);
      runs.push({
        engine,
        via,
        importSeconds,
        statuses: reads.statuses,
        slowReads: reads.slow,
        slowSearches: searches.slow.filter((x) => x.ms > 2 * SLOW_MS),
        list: latency(reads.times),
        search: latency(searches.times),
      });
    }
    return runs;
  } finally {
    await server?.stop();
    services.stop();
    await drop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

export function printImportLoad(runs: ImportLoadRun[]) {
  console.log("\n| engine | import | import time | GET /api/searches statuses | GET /api/searches p50 / p99 / max | search to completed p50 / p99 / max |");
  console.log("|---|---|---|---|---|---|");
  for (const r of runs) {
    const statuses = Object.entries(r.statuses)
      .map(([s, n]) => `${n} × ${s}`)
      .join(", ");
    console.log(
      `| ${r.engine} | ${r.via} | ${r.via === "none" ? "-" : `${r.importSeconds} s`} | ${statuses} | ${r.list.p50} / ${r.list.p99} / ${r.list.max} ms | ${r.search.p50} / ${r.search.p99} / ${r.search.max} ms (${r.search.count}) |`,
    );
  }
  for (const r of runs) {
    const when = (list: { at: number; ms: number }[]) => list.map((x) => `${x.at} s (${x.ms} ms)`).join(", ");
    if (r.slowReads.length) console.log(`${r.engine} ${r.via}: reads over ${SLOW_MS} ms began at ${when(r.slowReads)}`);
    if (r.slowSearches.length) console.log(`${r.engine} ${r.via}: searches over ${2 * SLOW_MS} ms began at ${when(r.slowSearches)}`);
  }
}
