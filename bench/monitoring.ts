/**
 * npm run bench:monitoring — 10,000 monitored entities of 5 users on PostgreSQL, with `bin/duecheck serve` running
 * (news providers and the model on loopback servers that answer at once).
 *
 * 1. A list changes: a new version of OFAC SDN (the real list from ../shared/data when present, else the test
 *    fixture) with 50 added entries, 20 of them names that are monitored. Measured from the version becoming current
 *    to every affected entity made due (matched against the 50 added entries only) and to every one flagged (its
 *    full check screened, compared and recorded with hasChanges). Unaffected entities must not be checked.
 * 2. 10,000 due daily checks: every entity made due at once; measured from then to the last check recorded
 *    (claimed, charged, screened with news, compared), and the bookkeeping checked: each entity checked once,
 *    each check charged once, balances equal their ledgers.
 *
 *   --entities N        monitored entities (default 10000)
 *   --json PATH         also write the figures as JSON
 *   DUECHECK_JOB_CONCURRENCY  jobs the server runs at once (default 8, as bench:batch)
 *   DUECHECK_BENCH_DATABASE_URL  PostgreSQL to create the run's database on (default postgres://postgres@127.0.0.1:5432/test)
 */

import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { and, eq, gte, inArray, isNotNull, notInArray, sql } from "drizzle-orm";
import { type Db, schema } from "../data/db.ts";
import { createUser } from "../lib/auth/users.ts";
import { changeCredits } from "../lib/credits/ledger.ts";
import { importDatasetFiles, readImportFiles } from "../lib/sanctions/datasets/import.ts";
import type { SearchResults } from "../lib/screening/results.ts";
import { type SdnEntry, sdnFiles } from "../support/ofac-sdn.ts";
import { createBenchDatabase } from "./helpers/database.ts";
import { FIRST_NAMES as FIRST, LAST_NAMES as LAST, machine, SHARED_SDN, seedBenchLists, startLoopbackServices, startServer } from "./helpers/services.ts";

const { values: args } = parseArgs({ options: { entities: { type: "string", default: "10000" }, json: { type: "string" } } });
const ENTITIES = Number(args.entities);
const USERS = 5;
const ADDED = 50;
const MONITORED_ADDED = 20;
const CONCURRENCY = process.env.DUECHECK_JOB_CONCURRENCY ?? "8";
const TIMEOUT_MS = 30 * 60_000;

/** Made-up surnames for the added listings: no other monitored or listed name resembles them. */
const LISTED = ["Quorvath", "Zelinskaro", "Brumwaldt", "Ostrevka", "Palquidez", "Vintrasko", "Gurmelian", "Tresquova", "Halvorund", "Ximbalo"];

const m = schema.monitoredEntities;
const s = schema.searches;
const seconds = (ms: number) => Number((ms / 1000).toFixed(1));

/** The 50 added listings: "SURNAME, Given" as OFAC writes them; the first 20 are monitored as "Given Surname". */
function addedEntries(): { entry: SdnEntry; monitoredAs: string }[] {
  return Array.from({ length: ADDED }, (_, i) => {
    const given = `${FIRST[i % FIRST.length]} ${FIRST[(i * 5 + 3) % FIRST.length]}`;
    const surname = `${LISTED[i % LISTED.length]}${i >= LISTED.length ? `-${LAST[i % LAST.length]}` : ""}`;
    return { entry: { id: 990_001 + i, name: `${surname.toUpperCase()}, ${given}`, type: "individual", program: "SDGT" }, monitoredAs: `${given} ${surname}` };
  });
}

/** The stored results of a clean check: the baseline every monitored entity starts from. */
function cleanResults(): SearchResults {
  return {
    sanctionsList: [
      {
        source: "OFAC Specially Designated Nationals (SDN)",
        datasetId: "us_ofac_sdn",
        match: false,
        details: "No match",
        lastUpdated: null,
        entityCount: 0,
        url: null,
        hits: [],
      },
    ],
    adverseMedia: [],
    pepListings: [],
    risk: { level: "low", reasons: [{ code: "no_findings", level: "low", params: {} }] },
    sources: [
      { source: "OFAC Specially Designated Nationals (SDN)", kind: "sanctions", status: "ok" },
      { source: "GDELT", kind: "media", status: "ok" },
    ],
    datasetsUsed: [],
    clean: true,
    summarySource: "built_in",
  };
}

