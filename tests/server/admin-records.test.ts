/**
 * Admins and auditors read every user's batches and monitored entities, each with its owner, through
 * /api/admin/batch-jobs and /api/admin/monitoring; a plain user is refused (403) and keeps reaching only their own
 * (another user's batch or entity is 404 through the owner's routes); an auditor changes nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { HttpClient } from "../../support/http-client.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";

let app: TestApp;
const clients: Record<"admin" | "auditor" | "alice" | "bob", HttpClient> = {} as never;
const users: Record<"alice" | "bob" | "auditor", string> = {} as never;
const batches: Record<"alice" | "bob", string> = {} as never;
const entities: Record<"alice" | "bob", string> = {} as never;

async function signedIn(email: string, password: string) {
  const client = new HttpClient(app.url);
  await client.signIn(email, password);
  return client;
}

beforeAll(async () => {
  app = await startApp();
  for (const name of ["alice", "bob", "auditor"] as const) {
    users[name] = (await createUser(app.db, { email: `${name}@example.com`, password: `${name}-password-1`, credits: 100 })).id;
  }
  await app.db.update(schema.users).set({ role: "auditor" }).where(eq(schema.users.id, users.auditor));
  clients.admin = await signedIn("admin@test.local", "Admin-password-1");
  for (const name of ["alice", "bob", "auditor"] as const) clients[name] = await signedIn(`${name}@example.com`, `${name}-password-1`);
  for (const name of ["alice", "bob"] as const) {
    const client = clients[name];
    const batch = await client.post("/api/batch-jobs", { name: `Batch of ${name}`, totalEntities: 2 });
    expect(batch.status).toBe(201);
    const entities_ = [
      { searchTerm: `${name} Row One`, entityType: "person" },
      { searchTerm: `${name} Row Two`, entityType: "company" },
    ];
    expect((await client.post(`/api/batch-jobs/${batch.json.id}/entities`, { entities: entities_ })).status).toBe(200);
    batches[name] = batch.json.id;
    const entity = await client.post("/api/monitoring/entities", { searchTerm: `Watched by ${name}`, entityType: "company", frequency: "weekly" });
    expect(entity.status).toBe(201);
    entities[name] = entity.json.id;
  }
});
afterAll(() => app.stop());

describe.each(["admin", "auditor"] as const)("%s", (reader) => {
  test("lists every user's batches with their owners, filtered by owner or by text, paged", async () => {
    const all = await clients[reader].get("/api/admin/batch-jobs");
    expect(all.status).toBe(200);
    expect(all.json.total).toBe(2);
    expect(all.json.items.map((b: { name: string; userEmail: string }) => [b.name, b.userEmail])).toEqual([
      ["Batch of bob", "bob@example.com"],
      ["Batch of alice", "alice@example.com"],
    ]);
    const ofAlice = await clients[reader].get(`/api/admin/batch-jobs?userId=${users.alice}`);
    expect(ofAlice.json.items.map((b: { id: string }) => b.id)).toEqual([batches.alice]);
    const byEmail = await clients[reader].get("/api/admin/batch-jobs?q=BOB@EXAMPLE");
    expect(byEmail.json.items.map((b: { id: string }) => b.id)).toEqual([batches.bob]);
    const first = await clients[reader].get("/api/admin/batch-jobs?limit=1");
    expect(first.json).toMatchObject({ total: 2, items: [{ id: batches.bob }] });
    const second = await clients[reader].get(`/api/admin/batch-jobs?limit=1&cursor=${encodeURIComponent(first.json.nextCursor)}`);
    expect(second.json).toMatchObject({ items: [{ id: batches.alice }], nextCursor: null });
  });

  test("opens another user's batch and its rows, read-only, and the view is audited", async () => {
    const batch = await clients[reader].get(`/api/admin/batch-jobs/${batches.alice}`);
    expect(batch.json).toMatchObject({ id: batches.alice, name: "Batch of alice", userId: users.alice, userEmail: "alice@example.com", totalEntities: 2 });
    const rows = await clients[reader].get(`/api/admin/batch-jobs/${batches.alice}/results`);
    expect(rows.json.items.map((r: { searchTerm: string }) => r.searchTerm)).toEqual(["alice Row One", "alice Row Two"]);
    const readerId = reader === "admin" ? undefined : users.auditor;
    const audited = await app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, "batch.viewed_by_admin"), eq(schema.auditLog.targetId, batches.alice)));
    expect(audited.some((a) => (readerId ? a.actorUserId === readerId : a.actorUserId !== users.auditor))).toBe(true);
  });

  test("lists every user's monitored entities with their owners, filtered, and opens one", async () => {
    const all = await clients[reader].get("/api/admin/monitoring");
    expect(all.status).toBe(200);
    expect(all.json.counts).toEqual({ all: 2, withChanges: 0, noChanges: 2 });
    expect(all.json.items.map((e: { searchTerm: string; userEmail: string }) => [e.searchTerm, e.userEmail])).toEqual([
      ["Watched by bob", "bob@example.com"],
      ["Watched by alice", "alice@example.com"],
    ]);
    const ofBob = await clients[reader].get(`/api/admin/monitoring?userId=${users.bob}`);
    expect(ofBob.json.items.map((e: { id: string }) => e.id)).toEqual([entities.bob]);
    expect(ofBob.json.counts.all).toBe(1);
    const byTerm = await clients[reader].get("/api/admin/monitoring?q=by%20alice");
    expect(byTerm.json.items.map((e: { id: string }) => e.id)).toEqual([entities.alice]);
    const one = await clients[reader].get(`/api/admin/monitoring/${entities.bob}`);
    expect(one.json).toMatchObject({ id: entities.bob, userId: users.bob, userEmail: "bob@example.com", status: "active", checkState: "not_checked" });
  });

  test("unknown or malformed ids are 404; bad filters are 400", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    for (const path of [
      `/api/admin/batch-jobs/${unknown}`,
      "/api/admin/batch-jobs/not-an-id",
      `/api/admin/batch-jobs/${unknown}/results`,
      `/api/admin/monitoring/${unknown}`,
      "/api/admin/monitoring/not-an-id",
    ]) {
      expect([path, (await clients[reader].get(path)).status]).toEqual([path, 404]);
    }
    expect((await clients[reader].get("/api/admin/batch-jobs?userId=nobody")).status).toBe(400);
    expect((await clients[reader].get(`/api/admin/batch-jobs/${batches.alice}/results?riskLevel=extreme`)).status).toBe(400);
    expect((await clients[reader].get("/api/admin/monitoring?changes=some")).status).toBe(400);
  });
});

test("a plain user is refused the admin views (403) and another user's batch and entity stay 404 to them", async () => {
  for (const path of [
    "/api/admin/batch-jobs",
    `/api/admin/batch-jobs/${batches.bob}`,
    `/api/admin/batch-jobs/${batches.bob}/results`,
    "/api/admin/monitoring",
    `/api/admin/monitoring/${entities.bob}`,
  ]) {
    expect([path, (await clients.alice.get(path)).status]).toEqual([path, 403]);
  }
  expect((await new HttpClient(app.url).get("/api/admin/batch-jobs")).status).toBe(401);
  expect((await clients.alice.get(`/api/batch-jobs/${batches.bob}`)).status).toBe(404);
  expect((await clients.alice.get(`/api/monitoring/entities/${entities.bob}/changes`)).status).toBe(404);
  expect((await clients.alice.get(`/api/batch-jobs/${batches.alice}`)).status).toBe(200);
});

test("the auditor reads but writes nothing: pausing, removing or adding to another user's monitoring or batches is 403", async () => {
  expect((await clients.auditor.put(`/api/monitoring/entities/${entities.bob}/status`, { status: "paused" })).status).toBe(403);
  expect((await clients.auditor.request("DELETE", `/api/monitoring/entities/${entities.bob}`)).status).toBe(403);
  expect((await clients.auditor.post(`/api/batch-jobs/${batches.bob}/entities`, { entities: [{ searchTerm: "Never", entityType: "person" }] })).status).toBe(
    403,
  );
  expect((await clients.auditor.post("/api/admin/batch-jobs", {})).status).toBe(403);
  const entity = await clients.admin.get(`/api/admin/monitoring/${entities.bob}`);
  expect(entity.json.status).toBe("active");
  expect((await clients.admin.get(`/api/admin/batch-jobs/${batches.bob}`)).json.totalEntities).toBe(2);
});
