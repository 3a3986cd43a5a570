/**
 * npm run bench:match: how good and how fast the sanctions name matcher is, on the real lists.
 *
 * Loads us_ofac_sdn, us_ofac_cons and un_sc_sanctions from ../shared/data with the real parsers, builds
 * the index and answers every query of ../shared/eval/dev.jsonl, beside a plain fuse.js scan over the
 * same names; then builds a synthetic index of one million names recombined from the real ones.
 *
 *   bun bench/match.ts [--json FILE] [--verbose] [--fuse-queries N | --fuse-all]
 *                      [--synthetic-names N | --no-synthetic] [--data DIR] [--eval FILE] [--clean-names N]
 *
 * A query passes when the entity whose primary name equals `expect` is among the first 3 results with
 * match = true; a clean name (expect null) passes when no result has match = true. Then N synthetic clean names
 * (helpers/clean-names.ts: faker-js people in many locales and scripts, nobody on a list) are screened as persons:
 * the share flagged, overall and per script, is the false alarm rate on names nobody here chose.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import Fuse from "fuse.js";
import type { DatasetFile, EntitySchema, SanctionsEntity } from "../lib/sanctions/entity.ts";
import { DEFAULT_MATCH_THRESHOLD, SanctionsIndex, SanctionsIndexBuilder } from "../lib/sanctions/matcher/index.ts";
import { type DatasetFormat, parseDatasetFiles } from "../lib/sanctions/parsers/index.ts";
import { cleanNames, type Script } from "./helpers/clean-names.ts";
import { printPeerReport, runPeerSuites } from "./helpers/match-peers.ts";

const ROOT = join(import.meta.dir, "..");
const LISTS: { id: string; format: DatasetFormat }[] = [
  { id: "us_ofac_sdn", format: "ofac_csv" },
  { id: "us_ofac_cons", format: "ofac_csv" },
  { id: "un_sc_sanctions", format: "un_xml" },
];

const { values: args } = parseArgs({
  options: {
    json: { type: "string" },
    verbose: { type: "boolean", default: false },
    "fuse-queries": { type: "string", default: "100" },
    "fuse-all": { type: "boolean", default: false },
    "synthetic-names": { type: "string", default: "1000000" },
    "no-synthetic": { type: "boolean", default: false },
    "synthetic-only": { type: "boolean", default: false },
    data: { type: "string", default: resolve(ROOT, "../shared/data") },
    eval: { type: "string", default: resolve(ROOT, "../shared/eval/dev.jsonl") },
    peers: { type: "string", default: resolve(ROOT, "../shared/eval/peers") },
    "peers-only": { type: "boolean", default: false },
    failures: { type: "string" },
    "clean-names": { type: "string", default: "100000" },
  },
});

interface EvalQuery {
  id: string;
  kind: string;
  term: string;
  type?: "person" | "company";
  datasets?: string[];
  expect: string | null;
}

interface Outcome {
  query: EvalQuery;
  pass: boolean;
  /** Its time in each timed pass. */
  ms: number | number[];
  top: string[];
}

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : 0;
};

function memory() {
  Bun.gc(true);
  const m = process.memoryUsage();
  return { rssMb: mb(m.rss), heapMb: mb(m.heapUsed) };
}

const SETTLE_STEP_MS = 250;
const SETTLE_MAX_MS = 15_000;

/**
 * The RSS once the allocator has handed back what the last step freed. JavaScriptCore's allocator returns freed pages
 * to the system from a thread of its own over the next seconds, so the RSS read right after a collection still holds
 * a build's garbage (one of two levels, about 180 MB apart on a million names, from run to run). A server at rest
 * shows the settled value: read every SETTLE_STEP_MS until it stops falling (at most SETTLE_MAX_MS).
 */
function settledMemory() {
  Bun.gc(true);
  let rss = process.memoryUsage().rss;
  for (let waited = 0; waited < SETTLE_MAX_MS; waited += SETTLE_STEP_MS) {
    Bun.sleepSync(SETTLE_STEP_MS);
    const now = process.memoryUsage().rss;
    if (now > rss - 2 ** 20) break;
    rss = now;
  }
  return mb(rss);
}

/** The highest RSS the process has had (Linux reports it in kilobytes). */
const peakRssMb = () => Math.round(process.resourceUsage().maxRSS / 1024);

function table(rows: (string | number)[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => String(r[c]).length)));
  return rows.map((r) => r.map((cell, c) => (c === 0 ? String(cell).padEnd(widths[c]) : String(cell).padStart(widths[c]))).join("  ")).join("\n");
}

// --- loading -------------------------------------------------------------------------------------