/** Users with credits and their monitored entities, each with a clean baseline check a day old, next check tomorrow. */
async function seedMonitoring(db: Db) {
  const users: string[] = [];
  const organisations: string[] = [];
  for (let u = 0; u < USERS; u++) {
    const user = await createUser(db, { email: `monitor${u}@example.com`, password: "bench-password", fullName: `Monitor ${u}` });
    await changeCredits(db, { userId: user.id, type: "admin_credit", amount: 100_000, description: "bench" });
    users.push(user.id);
    organisations.push(user.organisationId);
  }
  const added = addedEntries();
  const names = Array.from({ length: ENTITIES }, (_, i) =>
    i < MONITORED_ADDED ? added[i].monitoredAs : `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${i}`,
  );
  const yesterday = new Date(Date.now() - 86_400_000);
  const tomorrow = new Date(Date.now() + 86_400_000);
  const results = cleanResults();
  for (let i = 0; i < names.length; i += 1000) {
    const chunk = names.slice(i, i + 1000).map((name, j) => ({ name, userId: users[(i + j) % USERS], organisationId: organisations[(i + j) % USERS] }));
    const searches = await db
      .insert(s)
      .values(
        chunk.map((c) => ({
          userId: c.userId,
          organisationId: c.organisationId,
          searchTerm: c.name,
          entityName: c.name,
          status: "completed" as const,
          riskLevel: "low",
          results,
          isAutomated: true,
          createdAt: yesterday,
          updatedAt: yesterday,
        })),
      )
      .returning({ id: s.id });
    await db.insert(m).values(
      chunk.map((c, j) => ({
        userId: c.userId,
        organisationId: c.organisationId,
        searchTerm: c.name,
        entityType: "person" as const,
        frequency: "daily" as const,
        nextCheck: tomorrow,
        lastChecked: yesterday,
        lastSearchId: searches[j].id,
        createdAt: yesterday,
      })),
    );
  }
  return { users, affected: names.slice(0, MONITORED_ADDED) };
}

/** The current OFAC SDN with the 50 added listings: the real files with lines appended to sdn.csv, or the fixture's. */
function listWithAdditions() {
  const extra = addedEntries().map((a) => a.entry);
  const extraLines = sdnFiles(extra)["sdn.csv"];
  if (!existsSync(join(SHARED_SDN, "sdn.csv"))) {
    return Object.entries(sdnFiles()).map(([name, content]) => ({
      name,
      content: new TextEncoder().encode(name === "sdn.csv" ? content + extraLines : content),
      sourceUrl: null,
      etag: null,
      lastModified: null,
    }));
  }
  return readImportFiles([SHARED_SDN]).map((file) => {
    if (file.name !== "sdn.csv") return file;
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the DOS end-of-file byte is what this removes
    const text = readFileSync(join(SHARED_SDN, "sdn.csv"), "latin1").replace(/\x1a\s*$/, "");
    const content = new Uint8Array(Buffer.from(`${text.replace(/\r?\n?$/, "\r\n")}${extraLines}`, "latin1"));
    return { name: file.name, content, sourceUrl: null, etag: null, lastModified: null };
  });
}

async function waitFor(what: string, done: () => Promise<boolean>) {
  const deadline = Date.now() + TIMEOUT_MS;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(100);
  }
  return performance.now();
}

