/**
 * The daily report per organisation over real HTTP: an organisation's owners, admins and auditors read and generate
 * its report (its members' activity, nobody else's), its analysts and reviewers their own, the instance's admin the
 * instance's across organisations; the scheduled run skips a suspended organisation and its members, deletes nothing,
 * and reports them again once the suspension is lifted.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { createUser } from "../../lib/auth/users.ts";
import type { OrganisationRole } from "../../lib/organisations/contract.ts";
import { runScheduledDay } from "../../lib/reports/daily/scheduled.ts";
import { HttpClient } from "../../support/http-client.ts";
import { signedIn, startApp, type TestApp } from "../helpers/app.ts";
import { setEnv } from "../helpers/env.ts";

const PASSWORD = "member-password-1";
const DAY = "2026-03-10";
let app: TestApp;
let admin: HttpClient;
let restoreEnv = () => {};

type Team = Record<OrganisationRole, HttpClient> & { organisationId: string; ids: Record<OrganisationRole, string> };
let a: Team;
let b: Team;

async function team(tag: string): Promise<Team> {
  const owner = await signedIn(app, { email: `owner.${tag}@example.com`, password: PASSWORD, fullName: `Owner ${tag}` });
  const me = (await owner.get("/api/auth/me")).json;
  const result = { owner, organisationId: me.organisation.id, ids: { owner: me.id } } as Team;
  for (const role of ["admin", "analyst", "reviewer", "auditor"] as const) {
    const email = `${role}.${tag}@example.com`;
    const user = await createUser(
      app.db,
      { email, password: PASSWORD, fullName: `${role} ${tag}` },
      { membership: { organisationId: me.organisation.id, role } },
    );
    result[role] = new HttpClient(app.url);
    await result[role].signIn(email, PASSWORD);
    result.ids[role] = user.id;
  }
  return result;
}

/** A completed search of the member at that moment, as the pipeline stores it. */
async function searched(member: { userId: string; organisationId: string }, searchTerm: string, at: string) {
  await app.db
    .insert(schema.searches)
    .values({ ...member, searchTerm, status: "completed", riskLevel: "low", createdAt: new Date(at), updatedAt: new Date(at) });
}

const stored = (date: string) =>
  app.db
    .select({ userId: schema.dailyReports.userId, organisationId: schema.dailyReports.organisationId, total: schema.dailyReports.totalSearches })
    .from(schema.dailyReports)
    .where(and(eq(schema.dailyReports.reportDate, date), eq(schema.dailyReports.status, "completed")));

beforeAll(async () => {
  restoreEnv = setEnv({ DUECHECK_REPORT_TIMEZONE: "UTC", DUECHECK_REPORT_CHECK_SECONDS: "0" });
  app = await startApp();
  admin = new HttpClient(app.url);
  await admin.signIn("admin@test.local", "Admin-password-1");
  a = await team("a");
  b = await team("b");
  const of = (t: Team, role: OrganisationRole) => ({ userId: t.ids[role], organisationId: t.organisationId });
  await searched(of(a, "analyst"), "Viktor Petrov", `${DAY}T08:00:00Z`);
  await searched(of(a, "analyst"), "Acme Ltd", `${DAY}T09:00:00Z`);
  await searched(of(a, "owner"), "Owner Check", `${DAY}T10:00:00Z`);
  await searched(of(b, "analyst"), "Other Team Person", `${DAY}T11:00:00Z`);
  for (const day of ["2026-03-11", "2026-03-12"]) {
    await searched(of(a, "analyst"), `A on ${day}`, `${day}T08:00:00Z`);
    await searched(of(b, "analyst"), `B on ${day}`, `${day}T08:00:00Z`);
  }
  // Two teams of members, each hashing a password and signing in: slow on PGlite with other suites running.
}, 180_000);
afterAll(async () => {
  await app?.stop();
  restoreEnv();
});

