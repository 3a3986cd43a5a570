/**
 * npm run bench:reports — a day's daily reports on PostgreSQL: 500 users and 100,000 searches on one day (with
 * results as the pipeline stores them: sanctions lists with some matches, news with some negative articles, risk
 * levels, automated and failed searches) and a ledger row per charged search, written with multi-row inserts into a
 * database made for the run (dropped after).
 * Measured: the time and the peak memory (RSS of this process) of generating the organisation's report, then of the
 * scheduled run of the day (every user's own report, each claimed once; the organisation's exists by then).
 *
 *   --users N      users (default 500)
 *   --searches N   searches on the day (default 100000)
 *   --history N    also copy the day's searches to each of the N days before it (default 0): the report reads one
 *                  day of a longer history
 *   --json PATH    also write the figures as JSON
 *   DUECHECK_BENCH_DATABASE_URL  PostgreSQL to create the run's database on (default postgres://postgres@127.0.0.1:5432/test)
 */

import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { type Db, schema } from "../data/db.ts";
import { generateDailyReport } from "../lib/reports/daily/generate.ts";
import { runScheduledDay } from "../lib/reports/daily/scheduled.ts";
import { INSTANCE } from "../lib/reports/daily/scope.ts";
import { createBenchDatabase } from "./helpers/database.ts";
import { FIRST_NAMES as FIRST, LAST_NAMES as LAST, machine } from "./helpers/services.ts";

const { values: args } = parseArgs({
  options: {
    users: { type: "string", default: "500" },
    searches: { type: "string", default: "100000" },
    history: { type: "string", default: "0" },
    json: { type: "string" },
  },
});
const USERS = Number(args.users);
const SEARCHES = Number(args.searches);
const DAY = "2026-03-10";
const ZONE = "UTC";
const HISTORY = Number(args.history);
const CHUNK = 1000;
const TARGET = { seconds: 10, megabytes: 500 };

const LISTS = ["OFAC SDN List", "UN Security Council", "EU Financial Sanctions", "UK Sanctions List", "OpenSanctions PEPs"];
const RISKS = ["low", "low", "low", "low", "medium", "medium", "high", "critical"];

function results(i: number) {
  const matched = i % 23 === 0;
  const negative = i % 11 === 0;
  return {
    sanctionsList: LISTS.map((source, l) => ({
      source,
      match: matched && l === 0,
      details: matched && l === 0 ? `Listed as ${FIRST[i % 16]} ${LAST[(i >> 4) % 16]}; programs SDGT, IRAN` : "",
    })),
    adverseMedia: Array.from({ length: 3 }, (_, a) => ({
      title: `${LAST[(i + a) % 16]} Holdings reports quarterly results ${a}`,
      summary: "An article about the company's results, its board and its business in the region, as news providers return it.",
      source: ["Reuters", "GDELT", "Google News"][a],
      date: "2026-03-09",
      url: `https://news.example/${i}/${a}`,
      category: negative && a === 0 ? "Financial Crime" : "Other",
      isNegative: negative && a === 0,
    })),
    pepListings: [],
    risk: { level: RISKS[i % RISKS.length], reasons: [] },
    sources: LISTS.map((source) => ({ source, kind: "sanctions", status: "ok" })),
    datasetsUsed: [],
    clean: !matched && !negative,
  };
}

/** The day's searches of these users, all members of this organisation. */
async function seed(db: Db, organisationId: string, userIds: string[]) {
  const start = Date.parse(`${DAY}T00:00:00Z`);
  for (let from = 0; from < SEARCHES; from += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, SEARCHES - from) }, (_, k) => {
      const i = from + k;
      // busier in office hours: two thirds of the searches between 08:00 and 18:00
      const offset = i % 3 === 0 ? (i * 7919) % 86_400_000 : 8 * 3_600_000 + ((i * 104_729) % (10 * 3_600_000));
      const createdAt = new Date(start + offset);
      const failed = i % 97 === 0;
      return {
        userId: userIds[i % userIds.length],
        organisationId,
        searchTerm: `${FIRST[i % 16]} ${LAST[(i >> 4) % 16]}${i % 5 === 0 ? "" : ` ${i % 1000}`}`,
        entityType: i % 4 === 0 ? ("company" as const) : ("person" as const),
        status: failed ? ("failed" as const) : ("completed" as const),
        riskLevel: failed ? null : RISKS[i % RISKS.length],
        aiSummary: failed ? null : "No sanctions listing; the news found is not adverse.",
        results: failed ? null : results(i),
        isAutomated: i % 6 === 0,
        creditsUsed: 1,
        createdAt,
        updatedAt: createdAt,
      };
    });
    const inserted = await db
      .insert(schema.searches)
      .values(rows)
      .returning({ id: schema.searches.id, userId: schema.searches.userId, createdAt: schema.searches.createdAt, isAutomated: schema.searches.isAutomated });
    await db.insert(schema.creditTransactions).values(
      inserted.map((r) => ({
        userId: r.userId,
        organisationId: sql`(select ${schema.users.organisationId} from ${schema.users} where ${schema.users.id} = ${r.userId})`,
        searchId: r.id,
        type: r.isAutomated ? ("automatic_search" as const) : ("manual_search" as const),
        amount: -1,
        balance: 100,
        createdAt: r.createdAt,
      })),
    );
  }
}

