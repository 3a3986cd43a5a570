/**
 * The instance's administration of organisations over real HTTP: only an instance admin lists, opens and changes
 * them (every organisation role and the instance auditor 403, signed out 401); the list's figures and paging; credits
 * added to an organisation exactly, through the ledger and audited; a suspension that stops sign-in, sessions, API keys
 * and embed tokens and is undone by unsuspending; and moving a user, whose records stay with the old organisation,
 * never leaving members behind without an owner.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, desc, eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { authenticateApiKey, createApiKey } from "../../lib/auth/api-keys.ts";
import { SUSPENDED_MESSAGE } from "../../lib/auth/suspension.ts";
import { createUser as createAccount } from "../../lib/auth/users.ts";
import { createEmbedToken, verifyEmbedToken } from "../../lib/embed/tokens.ts";
import type { OrganisationRole } from "../../lib/organisations/contract.ts";
import { HttpClient } from "../../support/http-client.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { auditEntries } from "../helpers/audit.ts";

const PASSWORD = "member-password-1";
let app: TestApp;
let admin: HttpClient;
let adminId: string;
afterAll(() => app.stop());

async function signIn(email: string) {
  const http = new HttpClient(app.url);
  await http.signIn(email, PASSWORD);
  return http;
}

interface Org {
  id: string;
  ids: Record<OrganisationRole, string>;
}

/** An organisation whose owner signed up as anyone does, with one member of every other role. */
async function organisation(tag: string): Promise<Org> {
  const owner = await createUser(app.db, { email: `owner.${tag}@example.com`, password: PASSWORD, fullName: `Owner ${tag}` });
  const ids = { owner: owner.id } as Record<OrganisationRole, string>;
  for (const role of ["admin", "analyst", "reviewer", "auditor"] as const) {
    const user = await createAccount(
      app.db,
      { email: `${role}.${tag}@example.com`, password: PASSWORD, fullName: `${role} ${tag}` },
      { membership: { organisationId: owner.organisationId, role }, withholdWelcomeCredits: true },
    );
    ids[role] = user.id;
  }
  return { id: owner.organisationId, ids };
}

/** Searches stored straight into the table, one per moment, owned by the user in their organisation now. */
async function searchesAt(userId: string, organisationId: string, moments: Date[]) {
  await app.db.insert(schema.searches).values(
    moments.map((createdAt, i) => ({
      userId,
      organisationId,
      searchTerm: `Term ${i}`,
      entityType: "person" as const,
      status: "completed" as const,
      createdAt,
    })),
  );
}

let a: Org;
let b: Org;
beforeAll(async () => {
  app = await startApp();
  admin = new HttpClient(app.url);
  adminId = (await admin.signIn("admin@test.local", "Admin-password-1")).id;
  a = await organisation("a");
  b = await organisation("b");
  // Names of their own: every test account's organisation is named after its company, the same for all.
  await app.db.update(schema.organisations).set({ name: "Alpha Trading" }).where(eq(schema.organisations.id, a.id));
  await app.db.update(schema.organisations).set({ name: "Beta Trading" }).where(eq(schema.organisations.id, b.id));
});