function loadLists(dataDir: string) {
  const imports: { dataset: string; entities: number; names: number; ms: number }[] = [];
  const entities: SanctionsEntity[] = [];
  for (const list of LISTS) {
    const dir = join(dataDir, list.id);
    const files: DatasetFile[] = readdirSync(dir).map((name) => ({ name, content: new Uint8Array(readFileSync(join(dir, name))) }));
    const started = performance.now();
    const parsed = parseDatasetFiles(list.format, list.id, files);
    const ms = performance.now() - started;
    imports.push({ dataset: list.id, entities: parsed.length, names: parsed.reduce((n, e) => n + 1 + e.aliases.length, 0), ms: round(ms, 0) });
    entities.push(...parsed);
  }
  return { imports, entities };
}

// --- evaluation ----------------------------------------------------------------------------------

type Searcher = (q: EvalQuery) => { name: string; match: boolean }[];

function evaluate(queries: EvalQuery[], search: Searcher): Outcome[] {
  return queries.map((query) => {
    const started = performance.now();
    const results = search(query);
    const ms = performance.now() - started;
    const pass = query.expect === null ? !results.some((r) => r.match) : results.slice(0, 3).some((r) => r.match && r.name === query.expect);
    return { query, pass, ms, top: results.slice(0, 3).map((r) => `${r.name}${r.match ? "" : " (no match)"}`) };
  });
}

function summarize(outcomes: Outcome[]) {
  const kinds = [...new Set(outcomes.map((o) => o.query.kind))].sort();
  const recall: Record<string, { passed: number; total: number; percent: number }> = {};
  for (const kind of kinds.filter((k) => k !== "clean")) {
    const of = outcomes.filter((o) => o.query.kind === kind);
    const passed = of.filter((o) => o.pass).length;
    recall[kind] = { passed, total: of.length, percent: round((100 * passed) / of.length, 1) };
  }
  const listed = outcomes.filter((o) => o.query.expect !== null);
  const clean = outcomes.filter((o) => o.query.expect === null);
  const ms = outcomes.flatMap((o) => o.ms);
  return {
    queries: outcomes.length,
    recall,
    recallOverall: listed.length ? round((100 * listed.filter((o) => o.pass).length) / listed.length, 1) : 0,
    falsePositiveRate: clean.length ? round((100 * clean.filter((o) => !o.pass).length) / clean.length, 1) : 0,
    cleanQueries: clean.length,
    p50Ms: round(percentile(ms, 0.5), 3),
    p99Ms: round(percentile(ms, 0.99), 3),
    meanMs: round(ms.reduce((a, b) => a + b, 0) / Math.max(1, ms.length), 3),
  };
}

function matcherSearcher(index: SanctionsIndex): Searcher {
  return (q) => index.search(q.term, { type: q.type, datasets: q.datasets });
}

/** The plain fuse.js scan the design brief started from: every name, keys name + aliases. */
function fuseSearcher(entities: SanctionsEntity[]): Searcher {
  const records = entities.map((e) => ({ entity: e, name: e.name, aliases: e.aliases.map((a) => a.name) }));
  const fuse = new Fuse(records, { keys: ["name", "aliases"], threshold: 0.4, includeScore: true, ignoreLocation: true });
  const company: EntitySchema[] = ["Organization", "Vessel", "Aircraft"];
  return (q) =>
    fuse
      .search(q.term)
      .filter(({ item }) => !q.datasets || q.datasets.includes(item.entity.datasetId))
      .filter(({ item }) => !q.type || (q.type === "person") === !company.includes(item.entity.schema))
      // Every result fuse.js returns is under its threshold, so each counts as a match.
      .map(({ item }) => ({ name: item.entity.name, match: true }));
}

/** Every n-th query, so the sample keeps the mix of kinds. */
function sample(queries: EvalQuery[], count: number): EvalQuery[] {
  if (count >= queries.length) return queries;
  const step = queries.length / count;
  return Array.from({ length: count }, (_, i) => queries[Math.floor(i * step)]);
}

// --- synthetic index -----------------------------------------------------------------------------

/** A deterministic pseudo-random generator (mulberry32), so every run builds the same names. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Real entities plus synthetic ones until the index holds `targetNames` names, one at a time. A synthetic person is
 * "SURNAME(S), Given names" with the surnames of one real person and the given names of others; a
 * synthetic company joins words of real company names. Each has the real ratio of aliases to entities.
 */
