/**
 * Where the suite's time goes: `npm run test:timings -- <folder>` reads what `DUECHECK_TEST_TIMINGS=<folder> npm test`
 * wrote (each pass's JUnit XML and its starts, tests/helpers/starts.ts) and prints, slowest first, each test file's
 * seconds in every pass, its tests, and what it started: servers in the test process (app), CLI processes (cli), CLI
 * commands run in the test process (command), databases and browsers. A file's time is its whole run, hooks included.
 *
 *   --top N   only the N slowest files (default 25)
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const args = process.argv.slice(2);
const folder = args.find((a) => !a.startsWith("-") && !/^\d+$/.test(a));
const topAt = args.indexOf("--top");
const top = topAt >= 0 ? Number(args[topAt + 1]) : 25;
if (!folder) {
  console.error("Usage: npm run test:timings -- <folder written by DUECHECK_TEST_TIMINGS=<folder> npm test> [--top N]");
  process.exit(2);
}

interface FileRow {
  seconds: Record<string, number>;
  tests: number;
  starts: Record<string, number>;
}
const files = new Map<string, FileRow>();
const row = (file: string) => files.get(file) ?? files.set(file, { seconds: {}, tests: 0, starts: {} }).get(file)!;
const shardFiles = readdirSync(folder)
  .filter((name) => name.endsWith(".xml"))
  .map((name) => name.slice(0, -4));
/** A pass split into processes ("postgresql-1-2", "postgresql-2-2") is shown as one column. */
const passOf = (shard: string) => shard.replace(/-\d+-\d+$/, "");
const passes = [...new Set(shardFiles.map(passOf))];

for (const shard of shardFiles) {
  const pass = passOf(shard);
  const xml = readFileSync(join(folder, `${shard}.xml`), "utf8");
  // The file-level suites: `<testsuite name="tests/…" file="tests/…" tests="N" … time="S"`.
  for (const m of xml.matchAll(/<testsuite name="(tests\/[^"]+)" file="[^"]*" tests="(\d+)"[^>]*? time="([\d.]+)"/g)) {
    const r = row(m[1]);
    r.seconds[pass] = Number(m[3]);
    r.tests = Math.max(r.tests, Number(m[2]));
  }
  let starts = "";
  try {
    starts = readFileSync(join(folder, `${shard}.starts`), "utf8");
  } catch {
    // a pass whose files started nothing noted
  }
  // Counted once per pass; the table shows the most any pass started (both database passes start the same).
  const counted = new Map<string, number>();
  for (const line of starts.split("\n").filter(Boolean)) counted.set(line, (counted.get(line) ?? 0) + 1);
  for (const [line, count] of counted) {
    const [file, kind] = line.split("\t");
    const r = row(file);
    r.starts[kind] = Math.max(r.starts[kind] ?? 0, count);
  }
}

const total = (r: FileRow) => Math.max(0, ...Object.values(r.seconds));
const sorted = [...files.entries()].filter(([, r]) => Object.keys(r.seconds).length).sort((a, b) => total(b[1]) - total(a[1]));
const kinds = ["app", "cli", "command", "database", "browser"];
console.log(["file", ...passes, "tests", ...kinds].join("\t"));
for (const [file, r] of sorted.slice(0, top)) {
  console.log([file, ...passes.map((p) => (p in r.seconds ? r.seconds[p].toFixed(1) : "")), r.tests, ...kinds.map((k) => r.starts[k] ?? 0)].join("\t"));
}
for (const pass of passes) {
  const sum = sorted.reduce((s, [, r]) => s + (r.seconds[pass] ?? 0), 0);
  console.log(`${pass}: ${sorted.filter(([, r]) => pass in r.seconds).length} files, ${sum.toFixed(0)} s in all`);
}
