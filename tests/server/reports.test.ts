/**
 * The daily report calls over real HTTP: 404 before a report exists, generation, who sees what (the instance's admin
 * every organisation's report, an organisation's owner their organisation's; organisation-reports.test.ts has the
 * members and the suspended), the recent rows and the day's searches, the exports' files, bad input.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import ExcelJS from "exceljs";
import { HttpClient } from "../../support/http-client.ts";
import { DAY, seedDay, ZONE } from "../fixtures/daily-report.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { setEnv } from "../helpers/env.ts";

let app: TestApp;
let admin: HttpClient;
let alice: HttpClient;
let bob: HttpClient;
let restoreEnv = () => {};

beforeAll(async () => {
  restoreEnv = setEnv({ DUECHECK_REPORT_TIMEZONE: ZONE, DUECHECK_REPORT_CHECK_SECONDS: "0" });
  app = await startApp();
  const a = await createUser(app.db, { email: "alice@example.com", password: "alice-password" });
  const b = await createUser(app.db, { email: "bob@example.com", password: "bob-password" });
  await seedDay(app.db, { alice: a.id, bob: b.id });
  admin = new HttpClient(app.url);
  await admin.signIn("admin@test.local", "Admin-password-1");
  alice = new HttpClient(app.url);
  await alice.signIn("alice@example.com", "alice-password");
  bob = new HttpClient(app.url);
  await bob.signIn("bob@example.com", "bob-password");
});
afterAll(async () => {
  await app?.stop();
  restoreEnv();
});

describe("reading and generating", () => {
  test("no report yet: 404 with the message the screen shows", async () => {
    const res = await admin.get(`/api/reports/daily?date=${DAY}`);
    expect([res.status, res.json]).toEqual([404, { error: "No report available for this date" }]);
    expect((await admin.get(`/api/reports/daily/export?date=${DAY}&format=pdf`)).status).toBe(404);
  });

  test("an admin generates and reads the instance's report", async () => {
    const generated = await admin.post("/api/reports/generate", { date: DAY });
    expect(generated.status).toBe(200);
    expect(generated.json).toMatchObject({
      reportDate: DAY,
      scope: "instance",
      status: "completed",
      totalSearches: 5,
      uniqueUsers: 2,
      totalCreditsUsed: 6,
    });
    const read = await admin.get(`/api/reports/daily?date=${DAY}`);
    expect([read.status, read.json]).toEqual([200, generated.json]);
  });

  test("an organisation's owner sees only their organisation's report, and generates it", async () => {
    expect((await alice.get(`/api/reports/daily?date=${DAY}`)).status).toBe(404);
    // an ISO date-time counts as its UTC day
    const own = await alice.post("/api/reports/generate", { date: `${DAY}T10:00:00.000Z` });
    expect(own.json).toMatchObject({ reportDate: DAY, scope: "organisation", totalSearches: 3, uniqueUsers: 1, totalCreditsUsed: 4 });
    expect((await alice.get(`/api/reports/daily?date=${DAY}`)).json.totalSearches).toBe(3);
    // bob's organisation's is not alice's, and the instance's is unchanged
    expect((await bob.get(`/api/reports/daily?date=${DAY}`)).status).toBe(404);
    expect((await admin.get(`/api/reports/daily?date=${DAY}`)).json.totalSearches).toBe(5);
  });

  test("recent rows and the day's searches follow the same scope", async () => {
    // the rows cover the last `days` days: the seeded day is older, so a day generated today is the newest row
    expect((await admin.get("/api/reports/daily/recent?days=90")).json.map((r: { reportDate: string }) => r.reportDate)).not.toContain(DAY);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: ZONE }).format(new Date());
    await admin.post("/api/reports/generate", { date: today });
    const recent = await admin.get("/api/reports/daily/recent?days=30");
    expect(recent.json[0]).toMatchObject({ reportDate: today, totalSearches: 0 });
    expect((await alice.get("/api/reports/daily/recent")).json).toEqual([]);

    const page = await alice.get(`/api/reports/daily/searches?date=${DAY}&limit=2`);
    expect(page.json.total).toBe(3);
    expect(page.json.items.map((s: { searchTerm: string }) => s.searchTerm)).toEqual(["viktor PETROV", "Viktor Petrov"]);
    const next = await alice.get(`/api/reports/daily/searches?date=${DAY}&limit=2&cursor=${page.json.nextCursor}`);
    expect(next.json.items.map((s: { searchTerm: string }) => s.searchTerm)).toEqual(["Early Bird"]);
    expect((await admin.get(`/api/reports/daily/searches?date=${DAY}`)).json.total).toBe(5);
  });
});

describe("exports", () => {
  test("PDF and Excel as downloads of the caller's report", async () => {
    const cookie = (client: HttpClient) => ({ cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ") });
    const pdf = await fetch(`${app.url}/api/reports/daily/export?date=${DAY}&format=pdf`, { headers: cookie(admin) });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toBe(`attachment; filename="duecheck-daily-report-${DAY}-instance.pdf"`);
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");

    const xlsx = await fetch(`${app.url}/api/reports/daily/export?date=${DAY}&format=xlsx`, { headers: cookie(alice) });
    expect(xlsx.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    const overview = workbook.getWorksheet("Overview")!;
    const total = overview.getSheetValues().find((row) => Array.isArray(row) && row[1] === "Total searches") as ExcelJS.CellValue[];
    expect(total[2]).toBe(3);
  });
});

describe("bad input", () => {
  test("dates, formats and days are checked", async () => {
    const tomorrow = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
    const cases: [Promise<{ status: number; json: any }>, string][] = [
      [admin.get("/api/reports/daily"), "date must be a day as yyyy-MM-dd"],
      [admin.get("/api/reports/daily?date=2026-02-30"), "date must be a real day"],
      [admin.get("/api/reports/daily?date=10.03.2026"), "date must be a day as yyyy-MM-dd"],
      [admin.get(`/api/reports/daily?date=${tomorrow}`), "date must not be in the future"],
      [admin.post("/api/reports/generate", { date: tomorrow }), "date must not be in the future"],
      [admin.post("/api/reports/generate", { date: "yesterday" }), "date must be a day as yyyy-MM-dd"],
      [admin.get(`/api/reports/daily/export?date=${DAY}&format=docx`), "format must be pdf or xlsx"],
      [admin.get("/api/reports/daily/recent?days=91"), "days must be at most 90"],
      [admin.get(`/api/reports/daily/searches?date=${DAY}&cursor=nope`), "Invalid cursor"],
    ];
    for (const [request, message] of cases) {
      const res = await request;
      expect([res.status, res.json]).toEqual([400, { error: message }]);
    }
  });

  test("signed out: 401", async () => {
    const res = await new HttpClient(app.url).get(`/api/reports/daily?date=${DAY}`);
    expect(res.status).toBe(401);
  });
});