function* syntheticEntities(real: SanctionsEntity[], targetNames: number): Generator<SanctionsEntity> {
  const next = random(20260227);
  const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)];
  const allNames = real.flatMap((e) => [e.name, ...e.aliases.map((a) => a.name)].map((name) => ({ name, person: e.schema === "Person" })));
  const personNames = allNames.filter((n) => n.person && n.name.includes(",")).map((n) => n.name.split(","));
  const surnames = personNames.map(([last]) => last.trim()).filter(Boolean);
  const isWord = (word: string) => /[\p{L}\p{N}]/u.test(word);
  const givenWords = personNames.flatMap(([, first]) => (first ?? "").trim().split(/\s+/)).filter(isWord);
  const companyWords = allNames
    .filter((n) => !n.person)
    .flatMap((n) => n.name.split(/\s+/))
    .filter(isWord);
  const namesPerEntity = allNames.length / real.length;
  const datasets = [...new Set(real.map((e) => e.datasetId))];
  const schemas: EntitySchema[] = ["Person", "Person", "Person", "Organization", "Organization", "Vessel"];

  const personName = () => `${pick(surnames)}, ${Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(givenWords)).join(" ")}`;
  const companyName = () => Array.from({ length: 2 + Math.floor(next() * 4) }, () => pick(companyWords)).join(" ");

  yield* real;
  let names = real.reduce((n, e) => n + new Set([e.name, ...e.aliases.map((a) => a.name)]).size, 0);
  for (let i = 0; names < targetNames; i++) {
    const schema = pick(schemas);
    const make = schema === "Person" ? personName : companyName;
    const wanted = Math.min(targetNames - names, 1 + Math.floor(next() * 2 * (namesPerEntity - 1) + 0.5));
    const distinct = new Set<string>();
    while (distinct.size < wanted) distinct.add(make());
    const [name, ...aliases] = distinct;
    yield {
      id: `synthetic:${i}`,
      datasetId: pick(datasets),
      sourceId: String(i),
      schema,
      name,
      aliases: aliases.map((alias) => ({ name: alias, kind: "aka" as const })),
      nationalities: [],
      birthDates: [],
      programs: [],
      addresses: [],
      remarks: null,
      listedOn: null,
      sourceUrl: null,
    };
    names += distinct.size;
  }
}

/**
 * The synthetic index is measured in a process of its own (this script with --synthetic-only): its RSS is then that
 * of a process holding the one index, as a server does, not one holding the real lists' index and the fuse.js scan
 * too (memory the runtime keeps once it has grown).
 */
function measureSyntheticApart(): Record<string, unknown> {
  const child = Bun.spawnSync(
    [process.execPath, import.meta.path, "--synthetic-only", "--synthetic-names", args["synthetic-names"]!, "--data", args.data!, "--eval", args.eval!],
    { stdout: "pipe", stderr: "inherit" },
  );
  if (child.exitCode !== 0) throw new Error("The synthetic index's measurement failed");
  return JSON.parse(child.stdout.toString());
}

const WARM_UP_PASSES = 3;
const MEASURED_PASSES = 3;

/**
 * Every query answered in WARM_UP_PASSES passes that ready the JIT, then in MEASURED_PASSES timed passes: the outcomes
 * of the first timed pass, with the times of all of them (one pass's 99th percentile is its ninth slowest query of
 * 854, which a collection or a late recompilation moved by a fifth from run to run). Before each pass the index
 * forgets the word lookups it kept, so a pass gains only from words its own queries repeat.
 */
function timedPasses(queries: EvalQuery[], index: SanctionsIndex): Outcome[] {
  for (let pass = 0; pass < WARM_UP_PASSES; pass++) {
    index.forgetLookups();
    evaluate(queries, matcherSearcher(index));
  }
  const passes: Outcome[][] = [];
  for (let pass = 0; pass < MEASURED_PASSES; pass++) {
    index.forgetLookups();
    passes.push(evaluate(queries, matcherSearcher(index)));
  }
  return passes[0].map((outcome, i) => ({ ...outcome, ms: passes.flatMap((p) => p[i].ms) }));
}

/**
 * The synthetic index, built as a server's worker builds one: each entity added as it comes (the worker adds a batch
 * at a time) and dropped, so only what the index keeps of it stays. The time is the adding and the building.
 */
function buildSynthetic(entities: SanctionsEntity[]): { index: SanctionsIndex; buildMs: number } {
  const builder = new SanctionsIndexBuilder();
  let buildMs = 0;
  for (const entity of syntheticEntities(entities, Number(args["synthetic-names"]))) {
    const started = performance.now();
    builder.add(entity);
    buildMs += performance.now() - started;
  }
  const started = performance.now();
  const index = SanctionsIndex.fromBuilder(builder);
  return { index, buildMs: round(buildMs + performance.now() - started, 0) };
}

