/**
 * Batches, monitored entities, API keys, embed tokens and webhooks in a team, over real HTTP, route by route: a
 * colleague reads a member's batch and monitoring as the team's searches are read (the "members see each other's
 * screenings" setting limits analysts), changes stay the maker's and the owners' and admins' (403 naming the rule),
 * owners list and revoke every member's keys and webhooks, nothing of one organisation is found from another (404,
 * through the cookie API, an API key and an embed token alike), and moving a member revokes their credentials.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { createUser } from "../../lib/auth/users.ts";
import type { OrganisationRole } from "../../lib/organisations/contract.ts";
import { HttpClient } from "../../support/http-client.ts";
import { signedIn, startApp, type TestApp } from "../helpers/app.ts";
import { auditEntries } from "../helpers/audit.ts";

const PASSWORD = "member-password-1";
let app: TestApp;

type Client = HttpClient;
/** Org A: an owner, two analysts and an auditor; org B: an owner. */
let a: { owner: Client; analyst: Client; analyst2: Client; auditor: Client; ids: Record<string, string>; organisationId: string };
let b: { owner: Client; organisationId: string };
let admin: Client;
/** The analyst's records in org A. */
let mine: { search: string; batch: string; pendingBatch: string; entity: string; key: string; keyId: string; webhook: string };
let bKey: Client;
let bToken: Client;

async function member(organisationId: string, key: string, role: OrganisationRole) {
  const email = `${key}@example.com`;
  const user = await createUser(app.db, { email, password: PASSWORD, fullName: key }, { membership: { organisationId, role } });
  const http = new HttpClient(app.url);
  await http.signIn(email, PASSWORD);
  return { http, id: user.id };
}

const bearer = (secret: string) => new HttpClient(app.url, { authorization: `Bearer ${secret}` });
const del = (client: Client, path: string) => client.request("DELETE", path);
const patch = (client: Client, path: string, body: unknown) => client.request("PATCH", path, body);
const ids = (page: any): string[] => page.items.map((i: any) => i.id);
const setMembersSeeTeam = async (on: boolean) => expect((await a.owner.put("/api/organisation/settings", { membersSeeTeam: on })).status).toBe(200);

beforeAll(async () => {
  app = await startApp({ env: { DUECHECK_MONITORING_SCAN_SECONDS: "0" } });
  const owner = await signedIn(app, { email: "owner.a@example.com", password: PASSWORD, fullName: "Owner A", credits: 1000 });
  const me = (await owner.get("/api/auth/me")).json;
  const [analyst, analyst2, auditor] = await Promise.all([
    member(me.organisation.id, "analyst.a", "analyst"),
    member(me.organisation.id, "analyst2.a", "analyst"),
    member(me.organisation.id, "auditor.a", "auditor"),
  ]);
  a = {
    owner,
    analyst: analyst.http,
    analyst2: analyst2.http,
    auditor: auditor.http,
    ids: { owner: me.id, analyst: analyst.id, analyst2: analyst2.id, auditor: auditor.id },
    organisationId: me.organisation.id,
  };
  const bOwner = await signedIn(app, { email: "owner.b@example.com", password: PASSWORD, fullName: "Owner B", credits: 1000 });
  b = { owner: bOwner, organisationId: (await bOwner.get("/api/auth/me")).json.organisation.id };
  admin = new HttpClient(app.url);
  await admin.signIn("admin@test.local", "Admin-password-1");

  const search = await a.analyst.post("/api/searches", { searchTerm: "Team Search", entityType: "person" });
  const batch = await a.analyst.post("/api/batch-jobs", { name: "Team batch", totalEntities: 1 });
  const started = await a.analyst.post(`/api/batch-jobs/${batch.json.id}/entities`, { entities: [{ searchTerm: "Team Batch Row", entityType: "person" }] });
  expect(started.status).toBe(200);
  const pending = await a.analyst.post("/api/batch-jobs", { name: "Waiting batch", totalEntities: 1 });
  const entity = await a.analyst.post("/api/monitoring/entities", { searchTerm: "Team Monitored", entityType: "company", frequency: "weekly" });
  const key = await a.analyst.post("/api/user/api-keys", { name: "Analyst's key" });
  const hook = await a.analyst.post("/api/webhooks", { url: "https://hooks.example.com/team", events: ["search.completed"] });
  expect([search.status, pending.status, entity.status, key.status, hook.status]).toEqual([201, 201, 201, 201, 201]);
  mine = {
    search: search.json.id,
    batch: batch.json.id,
    pendingBatch: pending.json.id,
    entity: entity.json.id,
    key: key.json.key,
    keyId: key.json.id,
    webhook: hook.json.id,
  };
  const bKeyMade = await b.owner.post("/api/user/api-keys", { name: "Org B's key", scopes: ["screen", "read", "review", "monitor"] });
  bKey = bearer(bKeyMade.json.key);
  const token = await bKey.post("/api/v1/embed-tokens", { scopes: ["screening", "decisions"] });
  expect(token.status).toBe(201);
  bToken = bearer(token.json.token);
}, 120_000);
afterAll(() => app.stop());