const services = startLoopbackServices();
const bench = await createBenchDatabase(`duecheck_bench_monitoring_${Date.now()}`);
const { db } = bench.database;
let server: Awaited<ReturnType<typeof startServer>> | null = null;
try {
  const list = await seedBenchLists(db);
  const { users, affected } = await seedMonitoring(db);
  // The seeded version stands for the list as it was when the entities were last checked: nothing to react to.
  await db.update(schema.sanctionsDatasetVersions).set({ monitoringMatchedAt: new Date() });
  server = await startServer({
    DATABASE_URL: bench.databaseUrl,
    DUECHECK_DATA_DIR: `/tmp/${bench.name}`,
    DUECHECK_DATASET_SCHEDULER: "0",
    ...services.env,
    DUECHECK_JOB_POLL_SECONDS: "0.5",
    DUECHECK_JOB_CONCURRENCY: CONCURRENCY,
    DUECHECK_MONITORING_SCAN_SECONDS: "30",
  });
  await Bun.sleep(1000);

  // 1. A list changes.
  const importStarted = performance.now();
  const imported = await importDatasetFiles(db, "us_ofac_sdn", listWithAdditions(), { actor: { kind: "system" }, timeoutMs: 120_000 });
  if (imported.status !== "success") throw new Error(`import: ${imported.status}`);
  const current = performance.now();
  const affectedIds = (await db.select({ id: m.id }).from(m).where(inArray(m.searchTerm, affected))).map((r) => r.id);
  const madeDue = await waitFor(
    "the affected entities made due",
    async () => (await db.$count(m, and(inArray(m.id, affectedIds), sql`(${m.checkTrigger} = 'list_update' or ${m.hasChanges})`))) === affectedIds.length,
  );
  const flagged = await waitFor(
    "the affected entities flagged",
    async () => (await db.$count(m, and(inArray(m.id, affectedIds), eq(m.hasChanges, true)))) === affectedIds.length,
  );
  const otherChecks = await db.$count(m, and(eq(m.hasChanges, true), notInArray(m.id, affectedIds)));
  const [sample] = await db.select({ summary: m.changesSummary, changes: m.changes }).from(m).where(eq(m.id, affectedIds[0]));
  const listUpdate = {
    list: list.label,
    importSeconds: seconds(current - importStarted),
    affected: affectedIds.length,
    madeDueSeconds: seconds(madeDue - current),
    flaggedSeconds: seconds(flagged - current),
    unaffectedFlagged: otherChecks,
    trigger: (sample.changes as { trigger?: string } | null)?.trigger ?? null,
    summary: sample.summary,
  };
  console.log(`\nList update: ${JSON.stringify(listUpdate)}`);

  // 2. Every entity due at once.
  const dueAt = new Date();
  await db.update(m).set({ nextCheck: dueAt });
  const dueStarted = performance.now();
  const ledgerBefore = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(schema.creditTransactions)
    .where(eq(schema.creditTransactions.type, "automatic_search"));
  const allRecorded = await waitFor("every check recorded", async () => (await db.$count(m, gte(m.lastChecked, dueAt))) === ENTITIES);
  const [firstSearch] = await db
    .select({ at: sql<string>`min(${s.createdAt})` })
    .from(s)
    .where(gte(s.createdAt, dueAt));
  const [lastSearch] = await db
    .select({ at: sql<string>`max(${s.createdAt})` })
    .from(s)
    .where(gte(s.createdAt, dueAt));
  const checksAfter = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(s)
    .where(and(gte(s.createdAt, dueAt), eq(s.isAutomated, true)));
  const charges = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(schema.creditTransactions)
    .where(eq(schema.creditTransactions.type, "automatic_search"));
  const t = schema.creditTransactions;
  const ledger = await db
    .select({ userId: t.userId, total: sql<number>`sum(${t.amount})::int` })
    .from(t)
    .where(inArray(t.userId, users))
    .groupBy(t.userId);
  // Each bench user owns an organisation of their own, so its balance is theirs.
  const credits = await db
    .select({ id: schema.users.id, credits: schema.organisations.credits })
    .from(schema.users)
    .innerJoin(schema.organisations, eq(schema.organisations.id, schema.users.organisationId))
    .where(inArray(schema.users.id, users));
  const balances = credits.map((u) => ({ off: u.credits - (ledger.find((l) => l.userId === u.id)?.total ?? 0) }));
  const failed = await db.$count(s, and(gte(s.createdAt, dueAt), eq(s.status, "failed")));
  const dueChecks = {
    entities: ENTITIES,
    allRecordedSeconds: seconds(allRecorded - dueStarted),
    claimedSeconds: seconds(new Date(lastSearch.at).getTime() - new Date(firstSearch.at).getTime()),
    checksPerSecond: Number((ENTITIES / ((allRecorded - dueStarted) / 1000)).toFixed(1)),
    failed,
    checks: {
      checksNotOnce: checksAfter[0].n - ENTITIES,
      chargesNotOnce: charges[0].n - ledgerBefore[0].n - ENTITIES,
      balanceOffLedger: balances.reduce((sum, b) => sum + Math.abs(b.off), 0),
      notRecorded: ENTITIES - (await db.$count(m, and(isNotNull(m.lastChecked), gte(m.lastChecked, dueAt)))),
    },
  };
  console.log(`Due checks: ${JSON.stringify(dueChecks)}`);
  const figures = { machine: machine(), jobConcurrency: Number(CONCURRENCY), listUpdate, dueChecks };
  console.log(
    `\nMonitoring, ${ENTITIES} entities of ${USERS} users — ${figures.machine}; job concurrency ${CONCURRENCY}; ${list.label}\n` +
      `  list update (+${ADDED} listings, ${MONITORED_ADDED} monitored): made due ${listUpdate.madeDueSeconds} s, flagged ${listUpdate.flaggedSeconds} s after the version became current (target 60 s)\n` +
      `  ${ENTITIES} due daily checks: all recorded after ${dueChecks.allRecordedSeconds} s (${dueChecks.checksPerSecond}/s; target 300 s), claims spread over ${dueChecks.claimedSeconds} s; checks ${JSON.stringify(dueChecks.checks)}`,
  );
  if (args.json) await Bun.write(args.json, JSON.stringify(figures, null, 2));
  const ok = listUpdate.unaffectedFlagged === 0 && Object.values(dueChecks.checks).every((v) => v === 0);
  process.exitCode = ok ? 0 : 1;
} finally {
  await server?.stop();
  await bench.drop();
  services.stop();
}
