import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { authenticateApiKey } from "../../lib/auth/api-keys.ts";
import { hashToken } from "../../lib/auth/tokens.ts";
import { consumeApiKeyQuota } from "../../lib/ratelimit/api-key-limits.ts";
import { HttpClient } from "../../support/http-client.ts";
import { signedIn, startApp, type TestApp } from "../helpers/app.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.stop());

describe("API keys", () => {
  test("the full key is answered once at creation; only its hash is stored; lists show it masked", async () => {
    const http = await signedIn(app, { email: "keys@example.com", password: "password-1" });
    const created = await http.post("/api/user/api-keys", { name: "  Nightly batch  " });
    expect(created.status).toBe(201);
    expect(created.json.name).toBe("Nightly batch");
    expect(created.json.key).toMatch(/^dck_[a-z2-7]{32}$/);
    const [stored] = await app.db.select().from(schema.apiKeys).where(eq(schema.apiKeys.id, created.json.id));
    expect(stored.keyHash).toBe(hashToken(created.json.key));
    expect(JSON.stringify(stored)).not.toContain(created.json.key);

    const list = await http.get("/api/user/api-keys");
    expect(list.json).toHaveLength(1);
    expect(list.json[0]).toMatchObject({ id: created.json.id, name: "Nightly batch", lastUsed: null, usageCount: 0 });
    expect(list.json[0].key).toStartWith(created.json.key.slice(0, 12));
    expect(list.json[0].key).not.toContain(created.json.key.slice(12));
  });

  test("a blank name is refused with 'Please enter a name for your API key.' and no key is made", async () => {
    const http = await signedIn(app, { email: "blank@example.com", password: "password-1" });
    const res = await http.post("/api/user/api-keys", { name: "   " });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("Please enter a name for your API key.");
    expect((await http.get("/api/user/api-keys")).json).toHaveLength(0);
  });

  test("using a key counts its use; deleting it makes it invalid", async () => {
    const http = await signedIn(app, { email: "use@example.com", password: "password-1" });
    const { json } = await http.post("/api/user/api-keys", { name: "CI" });
    const owner = await authenticateApiKey(app.db, `Bearer ${json.key}`);
    expect(owner.user.email).toBe("use@example.com");
    const [listed] = (await http.get("/api/user/api-keys")).json;
    expect(listed.usageCount).toBe(1);
    expect(listed.lastUsed).not.toBeNull();
    expect((await http.request("DELETE", `/api/user/api-keys/${json.id}`)).json).toEqual({ success: true });
    await expect(authenticateApiKey(app.db, `Bearer ${json.key}`)).rejects.toMatchObject({ status: 401 });
    await expect(authenticateApiKey(app.db, undefined)).rejects.toMatchObject({ status: 401 });
  });

  test("another user's key cannot be deleted or seen (404), and unknown or malformed ids are 404", async () => {
    const alice = await signedIn(app, { email: "alice.keys@example.com", password: "password-1" });
    const bob = await signedIn(app, { email: "bob.keys@example.com", password: "password-1" });
    const { json } = await alice.post("/api/user/api-keys", { name: "Alice's" });
    expect((await bob.request("DELETE", `/api/user/api-keys/${json.id}`)).status).toBe(404);
    expect((await bob.get("/api/user/api-keys")).json).toHaveLength(0);
    expect((await alice.get("/api/user/api-keys")).json).toHaveLength(1);
    expect((await alice.request("DELETE", "/api/user/api-keys/00000000-0000-0000-0000-000000000000")).status).toBe(404);
    expect((await alice.request("DELETE", "/api/user/api-keys/not-a-uuid")).status).toBe(404);
  });

  test("a deactivated owner's key is refused", async () => {
    const http = await signedIn(app, { email: "gone.keys@example.com", password: "password-1" });
    const { json } = await http.post("/api/user/api-keys", { name: "Old" });
    await app.db.update(schema.users).set({ isActive: false }).where(eq(schema.users.email, "gone.keys@example.com"));
    await expect(authenticateApiKey(app.db, `Bearer ${json.key}`)).rejects.toMatchObject({ status: 401 });
  });

  test("key management needs a session", async () => {
    const anonymous = new HttpClient(app.url);
    expect((await anonymous.get("/api/user/api-keys")).status).toBe(401);
    expect((await anonymous.post("/api/user/api-keys", { name: "x" })).status).toBe(401);
  });
});

describe("API key rate limits", () => {
  test("100 requests a minute pass, the 101st is refused with the time to wait; the next minute is free again", async () => {
    const minuteStart = Math.floor(Date.now() / 60_000) * 60_000 + 60_000;
    for (let i = 0; i < 100; i++) {
      const state = await consumeApiKeyQuota(app.db, "key-a", minuteStart + 1000);
      expect(state.remaining).toBe(99 - i);
    }
    const refused = consumeApiKeyQuota(app.db, "key-a", minuteStart + 2000);
    await expect(refused).rejects.toMatchObject({ status: 429, retryAfterSeconds: 58 });
    // Other keys have their own counters.
    expect((await consumeApiKeyQuota(app.db, "key-b", minuteStart + 2000)).remaining).toBe(99);
    expect((await consumeApiKeyQuota(app.db, "key-a", minuteStart + 61_000)).limit).toBe(100);
  });
});