describe("batches in a team", () => {
  test("colleagues list, open, read the results of and download a member's batch; the list is the caller's own unless scope=team", async () => {
    for (const [role, client] of [
      ["owner", a.owner],
      ["analyst2", a.analyst2],
      ["auditor", a.auditor],
    ] as const) {
      expect(ids((await client.get("/api/batch-jobs")).json)).not.toContain(mine.batch);
      const team = (await client.get("/api/batch-jobs?scope=team")).json;
      expect(team.items.find((i: any) => i.id === mine.batch)).toMatchObject({ createdBy: { id: a.ids.analyst, name: "analyst.a" } });
      const opened = await client.get(`/api/batch-jobs/${mine.batch}`);
      expect([role, opened.status, opened.json.createdBy?.id]).toEqual([role, 200, a.ids.analyst]);
      expect((await client.get(`/api/batch-jobs/${mine.batch}/results`)).json.total).toBe(1);
      const file = await client.get(`/api/batch-jobs/${mine.batch}/export?format=csv`);
      expect([role, file.status]).toEqual([role, 200]);
      expect(file.text).toContain("Team Batch Row");
    }
    expect(ids((await a.analyst2.get("/api/batch-jobs")).json)).toEqual([]);
    expect(ids((await a.analyst.get("/api/batch-jobs")).json)).toContain(mine.batch);
    expect((await a.analyst.get("/api/batch-jobs?scope=everyone")).status).toBe(400);
  });

  test("while members do not see each other's screenings, an analyst's colleague reads none of their batches (404); owners still do", async () => {
    await setMembersSeeTeam(false);
    try {
      for (const path of [`/api/batch-jobs/${mine.batch}`, `/api/batch-jobs/${mine.batch}/results`, `/api/batch-jobs/${mine.batch}/export?format=csv`]) {
        expect([path, (await a.analyst2.get(path)).status]).toEqual([path, 404]);
      }
      expect(ids((await a.analyst2.get("/api/batch-jobs?scope=team")).json)).not.toContain(mine.batch);
      expect((await a.owner.get(`/api/batch-jobs/${mine.batch}`)).status).toBe(200);
      expect((await a.auditor.get(`/api/batch-jobs/${mine.batch}`)).status).toBe(200);
    } finally {
      await setMembersSeeTeam(true);
    }
  });

  test("only its maker adds a batch's entities: a colleague, even the owner, gets 403 naming the rule; an auditor the read-only rule", async () => {
    const entities = { entities: [{ searchTerm: "Not Mine", entityType: "person" }] };
    for (const client of [a.analyst2, a.owner]) {
      const refused = await client.post(`/api/batch-jobs/${mine.pendingBatch}/entities`, entities);
      expect(refused.status).toBe(403);
      expect(refused.json.error).toContain("Only the member who made this batch adds its entities");
    }
    expect((await a.auditor.post(`/api/batch-jobs/${mine.pendingBatch}/entities`, entities)).json.error).toBe("The auditor role is read-only");
    expect((await a.analyst.get(`/api/batch-jobs/${mine.pendingBatch}`)).json.status).toBe("pending");
  });
});

