/**
 * The 01:00 run of the daily reports on a real database with two server "processes" (two schedulers, on PostgreSQL
 * each with its own connection pool): time moves through a manual clock; each report of the day (the instance's, each
 * organisation's, each user's) is generated exactly once; a run missed while no server was up is caught up at start; an early report is replaced by the full day's.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { type Database, openDatabase, schema } from "../../data/db.ts";
import { manualClock } from "../../lib/clock.ts";
import { computeDailyReport } from "../../lib/reports/daily/compute.ts";
import { generateDailyReport } from "../../lib/reports/daily/generate.ts";
import { readDailyReport } from "../../lib/reports/daily/read.ts";
import { startDailyReportScheduler } from "../../lib/reports/daily/scheduler.ts";
import { INSTANCE, organisationScope } from "../../lib/reports/daily/scope.ts";
import { seedSystemSettings } from "../../lib/settings/system-settings.ts";
import { DAY, seedDay, ZONE } from "../fixtures/daily-report.ts";
import { createUser } from "../helpers/app.ts";
import { organisationOfUser } from "../helpers/credits.ts";
import { createTestDatabase, TEST_DB, type TestDatabase } from "../helpers/database.ts";

let testDatabase: TestDatabase;
let first: Database;
let second: Database;
let alice: string;
let bob: string;
/** Their organisations (each the only member of their own). */
const organisations: Record<string, string> = {};

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  first = await openDatabase({ databaseUrl: testDatabase.databaseUrl, dataDir: testDatabase.dataDir, role: "cli" });
  // PGlite: one process per folder; its second "process" shares the database
  second = TEST_DB === "postgres" ? await openDatabase({ databaseUrl: testDatabase.databaseUrl, dataDir: testDatabase.dataDir, role: "cli" }) : first;
  await seedSystemSettings(first.db);
  alice = (await createUser(first.db, { email: "alice@example.com", password: "alice-password" })).id;
  bob = (await createUser(first.db, { email: "bob@example.com", password: "bob-password" })).id;
  await seedDay(first.db, { alice, bob });
  for (const row of await first.db.select({ id: schema.users.id, organisationId: schema.users.organisationId }).from(schema.users)) {
    organisations[row.id] = row.organisationId;
  }
});
afterAll(async () => {
  if (second !== first) await second?.close();
  await first?.close();
  await testDatabase?.drop();
});

const reportsOf = (date: string) =>
  first.db
    .select({
      userId: schema.dailyReports.userId,
      organisationId: schema.dailyReports.organisationId,
      status: schema.dailyReports.status,
      total: schema.dailyReports.totalSearches,
      generatedAt: schema.dailyReports.generatedAt,
    })
    .from(schema.dailyReports)
    .where(eq(schema.dailyReports.reportDate, date));

test("at 01:00 in the report timezone the previous day's reports are generated exactly once by two processes", async () => {
  // 00:50 in Berlin on the 11th: the 10th is not due yet (its run is at 01:00)
  const clock = manualClock("2026-03-10T23:50:00Z");
  const schedulers = [first, second].map((d) => startDailyReportScheduler({ db: d.db, clock, timeZone: ZONE }, { checkSeconds: 0 }));
  try {
    await Promise.all(schedulers.map((s) => s.tick()));
    expect(await reportsOf(DAY)).toEqual([]);

    clock.set("2026-03-11T00:00:30Z");
    const outcomes = await Promise.all(schedulers.map((s) => s.tick()));
    const generated = outcomes.reduce((sum, o) => sum + (o?.generated ?? 0), 0);
    // the instance's, alice's and bob's organisations', alice's and bob's own
    expect(generated).toBe(5);
    const reports = await reportsOf(DAY);
    expect(reports).toHaveLength(5);
    const byScope = new Map(reports.map((r) => [r.userId ?? r.organisationId, r]));
    expect(byScope.get(null)).toMatchObject({ status: "completed", total: 5, generatedAt: new Date("2026-03-11T00:00:30Z") });
    expect(byScope.get(organisations[alice])).toMatchObject({ status: "completed", total: 3 });
    expect(byScope.get(organisations[bob])).toMatchObject({ status: "completed", total: 2 });
    expect(byScope.get(alice)).toMatchObject({ status: "completed", total: 3 });
    expect(byScope.get(bob)).toMatchObject({ status: "completed", total: 2 });

    // each organisation's report from the grouped pass has every figure of the report made for it alone
    for (const userId of [alice, bob]) {
      const scope = organisationScope(organisations[userId]);
      const stored = await readDailyReport(first.db, DAY, scope);
      expect(stored).toMatchObject({ status: "completed", scope: "organisation" });
      expect(stored).toMatchObject(await computeDailyReport(first.db, DAY, scope, ZONE));
    }

    // each user's report from the grouped pass has every figure of the report made for that user alone
    for (const userId of [alice, bob]) {
      const stored = await readDailyReport(first.db, DAY, { userId });
      expect(stored).toMatchObject({ status: "completed", scope: "user" });
      expect(stored).toMatchObject(await computeDailyReport(first.db, DAY, { userId }, ZONE));
    }

    // later checks of the same day do nothing
    clock.advance(60_000);
    expect(await Promise.all(schedulers.map((s) => s.tick()))).toEqual([null, null]);
    expect((await reportsOf(DAY)).map((r) => r.generatedAt?.toISOString())).toEqual(Array(5).fill("2026-03-11T00:00:30.000Z"));
  } finally {
    await Promise.all(schedulers.map((s) => s.stop()));
  }
});

test("a run missed while no server was up is caught up at start", async () => {
  // two days later at noon: the 12th's run was missed (no report of the 12th); started with a real interval
  const clock = manualClock("2026-03-13T11:00:00Z");
  const scheduler = startDailyReportScheduler({ db: first.db, clock, timeZone: ZONE }, { checkSeconds: 3600 });
  try {
    await scheduler.tick();
    const reports = await reportsOf("2026-03-12");
    expect(reports).toEqual([{ userId: null, organisationId: null, status: "completed", total: 0, generatedAt: new Date("2026-03-13T11:00:00Z") }]);
  } finally {
    await scheduler.stop();
  }
});

test("a report generated before its day ended is replaced by the full day's at 01:00", async () => {
  await first.db.insert(schema.searches).values({
    userId: bob,
    organisationId: organisationOfUser(bob),
    searchTerm: "Evening Search",
    status: "completed",
    riskLevel: "low",
    createdAt: new Date("2026-03-14T19:00:00Z"),
  });
  // generated at 12:00 on the 14th (Berlin), before the evening's search
  await generateDailyReport(first.db, { date: "2026-03-14", scope: INSTANCE, timeZone: ZONE, now: new Date("2026-03-14T11:00:00Z") });
  const clock = manualClock("2026-03-15T00:10:00Z");
  const scheduler = startDailyReportScheduler({ db: first.db, clock, timeZone: ZONE }, { checkSeconds: 0 });
  try {
    expect(await scheduler.tick()).toEqual({ date: "2026-03-14", generated: 3, failed: 0 });
    const [organisation] = await first.db
      .select()
      .from(schema.dailyReports)
      .where(and(eq(schema.dailyReports.reportDate, "2026-03-14"), eq(schema.dailyReports.status, "completed")))
      .orderBy(schema.dailyReports.userId);
    expect(organisation).toBeDefined();
    expect((await reportsOf("2026-03-14")).map((r) => [r.userId ?? r.organisationId, r.total]).sort()).toEqual(
      [
        [bob, 1],
        [organisations[bob], 1],
        [null, 1],
      ].sort(),
    );
  } finally {
    await scheduler.stop();
  }
});
