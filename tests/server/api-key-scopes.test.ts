/**
 * API keys with scopes, an expiry and rotation, over real HTTP: what a key may do is what it was given (screen and
 * read unless asked), a call outside it is 403 naming the scope and changes nothing, an expired or rotated-out key is
 * 401, and the list shows each key's scopes, expiry, last use and the address it came from.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { HttpClient } from "../../support/http-client.ts";
import { signedIn, startApp, type TestApp } from "../helpers/app.ts";

let app: TestApp;
let owner: HttpClient;
let admin: HttpClient;

beforeAll(async () => {
  app = await startApp();
  owner = await signedIn(app, { email: "scopes@example.com", password: "scopes-password-1", credits: 50 });
  admin = new HttpClient(app.url);
  await admin.signIn("admin@test.local", "Admin-password-1");
});
afterAll(() => app.stop());

const bearer = (key: string) => new HttpClient(app.url, { authorization: `Bearer ${key}` });
const keyCount = async () => (await app.db.select({ id: schema.apiKeys.id }).from(schema.apiKeys)).length;
const creditsOf = async (email: string) => {
  const [user] = await app.db.select({ organisationId: schema.users.organisationId }).from(schema.users).where(eq(schema.users.email, email));
  const [organisation] = await app.db
    .select({ credits: schema.organisations.credits })
    .from(schema.organisations)
    .where(eq(schema.organisations.id, user.organisationId));
  return organisation.credits;
};

describe("making keys with scopes", () => {
  test("a key made without scopes gets screen and read; the list shows them, and no expiry", async () => {
    const created = await owner.post("/api/user/api-keys", { name: "Onboarding" });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ name: "Onboarding", scopes: ["screen", "read"], expiresAt: null });
    const listed = (await owner.get("/api/user/api-keys")).json.find((k: { id: string }) => k.id === created.json.id);
    expect(listed).toMatchObject({ scopes: ["screen", "read"], expiresAt: null, replacedById: null, lastUsed: null, lastUsedIp: null });
  });

  test("a scope that does not exist is 400 naming the known ones, and no key is made", async () => {
    const before = await keyCount();
    const res = await owner.post("/api/user/api-keys", { name: "Typo", scopes: ["screen", "decide"] });
    expect(res.status).toBe(400);
    expect(res.json.error).toContain("screen, read, review, monitor, admin");
    expect((await owner.post("/api/user/api-keys", { name: "None", scopes: [] })).status).toBe(400);
    expect(await keyCount()).toBe(before);
  });

  test("admin is only for an instance admin's keys: 403 for a member, 201 for an admin", async () => {
    const before = await keyCount();
    const refused = await owner.post("/api/user/api-keys", { name: "Escalation", scopes: ["read", "admin"] });
    expect(refused.status).toBe(403);
    expect(refused.json.error).toBe("Only instance admins can make keys with the admin scope");
    expect(await keyCount()).toBe(before);
    const made = await admin.post("/api/user/api-keys", { name: "Ops", scopes: ["admin", "read"] });
    expect(made.status).toBe(201);
    expect(made.json.scopes).toEqual(["read", "admin"]);
  });

  test("an expiry in the past or beyond two years is 400; a date in the future is kept", async () => {
    const past = await owner.post("/api/user/api-keys", { name: "Old", expiresAt: "2020-01-01" });
    expect(past.status).toBe(400);
    expect(past.json.error).toBe("expiresAt must be in the future");
    const far = await owner.post("/api/user/api-keys", { name: "Far", expiresAt: new Date(Date.now() + 800 * 86_400_000).toISOString() });
    expect(far.status).toBe(400);
    expect((await owner.post("/api/user/api-keys", { name: "Bad", expiresAt: "next tuesday" })).status).toBe(400);
    const until = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const kept = await owner.post("/api/user/api-keys", { name: "Pilot", expiresAt: until });
    expect(kept.status).toBe(201);
    expect(kept.json.expiresAt).toBe(`${until}T00:00:00.000Z`);
  });
});

describe("calls outside a key's scopes", () => {
  test("a read-only key cannot screen: 403 naming screen, nothing charged, no search made", async () => {
    const { json } = await owner.post("/api/user/api-keys", { name: "Reader", scopes: ["read"] });
    const reader = bearer(json.key);
    const credits = await creditsOf("scopes@example.com");
    const searches = (await app.db.select({ id: schema.searches.id }).from(schema.searches)).length;
    const res = await reader.post("/api/v1/search?wait=0", { searchTerm: "Ivan Petrov", entityType: "person" });
    expect(res.status).toBe(403);
    expect(res.json.error).toBe("This API key does not have the screen scope: create a key with the screen scope under API Access to make this call");
    expect(await creditsOf("scopes@example.com")).toBe(credits);
    expect((await app.db.select({ id: schema.searches.id }).from(schema.searches)).length).toBe(searches);
    // Reading is what it was given.
    expect((await reader.get("/api/v1/monitoring/entities")).status).toBe(200);
  });

  test("deciding needs review and monitoring needs monitor; the default key gets 403 for both, naming them", async () => {
    const { json } = await owner.post("/api/user/api-keys", { name: "Default" });
    const key = bearer(json.key);
    const search = await key.post("/api/v1/search?wait=0", { searchTerm: "Maria Lopez", entityType: "person" });
    expect(search.status).toBe(200);
    const monitoredBefore = (await app.db.select().from(schema.monitoredEntities)).length;
    const decide = await key.post(`/api/v1/search/${search.json.id}/decisions`, { hitId: "x", decision: "false_positive", reason: "common_name" });
    expect(decide.status).toBe(403);
    expect(decide.json.error).toContain("does not have the review scope");
    const monitor = await key.post("/api/v1/monitoring/entities", { searchTerm: "Carla Mendes", entityType: "person", frequency: "daily" });
    expect(monitor.status).toBe(403);
    expect(monitor.json.error).toContain("does not have the monitor scope");
    expect((await app.db.select().from(schema.monitoredEntities)).length).toBe(monitoredBefore);

    // With the scopes, the same calls get past them (and to the search's own answer: its hit is unknown).
    const { json: reviewer } = await owner.post("/api/user/api-keys", { name: "Reviewer", scopes: ["read", "review", "monitor"] });
    const decided = await bearer(reviewer.key).post(`/api/v1/search/${search.json.id}/decisions`, {
      hitId: "x",
      decision: "false_positive",
      reason: "common_name",
    });
    expect([404, 409]).toContain(decided.status);
    const monitored = await bearer(reviewer.key).post("/api/v1/monitoring/entities", { searchTerm: "Carla Mendes", entityType: "person", frequency: "daily" });
    expect({ status: monitored.status, error: monitored.json.error }).toEqual({ status: 201, error: undefined });
  });

  test("an embed token does no more than its key: decisions need review, monitoring monitor; it ends with its key", async () => {
    const { json } = await owner.post("/api/user/api-keys", { name: "Portal" });
    const refused = await bearer(json.key).post("/api/v1/embed-tokens", { scopes: ["screening", "decisions"] });
    expect(refused.status).toBe(403);
    expect(refused.json.error).toContain("does not have the review scope");
    const screening = await bearer(json.key).post("/api/v1/embed-tokens", { scopes: ["screening"] });
    expect(screening.status).toBe(201);
    // The token does no more than its key: monitoring needs the key's monitor scope; and the key's end is the token's.
    const token = bearer(screening.json.token);
    const monitor = await token.post("/api/v1/monitoring/entities", { searchTerm: "Paulo Tavares", entityType: "person", frequency: "daily" });
    expect(monitor.status).toBe(403);
    expect(monitor.json.error).toContain("does not have the monitor scope");
    expect((await token.get("/api/v1/monitoring/entities")).status).toBe(200);
    await app.db
      .update(schema.apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.apiKeys.id, json.id));
    expect((await token.get("/api/v1/monitoring/entities")).status).toBe(401);
  });

  test("the OpenAPI document states the scope each call needs", async () => {
    const document = (await new HttpClient(app.url).get("/api/v1/openapi.json")).json;
    expect(document.paths["/search"].post.security).toEqual([{ bearerAuth: ["screen"] }]);
    expect(document.paths["/search/{searchId}/decisions"].post.security).toEqual([{ bearerAuth: ["review"] }]);
    expect(document.paths["/monitoring/entities"].post.security).toEqual([{ bearerAuth: ["monitor"] }]);
    expect(document.paths["/monitoring/entities"].get.security).toEqual([{ bearerAuth: ["read"] }]);
  });
});

describe("expiry, rotation and last use", () => {
  test("the list shows when and from where a key was last used", async () => {
    const { json } = await owner.post("/api/user/api-keys", { name: "Nightly" });
    expect((await bearer(json.key).get("/api/v1/monitoring/entities")).status).toBe(200);
    const listed = (await owner.get("/api/user/api-keys")).json.find((k: { id: string }) => k.id === json.id);
    expect(listed.usageCount).toBe(1);
    expect(listed.lastUsed).not.toBeNull();
    expect(listed.lastUsedIp).toBe("127.0.0.1");
  });

  test("an expired key is 401, saying it expired", async () => {
    const { json } = await owner.post("/api/user/api-keys", { name: "Short", expiresAt: new Date(Date.now() + 86_400_000).toISOString() });
    await app.db
      .update(schema.apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.apiKeys.id, json.id));
    const res = await bearer(json.key).get("/api/v1/monitoring/entities");
    expect(res.status).toBe(401);
    expect(res.json.error).toBe("This API key has expired: make a new key under API Access");
  });

  test("rotating: a new secret with the same name and scopes; the old one works for the grace period, then is 401", async () => {
    const { json: old } = await owner.post("/api/user/api-keys", { name: "CRM", scopes: ["read", "monitor"] });
    const rotated = await owner.post(`/api/user/api-keys/${old.id}/rotate`, {});
    expect(rotated.status).toBe(201);
    expect(rotated.json).toMatchObject({ name: "CRM", scopes: ["read", "monitor"] });
    expect(rotated.json.key).not.toBe(old.key);
    // Both work during the grace period (24 hours unless asked).
    expect((await bearer(old.key).get("/api/v1/monitoring/entities")).status).toBe(200);
    expect((await bearer(rotated.json.key).get("/api/v1/monitoring/entities")).status).toBe(200);
    const listed = (await owner.get("/api/user/api-keys")).json.find((k: { id: string }) => k.id === old.id);
    expect(listed.replacedById).toBe(rotated.json.id);
    const graceHours = (new Date(listed.expiresAt).getTime() - Date.now()) / 3_600_000;
    expect(graceHours).toBeGreaterThan(23.9);
    expect(graceHours).toBeLessThanOrEqual(24);
    // A key already rotated is not rotated again.
    expect((await owner.post(`/api/user/api-keys/${old.id}/rotate`, {})).status).toBe(409);

    // With no grace, the old secret stops at once.
    const again = await owner.post(`/api/user/api-keys/${rotated.json.id}/rotate`, { graceHours: 0 });
    expect(again.status).toBe(201);
    const res = await bearer(rotated.json.key).get("/api/v1/monitoring/entities");
    expect(res.status).toBe(401);
    expect(res.json.error).toBe("This API key was rotated and its grace period is over: use the key that replaced it");
    expect((await bearer(again.json.key).get("/api/v1/monitoring/entities")).status).toBe(200);
  });

  test("rotating another member's key is 404; a grace period over a week is 400", async () => {
    const { json } = await owner.post("/api/user/api-keys", { name: "Mine" });
    const stranger = await signedIn(app, { email: "stranger.scopes@example.com", password: "stranger-password-1" });
    expect((await stranger.post(`/api/user/api-keys/${json.id}/rotate`, {})).status).toBe(404);
    const tooLong = await owner.post(`/api/user/api-keys/${json.id}/rotate`, { graceHours: 200 });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.error).toContain("graceHours can be at most 168");
    const [row] = await app.db.select().from(schema.apiKeys).where(eq(schema.apiKeys.id, json.id));
    expect(row.replacedById).toBeNull();
  });
});
