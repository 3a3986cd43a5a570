/**
 * Daily reports generated from a seeded day on a real database: every figure, the day's edges in a non-UTC report
 * timezone, an empty day, a failure recorded, regeneration, and the own report of one user.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq, isNull } from "drizzle-orm";
import { type Database, openDatabase, schema } from "../../data/db.ts";
import { generateDailyReport } from "../../lib/reports/daily/generate.ts";
import { listReportSearches, readDailyReport } from "../../lib/reports/daily/read.ts";
import { INSTANCE } from "../../lib/reports/daily/scope.ts";
import { seedSystemSettings } from "../../lib/settings/system-settings.ts";
import { DAY, seedDay, ZONE } from "../fixtures/daily-report.ts";
import { createUser } from "../helpers/app.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";

let testDatabase: TestDatabase;
let database: Database;
let alice: string;
let bob: string;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = await openDatabase({ databaseUrl: testDatabase.databaseUrl, dataDir: testDatabase.dataDir, role: "cli" });
  await seedSystemSettings(database.db);
  alice = (await createUser(database.db, { email: "alice@example.com", password: "alice-password" })).id;
  bob = (await createUser(database.db, { email: "bob@example.com", password: "bob-password" })).id;
  await seedDay(database.db, { alice, bob });
});
afterAll(async () => {
  await database?.close();
  await testDatabase?.drop();
});

const hours = (entries: Record<number, number>) => Array.from({ length: 24 }, (_, h) => entries[h] ?? 0);

describe("the organisation's report", () => {
  test("every figure of the day in Europe/Berlin", async () => {
    const generatedAt = new Date("2026-03-11T00:05:00Z");
    const report = await generateDailyReport(database.db, { date: DAY, scope: INSTANCE, timeZone: ZONE, now: generatedAt });
    expect(report).toMatchObject({
      reportDate: DAY,
      scope: "instance",
      status: "completed",
      generatedAt: generatedAt.toISOString(),
      totalSearches: 5,
      manualSearches: 4,
      automatedSearches: 1,
      totalCreditsUsed: 6,
      uniqueUsers: 2,
      highRiskFindings: 2,
    });
    const { searchDetails: details, statistics } = report;
    expect(details.byEntityType).toEqual({ person: 3, company: 2 });
    expect(details.byRiskLevel).toEqual({ critical: 1, high: 1, medium: 0, low: 2 });
    expect(details.byHour).toEqual(hours({ 0: 1, 8: 1, 9: 2, 23: 1 }));
    expect(details.searches.map((s) => [s.searchTerm, s.isAutomated])).toEqual([
      ["Broken Co", false],
      ["Acme Ltd", false],
      ["viktor PETROV", true],
      ["Viktor Petrov", false],
      ["Early Bird", false],
    ]);
    expect(details.searches[3]).toMatchObject({
      entityType: "person",
      riskLevel: "critical",
      aiSummary: "Listed on the OFAC SDN List.",
      createdAt: "2026-03-10T07:30:00.000Z",
    });
    expect(statistics).toMatchObject({ successRate: 80, peakHour: 9, averageSearchesPerUser: 2.5, sanctionsHits: 1, adverseMediaHits: 1 });
    expect(statistics.topSearchTerms.map((t) => [t.term.toLowerCase(), t.count])).toEqual([
      ["viktor petrov", 2],
      ["acme ltd", 1],
      ["broken co", 1],
      ["early bird", 1],
    ]);
    expect(await readDailyReport(database.db, DAY, INSTANCE)).toEqual(report);
  });

  test("the same day in UTC has other edges", async () => {
    const report = await generateDailyReport(database.db, { date: DAY, scope: INSTANCE, timeZone: "UTC" });
    expect(report.totalSearches).toBe(5);
    expect(report.searchDetails.searches.map((s) => s.searchTerm)).toContain("Next Day");
    expect(report.searchDetails.searches.map((s) => s.searchTerm)).not.toContain("Early Bird");
    expect(report.searchDetails.byHour).toEqual(hours({ 7: 1, 8: 2, 22: 1, 23: 1 }));
    // regenerating replaced the one report of the day
    const rows = await database.db
      .select()
      .from(schema.dailyReports)
      .where(and(eq(schema.dailyReports.reportDate, DAY), isNull(schema.dailyReports.userId)));
    expect(rows).toHaveLength(1);
  });

  test("a day without searches is a completed, empty report", async () => {
    const report = await generateDailyReport(database.db, { date: "2026-03-01", scope: INSTANCE, timeZone: ZONE });
    expect(report).toMatchObject({ status: "completed", totalSearches: 0, totalCreditsUsed: 0, uniqueUsers: 0, highRiskFindings: 0 });
    expect(report.searchDetails.byHour).toEqual(hours({}));
    expect(report.statistics).toEqual({ successRate: 0, peakHour: null, averageSearchesPerUser: 0, topSearchTerms: [], sanctionsHits: 0, adverseMediaHits: 0 });
  });

  test("a failure is recorded as failed, without the figures of an earlier report, and thrown", async () => {
    await generateDailyReport(database.db, { date: DAY, scope: { userId: bob }, timeZone: ZONE });
    await expect(generateDailyReport(database.db, { date: DAY, scope: { userId: bob }, timeZone: "Mars/Olympus_Mons" })).rejects.toThrow();
    const failed = await readDailyReport(database.db, DAY, { userId: bob });
    expect(failed).toMatchObject({ status: "failed", totalSearches: 0, highRiskFindings: 0 });
    expect(failed?.searchDetails.searches).toEqual([]);
  });
});

describe("a user's own report", () => {
  test("only that user's searches and credits", async () => {
    const own = await generateDailyReport(database.db, { date: DAY, scope: { userId: alice }, timeZone: ZONE });
    expect(own).toMatchObject({
      scope: "user",
      totalSearches: 3,
      manualSearches: 2,
      automatedSearches: 1,
      totalCreditsUsed: 4,
      uniqueUsers: 1,
      highRiskFindings: 2,
    });
    expect(own.searchDetails.byHour).toEqual(hours({ 0: 1, 8: 1, 9: 1 }));
    expect(own.statistics).toMatchObject({ successRate: 100, peakHour: 0, averageSearchesPerUser: 3 });
    const bobs = await generateDailyReport(database.db, { date: DAY, scope: { userId: bob }, timeZone: ZONE });
    expect(bobs).toMatchObject({ totalSearches: 2, totalCreditsUsed: 2, highRiskFindings: 0 });
    expect(bobs.statistics.successRate).toBe(50);
    // the organisation's report of the day is still its own row
    expect((await readDailyReport(database.db, DAY, INSTANCE))?.totalSearches).toBe(5);
  });

  test("the searches of the day, a page at a time, newest first", async () => {
    const first = await listReportSearches(database.db, DAY, INSTANCE, { limit: 2 }, ZONE);
    expect(first.total).toBe(5);
    expect(first.items.map((s) => s.searchTerm)).toEqual(["Broken Co", "Acme Ltd"]);
    const { decodeCursor } = await import("../../lib/paging.ts");
    const second = await listReportSearches(database.db, DAY, INSTANCE, { limit: 5, cursor: decodeCursor(first.nextCursor!) }, ZONE);
    expect(second.items.map((s) => s.searchTerm)).toEqual(["viktor PETROV", "Viktor Petrov", "Early Bird"]);
    expect(second.nextCursor).toBeNull();
  });
});

describe("settings", () => {
  test("DUECHECK_REPORT_TIMEZONE: an IANA name, default UTC; anything else is refused naming it", async () => {
    const { reportCheckSeconds, reportTimeZone } = await import("../../lib/reports/daily/settings.ts");
    expect(reportTimeZone({})).toBe("UTC");
    expect(reportTimeZone({ DUECHECK_REPORT_TIMEZONE: "America/New_York" })).toBe("America/New_York");
    expect(() => reportTimeZone({ DUECHECK_REPORT_TIMEZONE: "Berlin Time" })).toThrow("DUECHECK_REPORT_TIMEZONE must be an IANA time zone");
    expect(reportCheckSeconds({})).toBe(60);
    expect(reportCheckSeconds({ DUECHECK_REPORT_CHECK_SECONDS: "0" })).toBe(0);
    expect(() => reportCheckSeconds({ DUECHECK_REPORT_CHECK_SECONDS: "soon" })).toThrow("DUECHECK_REPORT_CHECK_SECONDS must be a number");
  });
});
