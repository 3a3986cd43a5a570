/**
 * An organisation's "require 2FA" and retention years over real HTTP: a member without 2FA is held by the
 * organisation's setting exactly as by the instance's (the same 403, /me and sign-in answers), another organisation's
 * members are not; an organisation only tightens the instance (2FA cannot be switched off while the instance requires
 * it; fewer years than the instance's are 400 naming the minimum, nothing changed); the purge keeps each
 * organisation's searches for its own years.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, desc, eq, inArray } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { createUser } from "../../lib/auth/users.ts";
import { retentionBelowMinimum } from "../../lib/retention/organisation-years.ts";
import { purgeExpiredRecords } from "../../lib/retention/purge.ts";
import { HttpClient } from "../../support/http-client.ts";
import { signedIn, startApp, type TestApp } from "../helpers/app.ts";
import { totpCode } from "../helpers/totp.ts";

const PASSWORD = "member-password-1";
const YEAR = 365.25 * 24 * 60 * 60 * 1000;
let app: TestApp;
let admin: HttpClient;
let instanceSettings: Record<string, unknown>;

interface Team {
  owner: HttpClient;
  analyst: HttpClient;
  organisationId: string;
  ownerId: string;
  analystId: string;
}
let a: Team;
let b: Team;

async function team(tag: string): Promise<Team> {
  const owner = await signedIn(app, { email: `owner.${tag}@example.com`, password: PASSWORD, fullName: `Owner ${tag}` });
  const me = (await owner.get("/api/auth/me")).json;
  const email = `analyst.${tag}@example.com`;
  const analyst = await createUser(
    app.db,
    { email, password: PASSWORD, fullName: `Analyst ${tag}` },
    { membership: { organisationId: me.organisation.id, role: "analyst" } },
  );
  const http = new HttpClient(app.url);
  await http.signIn(email, PASSWORD);
  return { owner, analyst: http, organisationId: me.organisation.id, ownerId: me.id, analystId: analyst.id };
}

/** Enrols the client in 2FA (the owners do, so a rule they turn on does not hold them). */
async function enrol(client: HttpClient) {
  const { secret } = (await client.post("/api/auth/setup-2fa")).json;
  expect((await client.post("/api/auth/verify-2fa", { code: totpCode(secret) })).status).toBe(200);
}

const settingsOf = async (client: HttpClient) => (await client.get("/api/organisation")).json.settings;

beforeAll(async () => {
  app = await startApp();
  admin = new HttpClient(app.url);
  await admin.signIn("admin@test.local", "Admin-password-1");
  await enrol(admin);
  instanceSettings = (await admin.get("/api/admin/settings")).json;
  a = await team("a");
  b = await team("b");
  await enrol(a.owner);
  await enrol(b.owner);
  // Two teams of members, each hashing a password and signing in: slow on PGlite with other suites running.
}, 180_000);
afterAll(() => app?.stop());

describe("require 2FA, per organisation", () => {
  test("the organisation's members without 2FA are held exactly as the instance's setting holds them; another organisation's are not", async () => {
    expect((await a.analyst.get("/api/searches")).status).toBe(200);
    expect((await a.analyst.put("/api/organisation/settings", { requireTwoFactor: true })).status).toBe(403);
    const on = await a.owner.put("/api/organisation/settings", { requireTwoFactor: true });
    expect([on.status, on.json.requireTwoFactor]).toEqual([200, true]);

    const held = await a.analyst.get("/api/searches");
    expect(held.status).toBe(403);
    expect((await a.analyst.get("/api/auth/me")).json.twoFactorSetupRequired).toBe(true);
    const login = await new HttpClient(app.url).post("/api/auth/login", { email: "analyst.a@example.com", password: PASSWORD });
    expect(login.json.user.twoFactorSetupRequired).toBe(true);
    // Organisation B's analyst, also without 2FA, is not held.
    expect((await b.analyst.get("/api/searches")).status).toBe(200);
    expect((await b.analyst.get("/api/auth/me")).json.twoFactorSetupRequired).toBe(false);

    // The instance's setting gives B's analyst the very same answer.
    expect((await admin.post("/api/admin/settings", { ...instanceSettings, requireTwoFactor: true })).status).toBe(200);
    const byInstance = await b.analyst.get("/api/searches");
    expect([byInstance.status, byInstance.json]).toEqual([held.status, held.json]);
    expect(held.json).toEqual({ error: "Two-factor authentication is required for every account: set it up at /settings/2fa", code: "two_factor_required" });
    expect((await admin.post("/api/admin/settings", { ...instanceSettings, requireTwoFactor: false })).status).toBe(200);

    // Enrolling lifts it; "as the instance" (off) lifts it for the members who have not.
    const second = await createUser(
      app.db,
      { email: "late.a@example.com", password: PASSWORD, fullName: "Late A" },
      { membership: { organisationId: a.organisationId, role: "analyst" } },
    );
    const late = new HttpClient(app.url);
    await late.signIn(second.email, PASSWORD);
    await enrol(a.analyst);
    expect((await a.analyst.get("/api/searches")).status).toBe(200);
    expect((await late.get("/api/searches")).status).toBe(403);
    expect((await a.owner.put("/api/organisation/settings", { requireTwoFactor: null })).json.requireTwoFactor).toBeNull();
    expect((await late.get("/api/searches")).status).toBe(200);
  });

  test("while the instance requires 2FA an organisation cannot switch it off: 400, nothing changed, and its members stay held", async () => {
    expect((await admin.post("/api/admin/settings", { ...instanceSettings, requireTwoFactor: true })).status).toBe(200);
    try {
      expect((await b.owner.get("/api/organisation")).json.instance).toEqual({ requireTwoFactor: true, retentionYears: 5 });
      const refused = await b.owner.put("/api/organisation/settings", { requireTwoFactor: false });
      expect([refused.status, refused.json.error]).toEqual([
        400,
        "This installation requires two-factor authentication for every account: an organisation cannot turn it off",
      ]);
      expect((await settingsOf(b.owner)).requireTwoFactor).toBeNull();
      expect((await b.analyst.get("/api/searches")).status).toBe(403);
      // Requiring it as well is allowed (and stays when the instance lets go).
      expect((await b.owner.put("/api/organisation/settings", { requireTwoFactor: true })).status).toBe(200);
    } finally {
      expect((await admin.post("/api/admin/settings", { ...instanceSettings, requireTwoFactor: false })).status).toBe(200);
    }
    expect((await b.analyst.get("/api/searches")).status).toBe(403);
    // Off while the instance does not require it: allowed, and nobody is held.
    expect((await b.owner.put("/api/organisation/settings", { requireTwoFactor: false })).json.requireTwoFactor).toBe(false);
    expect((await b.analyst.get("/api/searches")).status).toBe(200);
  });
});