/**
 * Builds the synthetic index from the real lists, answers every query (see timedPasses) and measures. RSS: right after
 * the build and a collection, then settled (settledMemory) after the build and after the query passes, and the peak.
 */
function measureSynthetic(entities: SanctionsEntity[], queries: EvalQuery[]) {
  const { index: bigIndex, buildMs } = buildSynthetic(entities);
  const bigMemory = memory();
  const settledRssMb = settledMemory();
  const summary = summarize(timedPasses(queries, bigIndex));
  return {
    entities: bigIndex.size,
    names: bigIndex.nameCount,
    buildMs,
    ...bigMemory,
    settledRssMb,
    servingRssMb: settledMemory(),
    peakRssMb: peakRssMb(),
    p50Ms: summary.p50Ms,
    p99Ms: summary.p99Ms,
    recallOverall: summary.recallOverall,
    falsePositiveRate: summary.falsePositiveRate,
  };
}

/** Synthetic clean names screened as persons (see the header): the share flagged, overall and per script, with examples. */
function screenCleanNames(index: SanctionsIndex, count: number) {
  const byScript = new Map<Script | "all", { names: number; flagged: number }>();
  const examples: string[] = [];
  const count1 = (script: Script | "all", flagged: boolean) => {
    const row = byScript.get(script) ?? { names: 0, flagged: 0 };
    row.names++;
    if (flagged) row.flagged++;
    byScript.set(script, row);
  };
  for (const { name, script } of cleanNames(count)) {
    const hit = index.search(name, { type: "person" }).find((r) => r.match);
    count1("all", !!hit);
    count1(script, !!hit);
    if (hit && examples.length < 20) examples.push(`${name} => ${hit.matchedName} (${round(hit.score, 3)})`);
  }
  const rates = Object.fromEntries(
    [...byScript].map(([script, { names, flagged }]) => [script, { names, flagged, percent: round((100 * flagged) / names, 2) }]),
  );
  return { names: count, rates, examples };
}

/** The plain fuse.js scan over the real lists, in a function of its own so that nothing of it outlives the call. */
function compareWithFuse(entities: SanctionsEntity[], queries: EvalQuery[]) {
  const started = performance.now();
  const fuse = fuseSearcher(entities);
  const fuseBuildMs = round(performance.now() - started, 0);
  return { fuseBuildMs, fuseSummary: summarize(evaluate(queries, fuse)) };
}

// --- main ----------------------------------------------------------------------------------------

