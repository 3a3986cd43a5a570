/**
 * A search under legal hold stays in its owner's history, over real HTTP: DELETE /api/searches/{id} answers 409
 * naming the hold and changes nothing (a hold on the search or on its owner); once the hold is lifted the owner can
 * delete it, and an admin opening it reads that it was hidden, by whom and when.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { HttpClient } from "../../support/http-client.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { organisationOfUser } from "../helpers/credits.ts";

let app: TestApp;
let admin: HttpClient;
let owner: HttpClient;
let ownerId: string;

async function insertSearch(searchTerm: string) {
  const [row] = await app.db
    .insert(schema.searches)
    .values({ userId: ownerId, organisationId: organisationOfUser(ownerId), searchTerm, status: "completed", riskLevel: "low", results: null })
    .returning();
  return row;
}

const historyIds = async () => (await owner.get("/api/searches?limit=100")).json.items.map((s: { id: string }) => s.id);
const deletions = (id: string) => app.db.$count(schema.auditLog, and(eq(schema.auditLog.action, "search.deleted"), eq(schema.auditLog.targetId, id)));

beforeAll(async () => {
  app = await startApp();
  await createUser(app.db, { email: "held.owner@example.com", password: "owner-password-1", fullName: "Hanna Holder" });
  admin = new HttpClient(app.url);
  await admin.signIn("admin@test.local", "Admin-password-1");
  owner = new HttpClient(app.url);
  ownerId = (await owner.signIn("held.owner@example.com", "owner-password-1")).id;
});
afterAll(() => app.stop());

describe("DELETE /api/searches/{id} under legal hold", () => {
  test("a hold on the search: 409 naming the legal hold, and the search stays in the history, unhidden", async () => {
    const search = await insertSearch("Held Subject");
    const hold = await admin.post("/api/admin/legal-holds", { searchId: search.id, reason: "Regulator inquiry 2026-14" });
    expect(hold.status).toBe(201);

    const refused = await owner.request("DELETE", `/api/searches/${search.id}`);
    expect(refused.status).toBe(409);
    expect(refused.json.error).toMatch(/legal hold/i);
    expect(await historyIds()).toContain(search.id);
    expect((await owner.get(`/api/searches/${search.id}`)).json.hidden).toBe(false);
    const [row] = await app.db.select().from(schema.searches).where(eq(schema.searches.id, search.id));
    expect(row.hiddenAt).toBeNull();
    expect(row.hiddenBy).toBeNull();
    expect(await deletions(search.id)).toBe(0);

    // Lifted: the owner's delete goes through again.
    expect((await admin.post(`/api/admin/legal-holds/${hold.json.id}/lift`, { reason: "Inquiry closed" })).status).toBe(200);
    expect((await owner.request("DELETE", `/api/searches/${search.id}`)).status).toBe(200);
    expect(await historyIds()).not.toContain(search.id);
  });

  test("a hold on the owner covers every search of theirs", async () => {
    const search = await insertSearch("Owner Held Subject");
    const hold = await admin.post("/api/admin/legal-holds", { userId: ownerId, reason: "Litigation hold" });
    expect(hold.status).toBe(201);
    const refused = await owner.request("DELETE", `/api/searches/${search.id}`);
    expect(refused.status).toBe(409);
    expect(refused.json.error).toMatch(/legal hold/i);
    expect(await historyIds()).toContain(search.id);
    expect((await admin.post(`/api/admin/legal-holds/${hold.json.id}/lift`, { reason: "Settled" })).status).toBe(200);
  });

  test("another user's or an unknown search is still 404, held or not (nothing is told about holds on others' searches)", async () => {
    const search = await insertSearch("Someone Else's Held");
    const hold = await admin.post("/api/admin/legal-holds", { searchId: search.id, reason: "Kept" });
    await createUser(app.db, { email: "other.analyst@example.com", password: "other-password-1" });
    const other = new HttpClient(app.url);
    await other.signIn("other.analyst@example.com", "other-password-1");
    expect((await other.request("DELETE", `/api/searches/${search.id}`)).status).toBe(404);
    expect((await owner.request("DELETE", "/api/searches/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await admin.post(`/api/admin/legal-holds/${hold.json.id}/lift`, { reason: "Done" })).status).toBe(200);
  });
});

describe("an admin opening a hidden search", () => {
  test("GET /api/admin/searches/{id} says it was hidden, by whom and when", async () => {
    const search = await insertSearch("Hidden By Owner");
    const before = Date.now();
    expect((await owner.request("DELETE", `/api/searches/${search.id}`)).status).toBe(200);
    const viewed = await admin.get(`/api/admin/searches/${search.id}`);
    expect(viewed.status).toBe(200);
    expect(viewed.json.hidden).toBe(true);
    expect(viewed.json.hiddenBy).toEqual({ id: ownerId, name: "Hanna Holder" });
    expect(Math.abs(Date.parse(viewed.json.hiddenAt) - before)).toBeLessThan(60_000);
  });

  test("a search still in its owner's history carries no hider", async () => {
    const search = await insertSearch("Visible Subject");
    const viewed = await admin.get(`/api/admin/searches/${search.id}`);
    expect(viewed.json).toMatchObject({ hidden: false, hiddenAt: null, hiddenBy: null });
  });
});