describe("monitored entities in a team", () => {
  test("colleagues list a member's entity with who added it, and open its changes and their PDF", async () => {
    for (const client of [a.owner, a.analyst2, a.auditor]) {
      expect(ids((await client.get("/api/monitoring/entities")).json)).not.toContain(mine.entity);
      const team = (await client.get("/api/monitoring/entities?scope=team")).json;
      expect(team.items.find((i: any) => i.id === mine.entity)).toMatchObject({ createdBy: { id: a.ids.analyst, name: "analyst.a" } });
      expect(team.counts.all).toBeGreaterThanOrEqual(1);
      expect((await client.get(`/api/monitoring/entities/${mine.entity}/changes`)).json.entity.id).toBe(mine.entity);
      expect((await client.get(`/api/monitoring/entities/${mine.entity}/changes.pdf`)).status).toBe(200);
      // The report's address is asked for with a POST: every role but the read-only auditor's.
      if (client !== a.auditor) expect((await client.post(`/api/monitoring/entities/${mine.entity}/report`)).status).toBe(200);
    }
    expect((await a.owner.get("/api/monitoring/entities?scope=all")).status).toBe(400);
    await setMembersSeeTeam(false);
    try {
      expect((await a.analyst2.get(`/api/monitoring/entities/${mine.entity}/changes`)).status).toBe(404);
      expect(ids((await a.analyst2.get("/api/monitoring/entities?scope=team")).json)).not.toContain(mine.entity);
      expect((await a.owner.get(`/api/monitoring/entities/${mine.entity}/changes`)).status).toBe(200);
    } finally {
      await setMembersSeeTeam(true);
    }
  });

  test("a colleague who reads it may not pause, remove or acknowledge it (403); an auditor neither; the owner pauses it, audited with its maker", async () => {
    const calls = [
      (c: Client) => c.put(`/api/monitoring/entities/${mine.entity}/status`, { status: "paused" }),
      (c: Client) => del(c, `/api/monitoring/entities/${mine.entity}`),
      (c: Client) => c.post(`/api/monitoring/entities/${mine.entity}/acknowledge`),
    ];
    for (const call of calls) {
      const refused = await call(a.analyst2);
      expect(refused.status).toBe(403);
      expect(refused.json.error).toBe("Only the member who added this entity, or the organisation's owners and admins, change its monitoring");
      expect((await call(a.auditor)).json.error).toBe("The auditor role is read-only");
    }
    const paused = await a.owner.put(`/api/monitoring/entities/${mine.entity}/status`, { status: "paused" });
    expect([paused.status, paused.json.status]).toEqual([200, "paused"]);
    const entry = (await auditEntries(app.db, "monitoring.paused")).at(-1);
    expect(entry).toMatchObject({ actorUserId: a.ids.owner, targetId: mine.entity, details: { ownerId: a.ids.analyst } });
    expect((await a.analyst.put(`/api/monitoring/entities/${mine.entity}/status`, { status: "active" })).json.status).toBe("active");
  });
});

describe("API keys and webhooks in a team", () => {
  test("owners list every member's keys and webhooks with who made them; analysts only their own, and a colleague's is 404", async () => {
    const keys = (await a.owner.get("/api/user/api-keys")).json;
    expect(keys.find((k: any) => k.id === mine.keyId)).toMatchObject({ createdBy: { id: a.ids.analyst, name: "analyst.a" } });
    expect(keys.find((k: any) => k.id === mine.keyId).key).not.toContain(mine.key.slice(12));
    const hooks = (await a.owner.get("/api/webhooks")).json;
    expect(hooks.find((h: any) => h.id === mine.webhook)).toMatchObject({ createdBy: { id: a.ids.analyst, name: "analyst.a" } });
    expect((await a.owner.get(`/api/webhooks/${mine.webhook}/deliveries`)).status).toBe(200);
    for (const client of [a.analyst2, a.auditor]) {
      expect((await client.get("/api/user/api-keys")).json.map((k: any) => k.id)).not.toContain(mine.keyId);
      expect((await client.get("/api/webhooks")).json.map((h: any) => h.id)).not.toContain(mine.webhook);
      expect((await client.get(`/api/webhooks/${mine.webhook}/deliveries`)).status).toBe(404);
    }
    expect((await del(a.analyst2, `/api/user/api-keys/${mine.keyId}`)).status).toBe(404);
    expect((await patch(a.analyst2, `/api/webhooks/${mine.webhook}`, { enabled: false })).status).toBe(404);
    expect((await del(a.analyst2, `/api/webhooks/${mine.webhook}`)).status).toBe(404);
    expect((await a.analyst2.post(`/api/webhooks/${mine.webhook}/test`)).status).toBe(404);
    const mineListed = (await a.analyst.get("/api/user/api-keys")).json;
    expect(mineListed.map((k: any) => k.createdBy.id)).toEqual([a.ids.analyst]);
  });

  test("an owner disables a member's webhook and revokes their key, audited with its maker; the key stops at once", async () => {
    const disabled = await patch(a.owner, `/api/webhooks/${mine.webhook}`, { enabled: false });
    expect([disabled.status, disabled.json.enabled, disabled.json.createdBy.id]).toEqual([200, false, a.ids.analyst]);
    expect((await auditEntries(app.db, "webhook.updated")).at(-1)).toMatchObject({ actorUserId: a.ids.owner, details: { ownerId: a.ids.analyst } });
    expect((await patch(a.analyst, `/api/webhooks/${mine.webhook}`, { enabled: true })).json.enabled).toBe(true);

    const spare = await a.analyst.post("/api/user/api-keys", { name: "Spare" });
    expect((await bearer(spare.json.key).get(`/api/v1/search/${mine.search}`)).status).toBe(200);
    expect((await del(a.owner, `/api/user/api-keys/${spare.json.id}`)).status).toBe(200);
    expect((await bearer(spare.json.key).get(`/api/v1/search/${mine.search}`)).status).toBe(401);
    const entry = (await auditEntries(app.db, "api_key.deleted")).at(-1);
    expect(entry).toMatchObject({ actorUserId: a.ids.owner, targetId: spare.json.id, details: { ownerId: a.ids.analyst, name: "Spare" } });
  });
});