function main() {
  if (!LISTS.every((l) => existsSync(join(args.data!, l.id)))) {
    console.log(`bench:match skipped: the lists are not in ${args.data} (expected ${LISTS.map((l) => l.id).join(", ")}).`);
    return;
  }
  if (!existsSync(args.eval!)) {
    console.log(`bench:match skipped: no evaluation set at ${args.eval}.`);
    return;
  }
  const queries: EvalQuery[] = readFileSync(args.eval!, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line));

  // The header names the file evaluated, which need not be the dev set (--eval).
  const evalLabel = `Eval ${basename(args.eval!)}`;
  const { imports, entities } = loadLists(args.data!);
  if (args["synthetic-only"]) {
    console.log(JSON.stringify(measureSynthetic(entities, queries)));
    return;
  }
  const importTotalMs = round(
    imports.reduce((s, i) => s + i.ms, 0),
    0,
  );

  const started = performance.now();
  const index = SanctionsIndex.build(entities);
  const buildMs = round(performance.now() - started, 0);
  const afterBuild = memory();

  const outcomes = timedPasses(queries, index);
  const matcher = summarize(outcomes);
  const peers = runPeerSuites(args.peers!, index, SanctionsIndex.build, DEFAULT_MATCH_THRESHOLD);
  if (args["peers-only"]) {
    console.log(
      `${evalLabel}: recall ${matcher.recallOverall}%, false positives ${matcher.falsePositiveRate}%, p50 ${matcher.p50Ms} ms, p99 ${matcher.p99Ms} ms`,
    );
    if (peers) printPeerReport(peers);
    const failing = outcomes.filter((o) => !o.pass);
    if (args.failures) {
      const lines = [
        ...failing.map((o) => `dev\t${o.query.kind}\t${o.query.term} => ${o.query.expect ?? "(clean)"} | top: ${o.top.join("; ")}`),
        ...(peers?.failures ?? []).map((f) => `${f.suite}\t${f.kind}\t${f.detail}`),
      ];
      writeFileSync(args.failures, `${lines.join("\n")}\n`);
    }
    return;
  }

  const fuseQueries = args["fuse-all"] ? queries : sample(queries, Number(args["fuse-queries"]));
  const { fuseBuildMs, fuseSummary } = compareWithFuse(entities, fuseQueries);
  const matcherOnSample = summarize(evaluate(fuseQueries, matcherSearcher(index)));
  const speedup = round(fuseSummary.p50Ms / Math.max(matcherOnSample.p50Ms, 1e-6), 0);
  const realIndex = { entities: index.size, names: index.nameCount };
  const synthetic = args["no-synthetic"] ? null : measureSyntheticApart();
  const clean = Number(args["clean-names"]) > 0 ? screenCleanNames(index, Number(args["clean-names"])) : null;

  const report = {
    machine: { cpus: navigator.hardwareConcurrency, bun: Bun.version, platform: process.platform, arch: process.arch },
    threshold: DEFAULT_MATCH_THRESHOLD,
    import: { lists: imports, totalMs: importTotalMs },
    index: { ...realIndex, buildMs, ...afterBuild },
    matcher,
    fuse: { buildMs: fuseBuildMs, ...fuseSummary, matcherP50MsOnSameQueries: matcherOnSample.p50Ms, speedup },
    synthetic,
    peers: peers ? { ...peers, failures: peers.failures.length } : null,
    cleanNames: clean,
  };

  console.log(
    `\nImport (parse)\n${table([["list", "entities", "names", "ms"], ...imports.map((i) => [i.dataset, i.entities, i.names, i.ms]), ["total", entities.length, realIndex.names, importTotalMs]])}`,
  );
  console.log(
    `\nIndex: ${realIndex.entities} entities, ${realIndex.names} names, built in ${buildMs} ms; RSS ${afterBuild.rssMb} MB, heap ${afterBuild.heapMb} MB`,
  );
  const kinds = Object.keys(matcher.recall);
  const recallRow = (s: ReturnType<typeof summarize>) => kinds.map((k) => (s.recall[k] ? `${s.recall[k].percent}%` : "-"));
  console.log(
    `\n${evalLabel} (${queries.length} queries, threshold ${DEFAULT_MATCH_THRESHOLD}; recall = expected entity in the top 3 with match)\n${table([
      ["", ...kinds, "overall", "false pos.", "p50 ms", "p99 ms"],
      ["matcher", ...recallRow(matcher), `${matcher.recallOverall}%`, `${matcher.falsePositiveRate}%`, matcher.p50Ms, matcher.p99Ms],
      [
        `fuse.js (${fuseQueries.length} q.)`,
        ...recallRow(fuseSummary),
        `${fuseSummary.recallOverall}%`,
        `${fuseSummary.falsePositiveRate}%`,
        fuseSummary.p50Ms,
        fuseSummary.p99Ms,
      ],
    ])}`,
  );
  console.log(`Speed-up over the fuse.js scan (p50 on the same ${fuseQueries.length} queries): ${speedup}x (matcher p50 ${matcherOnSample.p50Ms} ms)`);
  if (peers) printPeerReport(peers);
  if (clean) {
    const rates = Object.entries(clean.rates).map(([script, r]) => `${script} ${r.percent}% (${r.flagged}/${r.names})`);
    console.log(`\nSynthetic clean names (${clean.names}, faker-js locales; flagged as a match): ${rates.join(", ")}`);
    if (args.verbose) for (const example of clean.examples) console.log(`  ${example}`);
  }
  if (synthetic) {
    console.log(
      `\nSynthetic index: ${synthetic.entities} entities, ${synthetic.names} names, built in ${synthetic.buildMs} ms; RSS ${synthetic.rssMb} MB right after the build, ${synthetic.settledRssMb} MB settled, ${synthetic.servingRssMb} MB settled after the queries (peak ${synthetic.peakRssMb} MB), heap ${synthetic.heapMb} MB; ${basename(args.eval!)} queries p50 ${synthetic.p50Ms} ms, p99 ${synthetic.p99Ms} ms (recall ${synthetic.recallOverall}%, false positives ${synthetic.falsePositiveRate}%)`,
    );
  }
  if (args.verbose) {
    const failing = outcomes.filter((o) => !o.pass);
    console.log(`\nFailing queries of ${basename(args.eval!)} (${failing.length})`);
    for (const o of failing)
      console.log(`  ${o.query.kind.padEnd(8)} ${o.query.term}  =>  ${o.query.expect ?? "(clean)"}  | top: ${o.top.join("; ") || "none"}`);
  }
  if (args.json) {
    writeFileSync(args.json, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nFigures written to ${args.json}`);
  }
}

main();