describe("who reads which report", () => {
  test("an organisation's owners, admins and auditors read its report, with its members' figures only", async () => {
    const generated = await a.owner.post("/api/reports/generate", { date: DAY });
    expect(generated.json).toMatchObject({ reportDate: DAY, scope: "organisation", status: "completed", totalSearches: 3, uniqueUsers: 2 });
    for (const reader of [a.admin, a.auditor]) expect((await reader.get(`/api/reports/daily?date=${DAY}`)).json).toEqual(generated.json);
    const terms = generated.json.searchDetails.searches.map((s: { searchTerm: string }) => s.searchTerm);
    expect(terms.sort()).toEqual(["Acme Ltd", "Owner Check", "Viktor Petrov"]);
    expect((await a.auditor.get(`/api/reports/daily/searches?date=${DAY}`)).json.total).toBe(3);

    // B's owner has no report of A's: B's own is still to be made, and has B's figures.
    expect((await b.owner.get(`/api/reports/daily?date=${DAY}`)).status).toBe(404);
    expect((await b.owner.post("/api/reports/generate", { date: DAY })).json).toMatchObject({ scope: "organisation", totalSearches: 1 });

    const cookie = { cookie: [...a.auditor.cookies].map(([k, v]) => `${k}=${v}`).join("; ") };
    const pdf = await fetch(`${app.url}/api/reports/daily/export?date=${DAY}&format=pdf`, { headers: cookie });
    expect(pdf.headers.get("content-disposition")).toBe(`attachment; filename="duecheck-daily-report-${DAY}-organisation.pdf"`);
  });

  test("analysts and reviewers read their own; the instance's admin reads every organisation's", async () => {
    expect((await a.analyst.post("/api/reports/generate", { date: DAY })).json).toMatchObject({ scope: "user", totalSearches: 2, uniqueUsers: 1 });
    expect((await a.reviewer.get(`/api/reports/daily?date=${DAY}`)).status).toBe(404);
    expect((await a.reviewer.post("/api/reports/generate", { date: DAY })).json).toMatchObject({ scope: "user", totalSearches: 0 });
    // The organisation's report is not changed by its members' own.
    expect((await a.owner.get(`/api/reports/daily?date=${DAY}`)).json.totalSearches).toBe(3);
    expect((await admin.post("/api/reports/generate", { date: DAY })).json).toMatchObject({ scope: "instance", totalSearches: 4, uniqueUsers: 3 });
  });
});

describe("a suspended organisation", () => {
  test("the scheduled run skips it and its members; nothing is deleted; after the suspension they are reported again", async () => {
    const log: string[] = [];
    const logged = (message: string) => void log.push(message);
    expect((await admin.post(`/api/admin/organisations/${b.organisationId}/suspend`, {})).status).toBe(200);
    try {
      const suspendedDay = await runScheduledDay(app.db, "2026-03-11", "UTC", new Date("2026-03-12T01:00:00Z"), logged);
      expect(suspendedDay).toEqual({ date: "2026-03-11", generated: 3, failed: 0 });
      const rows = await stored("2026-03-11");
      expect(rows.map((r) => [r.organisationId ?? r.userId, r.total]).sort()).toEqual(
        [
          [null, 2],
          [a.organisationId, 1],
          [a.ids.analyst, 1],
        ].sort(),
      );
    } finally {
      expect((await admin.post(`/api/admin/organisations/${b.organisationId}/unsuspend`, {})).status).toBe(200);
    }
    // B's search of the suspended day is still there, and B's owner (signed in again: the suspension ended the
    // sessions) makes that day's report on demand.
    await b.owner.signIn("owner.b@example.com", PASSWORD);
    expect((await b.owner.post("/api/reports/generate", { date: "2026-03-11" })).json).toMatchObject({ scope: "organisation", totalSearches: 1 });

    const nextDay = await runScheduledDay(app.db, "2026-03-12", "UTC", new Date("2026-03-13T01:00:00Z"), logged);
    expect(nextDay).toEqual({ date: "2026-03-12", generated: 5, failed: 0 });
    const rows = await stored("2026-03-12");
    expect(rows.map((r) => [r.organisationId ?? r.userId, r.total]).sort()).toEqual(
      [
        [null, 2],
        [a.organisationId, 1],
        [a.ids.analyst, 1],
        [b.organisationId, 1],
        [b.ids.analyst, 1],
      ].sort(),
    );
    expect(log).toEqual([]);
  });
});