describe("who may administer organisations", () => {
  test("only an instance admin: every organisation role and the instance auditor 403, signed out 401", async () => {
    expect((await admin.get("/api/admin/organisations")).status).toBe(200);
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/admin/organisations"],
      ["GET", `/api/admin/organisations/${b.id}`],
      ["POST", `/api/admin/organisations/${b.id}/credits`, { amount: 5 }],
      ["POST", `/api/admin/organisations/${b.id}/suspend`, {}],
      ["POST", `/api/admin/organisations/${b.id}/unsuspend`, {}],
      ["POST", `/api/admin/users/${b.ids.analyst}/organisation`, { organisationId: a.id, role: "analyst" }],
    ];
    for (const role of ["owner", "admin", "analyst", "reviewer", "auditor"] as const) {
      const http = await signIn(`${role}.a@example.com`);
      for (const [method, path, body] of calls)
        expect({ role, path, status: (await http.request(method, path, body)).status }).toEqual({ role, path, status: 403 });
    }
    await createUser(app.db, { email: "instance.auditor@example.com", password: PASSWORD, role: "auditor" });
    const auditor = await signIn("instance.auditor@example.com");
    for (const [method, path, body] of calls) expect({ path, status: (await auditor.request(method, path, body)).status }).toEqual({ path, status: 403 });
    for (const [method, path, body] of calls)
      expect({ path, status: (await new HttpClient(app.url).request(method, path, body)).status }).toEqual({ path, status: 401 });
    // Nothing changed meanwhile.
    const [row] = await app.db.select().from(schema.organisations).where(eq(schema.organisations.id, b.id));
    expect((await admin.get(`/api/admin/organisations/${b.id}`)).json).toMatchObject({ credits: row.credits, suspendedAt: null, members: 5 });
    expect(await auditEntries(app.db, "organisation.credits_added")).toEqual([]);
  });

  test("an unknown or malformed organisation is 404", async () => {
    expect((await admin.get("/api/admin/organisations/7b0e6f7e-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await admin.get("/api/admin/organisations/not-an-id")).status).toBe(404);
    expect((await admin.post("/api/admin/organisations/not-an-id/suspend", {})).status).toBe(404);
  });
});

describe("the list of organisations", () => {
  test("each organisation with its members, balance and this month's screenings, newest first, paged and filtered by name", async () => {
    const startOfMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1));
    await searchesAt(a.ids.analyst, a.id, [new Date(startOfMonth.getTime() - 1000), startOfMonth, new Date(), new Date()]);
    const res = await admin.get("/api/admin/organisations?q=trading&limit=1");
    expect(res.status).toBe(200);
    expect(res.json.total).toBe(2);
    expect(res.json.items.map((o: any) => o.id)).toEqual([b.id]);
    const next = await admin.get(`/api/admin/organisations?q=trading&limit=1&cursor=${res.json.nextCursor}`);
    expect(next.json.nextCursor).toBeNull();
    const [row] = await app.db.select().from(schema.organisations).where(eq(schema.organisations.id, a.id));
    expect(next.json.items).toEqual([
      {
        id: a.id,
        name: "Alpha Trading",
        members: 5,
        credits: row.credits,
        screeningsThisMonth: 3,
        createdAt: expect.any(String),
        suspendedAt: null,
      },
    ]);
    expect((await admin.get("/api/admin/organisations")).json.total).toBeGreaterThanOrEqual(4);
    expect((await admin.get("/api/admin/organisations?q=nothing-like-this")).json).toEqual({ items: [], nextCursor: null, total: 0 });
  });

  test("one organisation with its members, owners first, with their last sign-in", async () => {
    await signIn("reviewer.a@example.com");
    const res = await admin.get(`/api/admin/organisations/${a.id}`);
    expect(res.status).toBe(200);
    expect(res.json.memberList.map((m: any) => m.role)).toEqual(["owner", "admin", "analyst", "reviewer", "auditor"]);
    const reviewer = res.json.memberList.find((m: any) => m.role === "reviewer");
    expect(reviewer).toEqual({
      id: a.ids.reviewer,
      fullName: "reviewer a",
      email: "reviewer.a@example.com",
      role: "reviewer",
      lastLoginAt: expect.any(String),
    });
  });
});

describe("adding credits to an organisation", () => {
  test("exactly the amount, through the ledger naming the admin, audited with the balance before and after", async () => {
    const before = (await admin.get(`/api/admin/organisations/${b.id}`)).json.credits;
    const res = await admin.post(`/api/admin/organisations/${b.id}/credits`, { amount: 250, reason: "Pilot project" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ balance: before + 250, organisation: { id: b.id, credits: before + 250 } });
    const [entry] = await app.db
      .select()
      .from(schema.creditTransactions)
      .where(and(eq(schema.creditTransactions.organisationId, b.id), eq(schema.creditTransactions.type, "admin_credit")))
      .orderBy(desc(schema.creditTransactions.createdAt));
    expect(entry).toMatchObject({ amount: 250, balance: before + 250, description: "Pilot project", createdBy: adminId, userId: b.ids.owner });
    const audit = (await auditEntries(app.db, "organisation.credits_added")).at(-1);
    expect(audit).toMatchObject({
      actorKind: "admin",
      actorUserId: adminId,
      targetType: "organisation",
      targetId: b.id,
      details: { organisationId: b.id, amount: 250, before: { credits: before }, after: { credits: before + 250 } },
    });
    // Members see the new balance.
    expect((await (await signIn("analyst.b@example.com")).get("/api/credits/balance")).json.balance).toBe(before + 250);
  });

  test("amounts that are not whole positive numbers are refused", async () => {
    for (const amount of [0, -5, 1.5, "10", 2_000_000]) {
      expect((await admin.post(`/api/admin/organisations/${b.id}/credits`, { amount })).status).toBe(400);
    }
  });
});