describe("another organisation", () => {
  test("every route of batches, monitored entities, keys and webhooks answers 404 to org B's owner, and its lists never show them", async () => {
    const reads = [
      `/api/batch-jobs/${mine.batch}`,
      `/api/batch-jobs/${mine.batch}/results`,
      `/api/batch-jobs/${mine.batch}/export?format=pdf`,
      `/api/monitoring/entities/${mine.entity}/changes`,
      `/api/monitoring/entities/${mine.entity}/changes.pdf`,
      `/api/webhooks/${mine.webhook}/deliveries`,
    ];
    for (const path of reads) expect([path, (await b.owner.get(path)).status]).toEqual([path, 404]);
    const writes: [string, Promise<{ status: number }>][] = [
      ["batch entities", b.owner.post(`/api/batch-jobs/${mine.pendingBatch}/entities`, { entities: [{ searchTerm: "X Y", entityType: "person" }] })],
      ["entity report", b.owner.post(`/api/monitoring/entities/${mine.entity}/report`)],
      ["entity status", b.owner.put(`/api/monitoring/entities/${mine.entity}/status`, { status: "paused" })],
      ["entity acknowledge", b.owner.post(`/api/monitoring/entities/${mine.entity}/acknowledge`)],
      ["entity delete", del(b.owner, `/api/monitoring/entities/${mine.entity}`)],
      ["key delete", del(b.owner, `/api/user/api-keys/${mine.keyId}`)],
      ["webhook patch", patch(b.owner, `/api/webhooks/${mine.webhook}`, { enabled: false })],
      ["webhook test", b.owner.post(`/api/webhooks/${mine.webhook}/test`)],
      ["webhook delete", del(b.owner, `/api/webhooks/${mine.webhook}`)],
    ];
    for (const [name, call] of writes) expect([name, (await call).status]).toEqual([name, 404]);
    expect(ids((await b.owner.get("/api/batch-jobs?scope=team")).json)).toEqual([]);
    expect(ids((await b.owner.get("/api/monitoring/entities?scope=team")).json)).toEqual([]);
    expect((await b.owner.get("/api/user/api-keys")).json.map((k: any) => k.createdBy.id)).toEqual([expect.any(String)]);
    expect((await b.owner.get("/api/webhooks")).json).toEqual([]);
    // Nothing changed: the entity is still active, the webhook and key still there.
    const [entity] = await app.db.select().from(schema.monitoredEntities).where(eq(schema.monitoredEntities.id, mine.entity));
    expect(entity.status).toBe("active");
    expect(await app.db.$count(schema.webhooks, eq(schema.webhooks.id, mine.webhook))).toBe(1);
    expect(await app.db.$count(schema.apiKeys, eq(schema.apiKeys.id, mine.keyId))).toBe(1);
  });

  test("org B's API key and embed token are 404 on org A's search, batch and entity through /api/v1", async () => {
    for (const [name, client] of [
      ["api key", bKey],
      ["embed token", bToken],
    ] as const) {
      const calls: [string, Promise<{ status: number }>][] = [
        ["search", client.get(`/api/v1/search/${mine.search}`)],
        ["search wait", client.get(`/api/v1/search/${mine.search}?wait=1`)],
        ["search export", client.get(`/api/v1/search/${mine.search}/export/pdf`)],
        ["decision", client.post(`/api/v1/search/${mine.search}/decisions`, { hitId: "h", decision: "true_match", reason: "confirmed_identity" })],
        ["batch", client.get(`/api/v1/batch/${mine.batch}`)],
        ["entity status", client.put(`/api/v1/monitoring/entities/${mine.entity}/status`, { status: "paused" })],
        ["entity delete", del(client, `/api/v1/monitoring/entities/${mine.entity}`)],
      ];
      for (const [call, answer] of calls) expect([name, call, (await answer).status]).toEqual([name, call, 404]);
      const listed = await client.get("/api/v1/monitoring/entities?scope=team");
      expect([name, listed.status, ids(listed.json)]).toEqual([name, 200, []]);
    }
  });

  test("through /api/v1 a colleague's key reads the team's batch and entities, and changes none of them (403)", async () => {
    const key = bearer((await a.analyst2.post("/api/user/api-keys", { name: "Colleague" })).json.key);
    const batch = await key.get(`/api/v1/batch/${mine.batch}`);
    expect([batch.status, batch.json.id]).toEqual([200, mine.batch]);
    expect((await key.get(`/api/v1/search/${mine.search}`)).status).toBe(200);
    const team = (await key.get("/api/v1/monitoring/entities?scope=team")).json;
    expect(team.items.find((i: any) => i.id === mine.entity)?.createdBy.id).toBe(a.ids.analyst);
    expect(ids((await key.get("/api/v1/monitoring/entities")).json)).not.toContain(mine.entity);
    expect((await key.put(`/api/v1/monitoring/entities/${mine.entity}/status`, { status: "paused" })).status).toBe(403);
    expect((await key.request("DELETE", `/api/v1/monitoring/entities/${mine.entity}`)).status).toBe(403);
  });
});

