/** The admin calls over real HTTP, their rules (last admin, deactivation, validation) and their audit records. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, desc, eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { createApiKey } from "../../lib/auth/api-keys.ts";
import { HttpClient } from "../../support/http-client.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { balanceOf, organisationOfUser } from "../helpers/credits.ts";
import { validRegistration } from "../helpers/registration.ts";

let app: TestApp;
let admin: HttpClient;
let adminId: string;
let alice: Awaited<ReturnType<typeof createUser>>;
let bob: Awaited<ReturnType<typeof createUser>>;

const auditOf = async (action: string) => app.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, action)).orderBy(desc(schema.auditLog.id));

async function insertSearch(userId: string, searchTerm: string, extra: Partial<typeof schema.searches.$inferInsert> = {}) {
  const [row] = await app.db
    .insert(schema.searches)
    .values({
      userId,
      organisationId: organisationOfUser(userId),
      searchTerm,
      status: "completed",
      riskLevel: "high",
      creditsUsed: 10,
      results: {
        sanctionsList: [{ match: true }, { match: false }, { match: true }],
        adverseMedia: [{ title: "a" }, { title: "b" }],
      },
      ...extra,
    })
    .returning();
  return row;
}

beforeAll(async () => {
  app = await startApp();
  alice = await createUser(app.db, { email: "alice@example.com", password: "alice-password-1", fullName: "Alice Archer" });
  bob = await createUser(app.db, { email: "bob@example.com", password: "bob-password-1", fullName: "Bob Baker" });
  await app.db.update(schema.users).set({ company: "Bravo Holdings" }).where(eq(schema.users.id, bob.id));
  admin = new HttpClient(app.url);
  adminId = (await admin.signIn("admin@test.local", "Admin-password-1")).id;
});
afterAll(() => app.stop());

describe("users", () => {
  test("the list is paged newest first, with a total, and q matches email, name or company case-insensitively", async () => {
    const first = await admin.get("/api/admin/users?limit=2");
    expect(first.status).toBe(200);
    expect(first.json.total).toBe(3);
    expect(first.json.items.map((u: { email: string }) => u.email)).toEqual(["bob@example.com", "alice@example.com"]);
    const second = await admin.get(`/api/admin/users?limit=2&cursor=${first.json.nextCursor}`);
    expect(second.json).toMatchObject({ items: [{ email: "admin@test.local", role: "admin" }], nextCursor: null });
    for (const q of ["ALICE", "archer", "bravo"]) {
      const found = await admin.get(`/api/admin/users?q=${q}`);
      expect({ q, emails: found.json.items.map((u: { email: string }) => u.email) }).toEqual({
        q,
        emails: [q === "bravo" ? "bob@example.com" : "alice@example.com"],
      });
    }
  });

  test("an edit changes the profile and role, and the audit log has the admin, the target and before/after", async () => {
    const res = await admin.put(`/api/admin/users/${alice.id}`, { fullName: "Alice Admin", company: "Acme", position: "Lead", role: "admin" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: alice.id, fullName: "Alice Admin", role: "admin" });
    const [entry] = await auditOf("admin.user_role_changed");
    expect(entry).toMatchObject({ actorUserId: adminId, actorKind: "admin", targetType: "user", targetId: alice.id });
    expect(entry.details).toEqual({
      before: { fullName: "Alice Archer", company: "Acme Compliance", position: "Analyst", role: "user" },
      after: { fullName: "Alice Admin", company: "Acme", position: "Lead", role: "admin" },
    });
    // Back to a user: an ordinary edit.
    const back = await admin.put(`/api/admin/users/${alice.id}`, { fullName: "Alice Archer", company: "Acme", position: "Lead", role: "user" });
    expect(back.json.role).toBe("user");
  });

  test("bad input and unknown ids change nothing", async () => {
    expect((await admin.put(`/api/admin/users/${alice.id}`, { fullName: "", company: "A", position: "B", role: "user" })).status).toBe(400);
    expect((await admin.put(`/api/admin/users/${alice.id}`, { fullName: "A", company: "A", position: "B", role: "owner" })).json.error).toBe(
      "role must be user, reviewer, admin or auditor",
    );
    expect(
      (await admin.put("/api/admin/users/00000000-0000-0000-0000-000000000000", { fullName: "A", company: "A", position: "B", role: "user" })).status,
    ).toBe(404);
    expect((await admin.post("/api/admin/users/not-an-id/toggle")).status).toBe(404);
    expect((await admin.post(`/api/admin/users/${alice.id}/credits`, { amount: 1.5 })).json.error).toBe("amount must be a whole number");
    expect((await admin.post(`/api/admin/users/${alice.id}/credits`, { amount: 0 })).status).toBe(400);
    const [stored] = await app.db.select().from(schema.users).where(eq(schema.users.id, alice.id));
    expect(stored).toMatchObject({ fullName: "Alice Archer", isActive: true });
    expect(await balanceOf(app.db, alice.id)).toBe(25);
  });

  test("credits go through the ledger as admin_credit with the description and the admin, and are audited", async () => {
    const res = await admin.post(`/api/admin/users/${alice.id}/credits`, { amount: 40, description: "Pilot project" });
    expect(res.status).toBe(200);
    expect(res.json.balance).toBe(65);
    const [entry] = await app.db
      .select()
      .from(schema.creditTransactions)
      .where(and(eq(schema.creditTransactions.userId, alice.id), eq(schema.creditTransactions.type, "admin_credit")));
    expect(entry).toMatchObject({ amount: 40, balance: 65, description: "Pilot project", createdBy: adminId });
    const [audit] = await auditOf("admin.credits_added");
    expect(audit).toMatchObject({
      actorUserId: adminId,
      targetId: alice.id,
      details: { amount: 40, description: "Pilot project", before: { credits: 25 }, after: { credits: 65 } },
    });
  });

  test("deactivating ends the user's sessions and stops their API keys at once; activating lets them in again", async () => {
    const bobClient = new HttpClient(app.url);
    await bobClient.signIn("bob@example.com", "bob-password-1");
    const { key } = await createApiKey(app.db, bob.id, "Nightly");
    const byKey = () => fetch(`${app.url}/api/v1/search/00000000-0000-0000-0000-000000000000`, { headers: { authorization: `Bearer ${key}` } });
    expect((await bobClient.get("/api/auth/me")).status).toBe(200);
    expect((await byKey()).status).toBe(404);

    const off = await admin.post(`/api/admin/users/${bob.id}/toggle`);
    expect(off.json).toMatchObject({ id: bob.id, isActive: false });
    expect((await bobClient.get("/api/auth/me")).status).toBe(401);
    expect((await byKey()).status).toBe(401);
    expect((await app.db.select().from(schema.sessions).where(eq(schema.sessions.userId, bob.id))).length).toBe(0);
    expect((await new HttpClient(app.url).post("/api/auth/login", { email: "bob@example.com", password: "bob-password-1" })).status).toBe(403);
    const [audit] = await auditOf("admin.user_deactivated");
    expect(audit).toMatchObject({ actorUserId: adminId, targetId: bob.id, details: { before: { isActive: true }, after: { isActive: false } } });

    const on = await admin.post(`/api/admin/users/${bob.id}/toggle`);
    expect(on.json.isActive).toBe(true);
    expect((await byKey()).status).toBe(404);
    await bobClient.signIn("bob@example.com", "bob-password-1");
    expect((await auditOf("admin.user_activated"))[0]).toMatchObject({ targetId: bob.id });
  });

  test("the last active admin can neither demote nor deactivate themselves; with another admin they can", async () => {
    const demote = await admin.put(`/api/admin/users/${adminId}`, { fullName: "Admin", company: "Duecheck", position: "Admin", role: "user" });
    expect(demote.status).toBe(409);
    expect(demote.json.error).toMatch(/last active administrator/);
    expect((await admin.post(`/api/admin/users/${adminId}/toggle`)).status).toBe(409);
    const [me] = await app.db.select().from(schema.users).where(eq(schema.users.id, adminId));
    expect(me).toMatchObject({ role: "admin", isActive: true });

    // An inactive admin does not count.
    const other = await createUser(app.db, { email: "second.admin@example.com", password: "second-password-1", role: "admin" });
    await app.db.update(schema.users).set({ isActive: false }).where(eq(schema.users.id, other.id));
    expect((await admin.post(`/api/admin/users/${adminId}/toggle`)).status).toBe(409);
    await app.db.update(schema.users).set({ isActive: true }).where(eq(schema.users.id, other.id));
    const second = new HttpClient(app.url);
    await second.signIn("second.admin@example.com", "second-password-1");
    const demoted = await second.put(`/api/admin/users/${other.id}`, { fullName: "Second", company: "Duecheck", position: "Admin", role: "user" });
    expect(demoted.status).toBe(200);
    // Demoted, the second admin's session no longer opens the admin area.
    expect((await second.get("/api/admin/stats")).status).toBe(403);
  });
});

describe("activity", () => {
  test("everyone's searches, newest first, with sanctions and media counts, filtered by text and range", async () => {
    const old = await insertSearch(alice.id, "Old Trading LLC", { createdAt: new Date(Date.now() - 40 * 24 * 3600 * 1000) });
    const recent = await insertSearch(bob.id, "Recent Person", { isAutomated: true, creditsUsed: 1 });
    const all = await admin.get("/api/admin/searches");
    expect(all.status).toBe(200);
    expect(all.json.total).toBe(2);
    expect(all.json.items[0]).toEqual({
      id: recent.id,
      createdAt: recent.createdAt.toISOString(),
      userEmail: "bob@example.com",
      userName: "Bob Baker",
      searchTerm: "Recent Person",
      isAutomated: true,
      creditsUsed: 1,
      riskLevel: "high",
      sanctionsCount: 2,
      mediaCount: 2,
      hidden: false,
    });
    expect(all.json.items[1].id).toBe(old.id);
    expect((await admin.get("/api/admin/searches?range=month")).json.items.map((s: { id: string }) => s.id)).toEqual([recent.id]);
    expect((await admin.get("/api/admin/searches?range=today")).json.total).toBe(1);
    expect((await admin.get("/api/admin/searches?q=alice")).json.items.map((s: { id: string }) => s.id)).toEqual([old.id]);
    expect((await admin.get("/api/admin/searches?q=trading")).json.total).toBe(1);
    const paged = await admin.get("/api/admin/searches?limit=1");
    expect((await admin.get(`/api/admin/searches?limit=1&cursor=${paged.json.nextCursor}`)).json.items[0].id).toBe(old.id);
    expect((await admin.get("/api/admin/searches?range=year")).json.error).toBe("range must be all, today, week or month");
  });

  test("everyone's transactions, filtered by user text and type", async () => {
    const all = await admin.get("/api/admin/transactions?limit=100");
    expect(all.json.total).toBeGreaterThanOrEqual(4);
    const credits = await admin.get("/api/admin/transactions?type=admin_credit");
    expect(credits.json.items).toEqual([
      expect.objectContaining({
        userEmail: "alice@example.com",
        userName: "Alice Archer",
        type: "admin_credit",
        amount: 40,
        balance: 65,
        description: "Pilot project",
      }),
    ]);
    const bobs = await admin.get("/api/admin/transactions?q=baker");
    expect(bobs.json.items.every((t: { userEmail: string }) => t.userEmail === "bob@example.com")).toBe(true);
    expect(bobs.json.total).toBe(1);
    expect((await admin.get("/api/admin/transactions?type=gift")).status).toBe(400);
  });

  test("an admin opens any user's search read-only, audited; another user still gets 404", async () => {
    const search = await insertSearch(alice.id, "Private Matter");
    const viewed = await admin.get(`/api/admin/searches/${search.id}`);
    expect(viewed.status).toBe(200);
    expect(viewed.json).toMatchObject({ id: search.id, searchTerm: "Private Matter" });
    const [audit] = await auditOf("search.viewed_by_admin");
    expect(audit).toMatchObject({ actorUserId: adminId, targetType: "search", targetId: search.id, details: { ownerId: alice.id } });
    expect((await admin.get(`/api/searches/${search.id}`)).status).toBe(404);
    const bobClient = new HttpClient(app.url);
    await bobClient.signIn("bob@example.com", "bob-password-1");
    expect((await bobClient.get(`/api/searches/${search.id}`)).status).toBe(404);
    expect((await admin.get("/api/admin/searches/00000000-0000-0000-0000-000000000000")).status).toBe(404);
  });
});

describe("stats", () => {
  test("users, searches, credits used and revenue from purchases (refunds taken off), with today's share", async () => {
    await app.db.insert(schema.purchases).values([
      { userId: alice.id, credits: 100, amount: 2900, paymentIntentId: "pi_a", status: "succeeded", succeededAt: new Date() },
      {
        userId: bob.id,
        credits: 500,
        amount: 10900,
        paymentIntentId: "pi_b",
        status: "partially_refunded",
        refundedCredits: 250,
        succeededAt: new Date(Date.now() - 3 * 24 * 3600 * 1000),
      },
      { userId: bob.id, credits: 100, amount: 2900, paymentIntentId: "pi_c", status: "pending" },
    ]);
    await app.db
      .insert(schema.creditTransactions)
      .values({ userId: alice.id, organisationId: alice.organisationId, type: "manual_search", amount: -10, balance: 55 });
    // Carol never signed in but her monitoring check ran today: she is active today.
    const carol = await createUser(app.db, { email: "carol@example.com", password: "carol-password-1" });
    const earlyToday = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:01Z`);
    await app.db.insert(schema.searches).values({
      userId: carol.id,
      organisationId: carol.organisationId,
      searchTerm: "Carol Check",
      status: "completed",
      isAutomated: true,
      createdAt: earlyToday,
    });
    const res = await admin.get("/api/admin/stats");
    expect(res.status).toBe(200);
    const searches = await app.db.$count(schema.searches);
    expect(res.json).toMatchObject({
      totalUsers: 5,
      totalSearches: searches,
      totalCreditsUsed: 10,
      creditsUsedToday: 10,
      totalRevenue: 29 + 54.5,
      revenueToday: 29,
    });
    const midnight = new Date(new Date().toISOString().slice(0, 10));
    const searchedToday = new Set(
      (await app.db.select({ userId: schema.searches.userId, createdAt: schema.searches.createdAt }).from(schema.searches))
        .filter((r) => r.createdAt >= midnight)
        .map((r) => r.userId),
    );
    const users = await app.db.select({ id: schema.users.id, lastLogin: schema.users.lastLogin }).from(schema.users);
    const active = users.filter((u) => (u.lastLogin && u.lastLogin >= midnight) || searchedToday.has(u.id));
    expect(active.map((u) => u.id)).toContain(carol.id);
    expect(res.json.activeUsers).toBe(active.length);
    expect(res.json.recentSearches[0]).toMatchObject({ searchTerm: "Private Matter", userEmail: "alice@example.com", riskLevel: "high" });
    expect(res.json.recentPurchases.map((p: { amount: number; price: number }) => [p.amount, p.price]).sort()).toEqual([
      [100, 29],
      [500, 109],
    ]);
  });
});

describe("settings", () => {
  const valid = {
    manualSearchCost: 12,
    automatedSearchCost: 2,
    initialCredits: 30,
    creditPackages: [
      { credits: 100, price: 29 },
      { credits: 500, price: 109.5, popular: true },
    ],
    registrationOpen: true,
    fourEyesReview: false,
    writtenReasonToClearMatch: false,
    foreignPepHigherRisk: false,
    requireTwoFactor: false,
    retentionYears: 5,
    webhooksAllowPrivateNetworks: false,
    registrationsPerAddressPerHour: 8,
    loginFailuresPerAccount: 6,
    loginFailuresPerAddress: 25,
    loginFailuresPerAccountAllAddresses: 60,
    bearerFailuresPerAddress: 40,
    sessionMaxDays: 14,
  };

  test("saved, read back, applied to the next registration, and audited with before/after", async () => {
    const res = await admin.post("/api/admin/settings", valid);
    expect(res.status).toBe(200);
    expect(await (await admin.get("/api/admin/settings")).json).toEqual(valid);
    const registered = await new HttpClient(app.url).post("/api/auth/register", validRegistration());
    expect(registered.json.user.credits).toBe(30);
    const [audit] = await auditOf("admin.settings_updated");
    expect(audit).toMatchObject({
      actorUserId: adminId,
      details: { before: { manualSearchCost: 10, initialCredits: 25 }, after: { manualSearchCost: 12, initialCredits: 30 } },
    });
  });

  test("refused and unchanged: fractions, costs over 1,000, non-positive packages, two popular, unknown fields", async () => {
    const refused = [
      [{ ...valid, manualSearchCost: 1.5 }, "manualSearchCost must be a whole number"],
      [{ ...valid, automatedSearchCost: 1001 }, "automatedSearchCost must be at most 1,000"],
      [{ ...valid, manualSearchCost: -1 }, "manualSearchCost must be at least 0"],
      [{ ...valid, creditPackages: [] }, "At least one credit package"],
      [{ ...valid, loginFailuresPerAccount: 0 }, "loginFailuresPerAccount must be at least 1"],
      [{ ...valid, sessionMaxDays: 366 }, "sessionMaxDays must be at most 365"],
      [{ ...valid, creditPackages: [{ credits: 0, price: 5 }] }, "A package's credits must be positive"],
      [{ ...valid, creditPackages: [{ credits: 10, price: 0 }] }, "A package's price must be positive"],
      [
        {
          ...valid,
          creditPackages: [
            { credits: 10, price: 5, popular: true },
            { credits: 20, price: 9, popular: true },
          ],
        },
        "At most one credit package can be marked popular",
      ],
    ] as const;
    for (const [body, message] of refused) {
      const res = await admin.post("/api/admin/settings", body);
      expect({ status: res.status, error: res.json.error }).toEqual({ status: 400, error: message });
    }
    expect((await admin.post("/api/admin/settings", { ...valid, unknownSetting: true })).status).toBe(400);
    expect((await admin.get("/api/admin/settings")).json).toEqual(valid);
  });

  test("registration closed: /api/auth/register answers 403 'Registration is closed' and creates nothing", async () => {
    await admin.post("/api/admin/settings", { ...valid, registrationOpen: false });
    const res = await new HttpClient(app.url).post("/api/auth/register", validRegistration({ email: "late@example.com" }));
    expect(res).toMatchObject({ status: 403, json: { error: "Registration is closed" } });
    expect((await app.db.select().from(schema.users).where(eq(schema.users.email, "late@example.com"))).length).toBe(0);
    await admin.post("/api/admin/settings", valid);
    expect((await new HttpClient(app.url).post("/api/auth/register", validRegistration({ email: "late@example.com" }))).status).toBe(201);
  });
});
