/**
 * An organisation's audit log over real HTTP: its owners, admins and auditors read the entries made by its members or
 * about its records (GET /api/organisation/audit and the CSV export), never another organisation's; analysts and
 * reviewers get 403; the instance's admin reads every organisation's at /api/admin/audit, and their own acts on an
 * organisation land in that organisation's log. The hash chain still verifies.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { verifyAuditChain } from "../../lib/audit/chain.ts";
import type { AuditEntryView } from "../../lib/audit/contract.ts";
import { createUser } from "../../lib/auth/users.ts";
import type { OrganisationRole } from "../../lib/organisations/contract.ts";
import { HttpClient } from "../../support/http-client.ts";
import { signedIn, startApp, type TestApp } from "../helpers/app.ts";

const PASSWORD = "member-password-1";
let app: TestApp;
let admin: HttpClient;
let adminOrganisation: string;

type Team = Record<OrganisationRole, HttpClient> & { organisationId: string };
let a: Team;
let b: Team;

async function team(tag: string): Promise<Team> {
  const owner = await signedIn(app, { email: `owner.${tag}@example.com`, password: PASSWORD, fullName: `Owner ${tag}` });
  const me = (await owner.get("/api/auth/me")).json;
  const result = { owner, organisationId: me.organisation.id } as Team;
  for (const role of ["admin", "analyst", "reviewer", "auditor"] as const) {
    const email = `${role}.${tag}@example.com`;
    await createUser(app.db, { email, password: PASSWORD, fullName: `${role} ${tag}` }, { membership: { organisationId: me.organisation.id, role } });
    result[role] = new HttpClient(app.url);
    await result[role].signIn(email, PASSWORD);
  }
  return result;
}

/** Every entry a reader gets, page after page. */
async function everything(client: HttpClient, path: string, query = ""): Promise<AuditEntryView[]> {
  const items: AuditEntryView[] = [];
  let cursor = "";
  for (;;) {
    const res = await client.get(`${path}?limit=100${query}${cursor ? `&cursor=${cursor}` : ""}`);
    expect(res.status).toBe(200);
    items.push(...res.json.items);
    if (!res.json.nextCursor) return items;
    cursor = res.json.nextCursor;
  }
}

beforeAll(async () => {
  app = await startApp();
  admin = new HttpClient(app.url);
  await admin.signIn("admin@test.local", "Admin-password-1");
  adminOrganisation = (await admin.get("/api/auth/me")).json.organisation.id;
  a = await team("a");
  b = await team("b");
  // Each organisation's own activity, and the instance admin's act on B.
  expect((await a.owner.put("/api/organisation/settings", { fourEyes: true })).status).toBe(200);
  expect((await b.owner.put("/api/organisation/settings", { membersSeeTeam: false })).status).toBe(200);
  expect((await b.admin.post("/api/organisation/members", { email: "new.b@example.com", fullName: "New B", role: "analyst" })).status).toBe(201);
  expect((await admin.post(`/api/admin/organisations/${b.organisationId}/credits`, { amount: 5, reason: "Pilot" })).status).toBe(200);
  // Two teams of members, each hashing a password and signing in: slow on PGlite with other suites running.
}, 180_000);
afterAll(() => app?.stop());

describe("an organisation's audit log", () => {
  test("its owners, admins and auditors read its entries, and only its own", async () => {
    const ofA = await everything(a.owner, "/api/organisation/audit");
    expect(ofA.length).toBeGreaterThan(0);
    expect(new Set(ofA.map((e) => e.organisationId))).toEqual(new Set([a.organisationId]));
    expect(ofA.map((e) => e.action)).toContain("organisation.settings_changed");
    // The members' sign-ins are theirs too.
    expect(ofA.filter((e) => e.action === "auth.login").map((e) => e.actorEmail)).toContain("analyst.a@example.com");
    for (const reader of [a.admin, a.auditor]) expect(await everything(reader, "/api/organisation/audit")).toEqual(ofA);

    const ofB = await everything(b.owner, "/api/organisation/audit");
    expect(new Set(ofB.map((e) => e.organisationId))).toEqual(new Set([b.organisationId]));
    expect(ofB.map((e) => e.action)).toEqual(
      expect.arrayContaining(["organisation.settings_changed", "organisation.member_invited", "organisation.credits_added"]),
    );
    // Nothing of one is in the other's.
    const idsOfA = new Set(ofA.map((e) => e.id));
    expect(ofB.some((e) => idsOfA.has(e.id))).toBe(false);
    expect(JSON.stringify(ofA)).not.toContain("b@example.com");
  });

  test("the filters and the CSV export keep to the organisation", async () => {
    const filtered = await a.owner.get("/api/organisation/audit?action=organisation.*");
    expect(filtered.json.items.map((e: AuditEntryView) => e.action)).toEqual(["organisation.settings_changed"]);
    expect(filtered.json.total).toBe(1);
    // Another organisation's member as actor finds nothing.
    expect((await a.owner.get("/api/organisation/audit?actor=owner.b@example.com")).json.total).toBe(0);

    const csv = await fetch(`${app.url}/api/organisation/audit/export`, {
      headers: { cookie: [...b.auditor.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = (await csv.text()).trim().split("\r\n").slice(1);
    expect(lines.length).toBe((await b.owner.get("/api/organisation/audit")).json.total);
    for (const line of lines) expect(line.endsWith(`,${b.organisationId}`)).toBe(true);
  });

  test("analysts and reviewers get 403; signed out 401; a bad filter 400", async () => {
    for (const client of [a.analyst, a.reviewer, b.analyst]) {
      for (const path of ["/api/organisation/audit", "/api/organisation/audit/export"]) {
        const res = await client.get(path);
        expect([res.status, res.json]).toEqual([403, { error: "Only an organisation's owners, admins and auditors read its audit log" }]);
      }
    }
    expect((await new HttpClient(app.url).get("/api/organisation/audit")).status).toBe(401);
    expect((await a.owner.get("/api/organisation/audit?from=yesterday")).status).toBe(400);
    // The instance's log stays the instance admin's.
    expect((await a.owner.get("/api/admin/audit")).status).toBe(403);
  });
});

describe("the instance's admin", () => {
  test("reads every organisation's entries and the instance's own; their own organisation's log has only its own", async () => {
    const all = await everything(admin, "/api/admin/audit");
    const organisations = new Set(all.map((e) => e.organisationId));
    for (const id of [a.organisationId, b.organisationId, adminOrganisation]) expect(organisations.has(id)).toBe(true);
    // The admin's grant to B is B's entry, not the admin's organisation's.
    const grant = all.find((e) => e.action === "organisation.credits_added")!;
    expect(grant).toMatchObject({ organisationId: b.organisationId, actorEmail: "admin@test.local" });
    const own = await everything(admin, "/api/organisation/audit");
    expect(new Set(own.map((e) => e.organisationId))).toEqual(new Set([adminOrganisation]));
    expect(own.some((e) => e.action === "organisation.credits_added")).toBe(false);
  });

  test("the chain verifies with the organisations filed", async () => {
    expect(await verifyAuditChain(app.db)).toMatchObject({ intact: true });
  });
});