describe("retention years, per organisation", () => {
  test("below the instance's minimum: 400 naming it, nothing changed or audited; at or above it saved and audited; null follows", async () => {
    const audited = () =>
      app.db.$count(schema.auditLog, and(eq(schema.auditLog.action, "organisation.settings_changed"), eq(schema.auditLog.targetId, a.organisationId)));
    const entries = await audited();
    for (const years of [4, 1, 0]) {
      const refused = await a.owner.put("/api/organisation/settings", { retentionYears: years, membersSeeTeam: false });
      expect([refused.status, refused.json.error]).toEqual([400, retentionBelowMinimum(5)]);
    }
    expect(retentionBelowMinimum(5)).toBe("retentionYears must be at least 5, the minimum retention of this installation (or null to follow it)");
    expect((await a.owner.put("/api/organisation/settings", { retentionYears: 101 })).json.error).toBe("retentionYears must be at most 100");
    expect((await a.owner.put("/api/organisation/settings", { retentionYears: 6.5 })).json.error).toBe("retentionYears must be a whole number of years");
    expect(await settingsOf(a.owner)).toMatchObject({ retentionYears: null, membersSeeTeam: true });
    expect(await audited()).toBe(entries);
    expect((await a.analyst.put("/api/organisation/settings", { retentionYears: 7 })).status).toBe(403);

    const kept = await a.owner.put("/api/organisation/settings", { retentionYears: 7 });
    expect([kept.status, kept.json.retentionYears]).toEqual([200, 7]);
    expect(await audited()).toBe(entries + 1);
    const [entry] = await app.db
      .select({ details: schema.auditLog.details, organisationId: schema.auditLog.organisationId })
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, "organisation.settings_changed"), eq(schema.auditLog.targetId, a.organisationId)))
      .orderBy(desc(schema.auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ organisationId: a.organisationId, details: { before: { retentionYears: null }, after: { retentionYears: 7 } } });
    expect((await a.owner.put("/api/organisation/settings", { retentionYears: 5 })).json.retentionYears).toBe(5);
    expect((await a.owner.put("/api/organisation/settings", { retentionYears: null })).json.retentionYears).toBeNull();
  });

  test("the purge keeps each organisation's searches for its own years, never fewer than the instance's", async () => {
    expect((await a.owner.put("/api/organisation/settings", { retentionYears: 7 })).status).toBe(200);
    const insert = async (userId: string, organisationId: string, searchTerm: string, years: number) => {
      const [row] = await app.db
        .insert(schema.searches)
        .values({ userId, organisationId, searchTerm, status: "completed", createdAt: new Date(Date.now() - years * YEAR) })
        .returning({ id: schema.searches.id });
      return row.id;
    };
    const ids = {
      aSix: await insert(a.analystId, a.organisationId, "A six years", 6),
      aEight: await insert(a.analystId, a.organisationId, "A eight years", 8),
      bFour: await insert(b.analystId, b.organisationId, "B four years", 4),
      bSix: await insert(b.analystId, b.organisationId, "B six years", 6),
    };
    const left = async () =>
      (
        await app.db
          .select({ id: schema.searches.id })
          .from(schema.searches)
          .where(inArray(schema.searches.id, Object.values(ids)))
      )
        .map((r) => r.id)
        .sort();

    const dryRun = await purgeExpiredRecords(app.db, { now: new Date(), dryRun: true });
    expect(dryRun.searchesPurged).toBe(2);
    const outcome = await purgeExpiredRecords(app.db, { now: new Date() });
    expect(outcome.searchesPurged).toBe(2);
    expect(await left()).toEqual([ids.aSix, ids.bFour].sort());

    // An instance minimum raised above an organisation's years wins: A's seven count as nine.
    expect((await admin.post("/api/admin/settings", { ...instanceSettings, retentionYears: 9 })).status).toBe(200);
    try {
      const aSeven = await insert(a.analystId, a.organisationId, "A seven and a half years", 7.5);
      expect((await purgeExpiredRecords(app.db, { now: new Date() })).searchesPurged).toBe(0);
      expect((await app.db.select().from(schema.searches).where(eq(schema.searches.id, aSeven))).length).toBe(1);
      expect((await a.owner.get("/api/organisation")).json.instance.retentionYears).toBe(9);
    } finally {
      expect((await admin.post("/api/admin/settings", { ...instanceSettings, retentionYears: 5 })).status).toBe(200);
    }
  });
});