describe("suspending an organisation", () => {
  test("stops sign-in, sessions, API keys and embed tokens, deletes nothing, and unsuspending restores them", async () => {
    const owner = await signIn("owner.b@example.com");
    const other = await signIn("owner.a@example.com");
    const key = await createApiKey(app.db, b.ids.owner, "CI");
    const embed = await createEmbedToken(app.db, { userId: b.ids.owner, apiKeyId: key.id });

    const res = await admin.post(`/api/admin/organisations/${b.id}/suspend`, {});
    expect(res.status).toBe(200);
    const { suspendedAt } = res.json;
    expect(typeof suspendedAt).toBe("string");
    expect(res.json).toMatchObject({ id: b.id, members: 5 });
    expect((await owner.get("/api/auth/me")).status).toBe(401);
    const refused = await new HttpClient(app.url).post("/api/auth/login", { email: "analyst.b@example.com", password: PASSWORD });
    expect(refused.status).toBe(403);
    expect(refused.json.error).toBe(SUSPENDED_MESSAGE);
    const apiCall = await new HttpClient(app.url, { authorization: `Bearer ${key.key}` }).get("/api/v1/monitoring/entities");
    expect(apiCall.status).toBe(403);
    expect(apiCall.json.error).toBe(SUSPENDED_MESSAGE);
    await expect(authenticateApiKey(app.db, `Bearer ${key.key}`)).rejects.toMatchObject({ status: 403 });
    await expect(verifyEmbedToken(app.db, embed.token, null)).rejects.toMatchObject({ status: 403 });
    // Another organisation is untouched; the suspended one keeps its members and balance.
    expect((await other.get("/api/auth/me")).status).toBe(200);
    expect((await admin.get(`/api/admin/organisations/${b.id}`)).json.memberList).toHaveLength(5);
    const [audit] = (await auditEntries(app.db, "organisation.suspended")).filter((e) => e.targetId === b.id);
    expect(audit).toMatchObject({ actorKind: "admin", actorUserId: adminId, targetType: "organisation" });
    // Suspending again changes nothing.
    expect((await admin.post(`/api/admin/organisations/${b.id}/suspend`, {})).json.suspendedAt).toBe(suspendedAt);

    const lifted = await admin.post(`/api/admin/organisations/${b.id}/unsuspend`, {});
    expect(lifted.status).toBe(200);
    expect(lifted.json.suspendedAt).toBeNull();
    expect((await (await signIn("analyst.b@example.com")).get("/api/auth/me")).status).toBe(200);
    await expect(authenticateApiKey(app.db, `Bearer ${key.key}`)).resolves.toMatchObject({ user: { id: b.ids.owner } });
    await expect(verifyEmbedToken(app.db, embed.token, null)).resolves.toMatchObject({ user: { id: b.ids.owner } });
    expect(await auditEntries(app.db, "organisation.unsuspended")).toHaveLength(1);
  });

  test("an instance admin cannot suspend their own organisation", async () => {
    const me = (await admin.get("/api/auth/me")).json;
    const res = await admin.post(`/api/admin/organisations/${me.organisation.id}/suspend`, {});
    expect(res.status).toBe(409);
    expect((await admin.get("/api/auth/me")).status).toBe(200);
  });
});

describe("moving a user to another organisation", () => {
  test("the user joins with the role; their records stay with the old organisation", async () => {
    await searchesAt(a.ids.reviewer, a.id, [new Date()]);
    const res = await admin.post(`/api/admin/users/${a.ids.reviewer}/organisation`, { organisationId: b.id, role: "admin" });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      userId: a.ids.reviewer,
      email: "reviewer.a@example.com",
      from: { organisationId: a.id, role: "reviewer" },
      to: { organisationId: b.id, role: "admin" },
    });
    const me = (await (await signIn("reviewer.a@example.com")).get("/api/auth/me")).json;
    expect(me.organisation).toMatchObject({ id: b.id, role: "admin" });
    const records = await app.db
      .select({ organisationId: schema.searches.organisationId })
      .from(schema.searches)
      .where(eq(schema.searches.userId, a.ids.reviewer));
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((r) => r.organisationId === a.id)).toBe(true);
    const [audit] = await auditEntries(app.db, "organisation.member_moved");
    expect(audit).toMatchObject({
      actorKind: "admin",
      targetId: a.ids.reviewer,
      details: { before: { organisationId: a.id }, after: { organisationId: b.id, role: "admin" } },
    });
  });

  test("the last owner cannot leave other members without an owner; a second owner lets them go", async () => {
    const refused = await admin.post(`/api/admin/users/${a.ids.owner}/organisation`, { organisationId: b.id, role: "analyst" });
    expect(refused.status).toBe(409);
    const [row] = await app.db.select().from(schema.users).where(eq(schema.users.id, a.ids.owner));
    expect(row.organisationId).toBe(a.id);
    expect((await admin.post(`/api/admin/users/${a.ids.admin}/organisation`, { organisationId: a.id, role: "owner" })).status).toBe(409);
  });

  test("a user alone in their organisation may be moved; unknown users and organisations are 404", async () => {
    const solo = await createUser(app.db, { email: "solo@example.com", password: PASSWORD });
    expect((await admin.post(`/api/admin/users/${solo.id}/organisation`, { organisationId: a.id, role: "analyst" })).status).toBe(200);
    expect((await admin.post("/api/admin/users/not-an-id/organisation", { organisationId: a.id, role: "analyst" })).status).toBe(404);
    const unknownOrg = await admin.post(`/api/admin/users/${solo.id}/organisation`, {
      organisationId: "7b0e6f7e-0000-4000-8000-000000000000",
      role: "analyst",
    });
    expect(unknownOrg.status).toBe(404);
    expect((await admin.post(`/api/admin/users/${solo.id}/organisation`, { organisationId: a.id, role: "boss" })).status).toBe(400);
  });
});