describe("moving a member to another organisation", () => {
  test("revokes their API keys, embed tokens and webhooks, each audited; their records stay with the organisation", async () => {
    const mover = await member(a.organisationId, "mover.a", "analyst");
    const made = await mover.http.post("/api/user/api-keys", { name: "Mover's key" });
    const key = bearer(made.json.key);
    const token = bearer((await key.post("/api/v1/embed-tokens", {})).json.token);
    const hook = await mover.http.post("/api/webhooks", { url: "https://hooks.example.com/mover", events: ["batch.completed"] });
    const batch = await mover.http.post("/api/batch-jobs", { name: "Mover's batch", totalEntities: 1 });
    expect((await token.get("/api/v1/monitoring/entities")).status).toBe(200);

    const moved = await admin.post(`/api/admin/users/${mover.id}/organisation`, { organisationId: b.organisationId, role: "analyst" });
    expect(moved.status).toBe(200);
    expect((await key.get("/api/v1/monitoring/entities")).status).toBe(401);
    expect((await token.get("/api/v1/monitoring/entities")).status).toBe(401);
    expect(await app.db.$count(schema.webhooks, eq(schema.webhooks.id, hook.json.id))).toBe(0);
    expect(await app.db.$count(schema.embedTokens, eq(schema.embedTokens.userId, mover.id))).toBe(0);
    const movedEntry = (await auditEntries(app.db, "organisation.member_moved")).at(-1);
    expect(movedEntry).toMatchObject({ targetId: mover.id, details: { revoked: { apiKeys: 1, webhooks: 1 } } });
    const revoked = (await auditEntries(app.db, "api_key.deleted")).find((e) => e.targetId === made.json.id);
    expect(revoked).toMatchObject({ actorKind: "admin", details: { reason: "member_moved", ownerId: mover.id, organisationId: a.organisationId } });
    expect((await auditEntries(app.db, "webhook.deleted")).some((e) => e.targetId === hook.json.id)).toBe(true);
    // The batch stays org A's: its owner reads it, the moved member no longer does.
    expect((await a.owner.get(`/api/batch-jobs/${batch.json.id}`)).status).toBe(200);
    const again = new HttpClient(app.url);
    await again.signIn("mover.a@example.com", PASSWORD);
    expect((await again.get(`/api/batch-jobs/${batch.json.id}`)).status).toBe(404);
  });
});