/** Runs `work`, sampling this process's RSS every 10 ms: the seconds it took and the peak in MB. */
async function measure<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number; peakMb: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const started = performance.now();
  try {
    const result = await work();
    return { result, seconds: (performance.now() - started) / 1000, peakMb: Math.max(peak, process.memoryUsage().rss) / 2 ** 20 };
  } finally {
    clearInterval(timer);
  }
}

const bench = await createBenchDatabase(`duecheck_bench_reports_${process.pid}`);
try {
  const db = bench.database.db;
  const seedStarted = performance.now();
  const [benchOrganisation] = await db.insert(schema.organisations).values({ name: "Bench" }).returning({ id: schema.organisations.id });
  const users = await db
    .insert(schema.users)
    .values(
      Array.from({ length: USERS }, (_, u) => ({
        email: `user${u}@bench.example`,
        password: "not-a-hash",
        fullName: `Bench User ${u}`,
        organisationId: benchOrganisation.id,
        organisationRole: "analyst" as const,
      })),
    )
    .returning({ id: schema.users.id });
  await seed(
    db,
    benchOrganisation.id,
    users.map((u) => u.id),
  );
  if (HISTORY > 0) {
    await db.execute(sql`
      insert into searches (user_id, organisation_id, search_term, entity_type, status, risk_level, ai_summary, results, is_automated, credits_used, created_at, updated_at)
      select user_id, organisation_id, search_term, entity_type, status, risk_level, ai_summary, results, is_automated, credits_used, created_at - g * interval '1 day', updated_at - g * interval '1 day'
      from searches, generate_series(1, ${HISTORY}::int) g`);
  }
  await db.execute(sql`analyze`);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  Bun.gc(true);

  const organisation = await measure(() => generateDailyReport(db, { date: DAY, scope: INSTANCE, timeZone: ZONE }));
  const report = organisation.result;
  if (report.totalSearches !== SEARCHES || report.uniqueUsers !== USERS)
    throw new Error(`wrong report: ${report.totalSearches} searches, ${report.uniqueUsers} users`);
  Bun.gc(true);
  const scheduled = await measure(() => runScheduledDay(db, DAY, ZONE, new Date(Date.parse(`${DAY}T00:00:00Z`) + 25 * 3_600_000), () => {}));
  if (scheduled.result.generated !== USERS || scheduled.result.failed)
    throw new Error(`scheduled run generated ${scheduled.result.generated}, failed ${scheduled.result.failed}`);

  const figures = {
    machine: machine(),
    users: USERS,
    searches: SEARCHES,
    historyDays: HISTORY,
    seedSeconds: Number(seedSeconds.toFixed(1)),
    organisationReport: { seconds: Number(organisation.seconds.toFixed(2)), peakRssMb: Math.round(organisation.peakMb) },
    scheduledRun: { reports: scheduled.result.generated, seconds: Number(scheduled.seconds.toFixed(2)), peakRssMb: Math.round(scheduled.peakMb) },
    report: {
      sanctionsHits: report.statistics.sanctionsHits,
      adverseMediaHits: report.statistics.adverseMediaHits,
      successRate: report.statistics.successRate,
      peakHour: report.statistics.peakHour,
      totalCreditsUsed: report.totalCreditsUsed,
    },
    target: TARGET,
  };
  console.log(`machine: ${figures.machine}`);
  console.log(
    `seeded ${USERS} users and ${SEARCHES.toLocaleString("en")} searches on ${DAY}${HISTORY ? ` (and on each of the ${HISTORY} days before)` : ""} in ${figures.seedSeconds} s`,
  );
  console.log(`organisation report: ${figures.organisationReport.seconds} s, peak RSS ${figures.organisationReport.peakRssMb} MB`);
  console.log(
    `scheduled run of the day (${USERS} users' own reports; the organisation's was made above): ${figures.scheduledRun.seconds} s, peak RSS ${figures.scheduledRun.peakRssMb} MB`,
  );
  console.log(
    `report: ${report.statistics.sanctionsHits} sanctions hits, ${report.statistics.adverseMediaHits} adverse media hits, success rate ${report.statistics.successRate} %, peak hour ${report.statistics.peakHour}, ${report.totalCreditsUsed} credits`,
  );
  const ok = organisation.seconds < TARGET.seconds && organisation.peakMb < TARGET.megabytes;
  console.log(
    ok
      ? `within the target (under ${TARGET.seconds} s and ${TARGET.megabytes} MB)`
      : `OUTSIDE the target (under ${TARGET.seconds} s and ${TARGET.megabytes} MB)`,
  );
  if (args.json) writeFileSync(args.json, JSON.stringify(figures, null, 2));
  if (!ok) process.exitCode = 1;
} finally {
  await bench.drop();
}
