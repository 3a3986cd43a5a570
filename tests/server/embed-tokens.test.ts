/**
 * Embed tokens, the server side: asked for with an API key, used by a browser's components for the screening
 * calls only (charged to the key's owner, counted against the key's limits), CORS for the origins the owner lists,
 * and the origins list itself (cookie session).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq, like } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { createApiKey } from "../../lib/auth/api-keys.ts";
import { hashToken } from "../../lib/auth/tokens.ts";
import { manualClock } from "../../lib/clock.ts";
import { createEmbedToken } from "../../lib/embed/tokens.ts";
import { HttpClient } from "../../support/http-client.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { balanceOf } from "../helpers/credits.ts";
import { SCREENING_TEST_ENV, setEnv } from "../helpers/env.ts";

const HOST_A = "https://onboarding.bank-a.example";
const HOST_B = "https://crm.bank-b.example";
const UNLISTED = "https://unlisted.example";

let restoreEnv: () => void = () => {};
let app: TestApp;
let userA: { id: string };
let userB: { id: string };
let keyA: { id: string; key: string };
let keyB: { id: string; key: string };
let browserA: HttpClient;
let browserB: HttpClient;

beforeAll(async () => {
  // Searches are created, charged and queued here; nobody needs them to run.
  restoreEnv = setEnv({ ...SCREENING_TEST_ENV, DUECHECK_JOB_CONCURRENCY: "0", DUECHECK_NEWS_PROVIDERS: "none" });
  app = await startApp();
  userA = await createUser(app.db, { email: "host.a@example.com", password: "password-a1", credits: 100 });
  userB = await createUser(app.db, { email: "host.b@example.com", password: "password-b1", credits: 100 });
  keyA = await createApiKey(app.db, userA.id, "Onboarding backend");
  keyB = await createApiKey(app.db, userB.id, "CRM backend");
  browserA = new HttpClient(app.url);
  await browserA.signIn("host.a@example.com", "password-a1");
  browserB = new HttpClient(app.url);
  await browserB.signIn("host.b@example.com", "password-b1");
  expect((await browserA.post("/api/embed/origins", { origin: HOST_A })).status).toBe(201);
  expect((await browserB.post("/api/embed/origins", { origin: HOST_B })).status).toBe(201);
});
afterAll(async () => {
  await app.stop();
  restoreEnv();
});

const v1 = (method: string, path: string, bearer: string | null, options: { body?: unknown; origin?: string; headers?: Record<string, string> } = {}) =>
  fetch(`${app.url}/api/v1${path}`, {
    method,
    headers: {
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
      ...(options.origin ? { origin: options.origin } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : typeof options.body === "string" ? options.body : JSON.stringify(options.body),
  });

async function newToken(key = keyA.key, body: unknown = {}) {
  const res = await v1("POST", "/embed-tokens", key, { body });
  expect(res.status).toBe(201);
  return (await res.json()) as { token: string; expiresAt: string; scopes: string[] };
}

const credits = (userId: string) => balanceOf(app.db, userId);
const tokenCount = async () => (await app.db.select().from(schema.embedTokens)).length;
const searchCount = async () => (await app.db.select().from(schema.searches)).length;
const minuteCount = async (keyId: string) =>
  (
    await app.db
      .select()
      .from(schema.rateLimits)
      .where(like(schema.rateLimits.key, `api-key:${keyId}:minute`))
  ).reduce((n, r) => n + r.count, 0);

describe("POST /api/v1/embed-tokens", () => {
  test("an API key gets a 15-minute screening token, stored only as its hash", async () => {
    const before = Date.now();
    const res = await v1("POST", "/embed-tokens", keyA.key, { body: {} });
    expect(res.status).toBe(201);
    expect(res.headers.get("ratelimit-limit")).toBe("100");
    const body = await res.json();
    expect(body.token).toMatch(/^dce_[a-z0-9]{32}$/);
    expect(body.scopes).toEqual(["screening"]);
    const lifetime = Date.parse(body.expiresAt) - before;
    expect(lifetime).toBeGreaterThan(899_000);
    expect(lifetime).toBeLessThan(905_000);
    const [row] = await app.db
      .select()
      .from(schema.embedTokens)
      .where(eq(schema.embedTokens.tokenHash, hashToken(body.token)));
    expect(row).toMatchObject({ userId: userA.id, apiKeyId: keyA.id, scopes: ["screening"] });
    const stored = JSON.stringify(await app.db.select().from(schema.embedTokens));
    expect(stored).not.toContain(body.token);

    const short = await newToken(keyA.key, { ttlSeconds: 120, scopes: ["screening"] });
    expect(Date.parse(short.expiresAt) - Date.now()).toBeLessThanOrEqual(120_000);
    expect(Date.parse(short.expiresAt) - Date.now()).toBeGreaterThan(110_000);
  });

  test("a lifetime outside 1 minute to 1 hour, an unknown scope or field is a 400 naming it, and creates nothing", async () => {
    const before = await tokenCount();
    const cases: [unknown, string][] = [
      [{ ttlSeconds: 30 }, "ttlSeconds must be at least 60"],
      [{ ttlSeconds: 7200 }, "ttlSeconds must be at most 3600 (one hour)"],
      [{ ttlSeconds: 90.5 }, "ttlSeconds must be a whole number of seconds"],
      [{ ttlSeconds: "600" }, "ttlSeconds must be a number of seconds"],
      [{ scopes: ["admin"] }, "scopes must be among screening, decisions"],
      [{ scopes: [] }, "scopes must name at least one scope"],
      [{ scopes: "screening" }, "scopes must be a list"],
      [{ ttl: 600 }, "Unknown field: ttl"],
    ];
    for (const [body, message] of cases) {
      const res = await v1("POST", "/embed-tokens", keyA.key, { body });
      expect({ body, status: res.status, error: (await res.json()).error }).toEqual({ body, status: 400, error: message });
    }
    expect((await v1("POST", "/embed-tokens", keyA.key, { body: "[1]" })).status).toBe(400);
    expect(await tokenCount()).toBe(before);
  });

  test("no key or an unknown key is 401; an embed token cannot create embed tokens (403)", async () => {
    const { token } = await newToken();
    const before = await tokenCount();
    expect((await v1("POST", "/embed-tokens", null, { body: {} })).status).toBe(401);
    expect((await v1("POST", "/embed-tokens", "dck_unknown", { body: {} })).status).toBe(401);
    const refused = await v1("POST", "/embed-tokens", token, { body: {} });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toBe(
      "An embed token can only make the embedded components' calls (searches, exports, the list search, batches, monitoring); this call needs an API key",
    );
    expect(await tokenCount()).toBe(before);
  });
});

describe("screening with an embed token", () => {
  test("a search is charged to the key's owner, counted against the key, and visible to the owner everywhere", async () => {
    const { token } = await newToken();
    const [creditsBefore, creditsB, callsBefore, usageBefore] = [
      await credits(userA.id),
      await credits(userB.id),
      await minuteCount(keyA.id),
      (await app.db.select().from(schema.apiKeys).where(eq(schema.apiKeys.id, keyA.id)))[0].usageCount,
    ];
    const res = await v1("POST", "/search?wait=0", token, { body: { searchTerm: "Embedded Person", entityType: "person" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("ratelimit-limit")).toBe("100");
    const search = await res.json();
    expect(search).toMatchObject({ searchTerm: "Embedded Person", entityType: "person", creditsUsed: 10 });
    expect(await credits(userA.id)).toBe(creditsBefore - 10);
    expect(await credits(userB.id)).toBe(creditsB);
    const ledger = await app.db
      .select()
      .from(schema.creditTransactions)
      .where(and(eq(schema.creditTransactions.userId, userA.id), eq(schema.creditTransactions.searchId, search.id)));
    expect(ledger.map((l) => l.amount)).toEqual([-10]);
    expect(await minuteCount(keyA.id)).toBe(callsBefore + 1);
    expect((await app.db.select().from(schema.apiKeys).where(eq(schema.apiKeys.id, keyA.id)))[0].usageCount).toBe(usageBefore + 1);

    // The token, the owner's key and the owner's own screens read it.
    expect((await v1("GET", `/search/${search.id}`, token)).status).toBe(200);
    expect((await v1("GET", `/search/${search.id}`, keyA.key)).status).toBe(200);
    const own = await browserA.get(`/api/searches/${search.id}`);
    expect(own.status).toBe(200);
    expect(own.json).toMatchObject({ id: search.id, searchTerm: "Embedded Person" });
  });

  test("a token of user A reading user B's search is 404, as an unknown id is", async () => {
    const searchOfB = await (await v1("POST", "/search?wait=0", keyB.key, { body: { searchTerm: "Private Subject" } })).json();
    const { token } = await newToken(keyA.key);
    const res = await v1("GET", `/search/${searchOfB.id}`, token);
    expect(res.status).toBe(404);
    expect((await res.json()).error).toBe("Search not found");
    expect((await v1("GET", "/search/00000000-0000-0000-0000-000000000000", token)).status).toBe(404);
    expect((await v1("GET", `/search/${searchOfB.id}`, keyB.key)).status).toBe(200);
  });

  test("an expired token is refused with 401 and charges nothing; an unknown one too", async () => {
    const clock = manualClock(new Date(Date.now() - 20 * 60_000));
    const expired = await createEmbedToken(app.db, { userId: userA.id, apiKeyId: keyA.id, ttlSeconds: 900 }, clock);
    expect(Date.parse(expired.expiresAt)).toBeLessThan(Date.now());
    const [before, searches] = [await credits(userA.id), await searchCount()];
    const res = await v1("POST", "/search?wait=0", expired.token, { body: { searchTerm: "Too Late" } });
    expect(res.status).toBe(401);
    expect((await res.json()).error).toBe("The embed token has expired: ask your backend for a new one (POST /api/v1/embed-tokens)");
    expect((await v1("GET", "/search/00000000-0000-0000-0000-000000000000", expired.token)).status).toBe(401);
    const unknown = await v1("POST", "/search?wait=0", "dce_notatokenatall", { body: { searchTerm: "Nobody" } });
    expect(unknown.status).toBe(401);
    expect((await unknown.json()).error).toBe("Invalid embed token");
    expect(await credits(userA.id)).toBe(before);
    expect(await searchCount()).toBe(searches);
  });

  test("tokens that expired over an hour ago are deleted when a new token is made", async () => {
    const old = await createEmbedToken(app.db, { userId: userA.id, apiKeyId: keyA.id, ttlSeconds: 60 }, manualClock(new Date(Date.now() - 2 * 3600_000)));
    const recent = await createEmbedToken(app.db, { userId: userA.id, apiKeyId: keyA.id, ttlSeconds: 60 }, manualClock(new Date(Date.now() - 10 * 60_000)));
    await newToken();
    const hashes = (await app.db.select().from(schema.embedTokens)).map((t) => t.tokenHash);
    expect(hashes).not.toContain(hashToken(old.token));
    expect(hashes).toContain(hashToken(recent.token));
  });

  test("a token reaches no call of the cookie API: the key and origin routes 401", async () => {
    const { token } = await newToken();
    const [before, searches] = [await credits(userA.id), await searchCount()];
    for (const [method, path] of [
      ["GET", "/api/user/api-keys"],
      ["POST", "/api/user/api-keys"],
      ["GET", "/api/embed/origins"],
      ["GET", "/api/searches"],
    ]) {
      const res = await fetch(`${app.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: method === "POST" ? JSON.stringify({ name: "From a browser" }) : undefined,
      });
      expect({ path, status: res.status }).toEqual({ path, status: 401 });
    }
    expect(await credits(userA.id)).toBe(before);
    expect(await searchCount()).toBe(searches);
    expect((await app.db.select().from(schema.apiKeys).where(eq(schema.apiKeys.userId, userA.id))).length).toBe(1);
  });

  test("deleting the key ends its tokens", async () => {
    const extra = await createApiKey(app.db, userA.id, "Short-lived backend");
    const { token } = await newToken(extra.key);
    expect((await v1("GET", "/search/00000000-0000-0000-0000-000000000000", token)).status).toBe(404);
    expect((await browserA.request("DELETE", `/api/user/api-keys/${extra.id}`)).status).toBe(200);
    expect((await v1("GET", "/search/00000000-0000-0000-0000-000000000000", token)).status).toBe(401);
  });
});

describe("CORS", () => {
  const preflight = (origin: string, path = "/api/v1/search", method = "POST") =>
    fetch(`${app.url}${path}`, {
      method: "OPTIONS",
      headers: { origin, "access-control-request-method": method, "access-control-request-headers": "authorization, content-type" },
    });

  test("a preflight from a listed origin is granted for that origin, with Authorization and Content-Type", async () => {
    const res = await preflight(HOST_A);
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe(HOST_A);
    expect(res.headers.get("access-control-allow-headers")).toBe("Authorization, Content-Type");
    expect(res.headers.get("access-control-allow-methods")).toBe("GET, POST, PUT, DELETE");
    expect(res.headers.get("access-control-allow-credentials")).toBeNull();
    expect(res.headers.get("vary")).toContain("Origin");
    const other = await preflight(HOST_B, "/api/v1/search/00000000-0000-0000-0000-000000000000", "GET");
    expect(other.headers.get("access-control-allow-origin")).toBe(HOST_B);
  });

  test("a preflight from an unlisted origin, or to the cookie API, gets no grant", async () => {
    for (const [origin, path] of [
      [UNLISTED, "/api/v1/search"],
      ["https://onboarding.bank-a.example.evil.example", "/api/v1/search"],
      [HOST_A, "/api/searches"],
      [HOST_A, "/api/auth/login"],
    ]) {
      const res = await preflight(origin, path);
      expect({ origin, path, grant: res.headers.get("access-control-allow-origin") }).toEqual({ origin, path, grant: null });
    }
  });

  test("actual calls: the owner's listed origin is granted; an unlisted or another account's origin is refused (403) without a grant", async () => {
    const { token } = await newToken();
    const listed = await v1("POST", "/search?wait=0", token, { origin: HOST_A, body: { searchTerm: "Host Page Search" } });
    expect(listed.status).toBe(200);
    expect(listed.headers.get("access-control-allow-origin")).toBe(HOST_A);
    expect(listed.headers.get("access-control-expose-headers")).toContain("RateLimit-Remaining");
    expect(listed.headers.get("vary")).toContain("Origin");
    const { id } = await listed.json();
    const read = await v1("GET", `/search/${id}`, token, { origin: HOST_A });
    expect(read.headers.get("access-control-allow-origin")).toBe(HOST_A);
    // Another user's search: the component reads the 404.
    const searchOfB = await (await v1("POST", "/search?wait=0", keyB.key, { body: { searchTerm: "B Subject" } })).json();
    const foreign = await v1("GET", `/search/${searchOfB.id}`, token, { origin: HOST_A });
    expect(foreign.status).toBe(404);
    expect(foreign.headers.get("access-control-allow-origin")).toBe(HOST_A);

    const [before, searches] = [await credits(userA.id), await searchCount()];
    for (const origin of [UNLISTED, HOST_B]) {
      const res = await v1("POST", "/search?wait=0", token, { origin, body: { searchTerm: "Wrong Page Search" } });
      expect({ origin, status: res.status, grant: res.headers.get("access-control-allow-origin") }).toEqual({ origin, status: 403, grant: null });
      expect((await res.json()).error).toBe(
        "Calls from this origin are not allowed with this account's embed tokens: add the origin under API Access, Embedding",
      );
    }
    expect(await credits(userA.id)).toBe(before);
    expect(await searchCount()).toBe(searches);
  });

  test("an expired token's 401 is readable from a listed origin, not from an unlisted one; an API key is never granted", async () => {
    const expired = await createEmbedToken(app.db, { userId: userA.id, apiKeyId: keyA.id, ttlSeconds: 60 }, manualClock(new Date(Date.now() - 5 * 60_000)));
    const listed = await v1("GET", "/search/00000000-0000-0000-0000-000000000000", expired.token, { origin: HOST_A });
    expect(listed.status).toBe(401);
    expect(listed.headers.get("access-control-allow-origin")).toBe(HOST_A);
    const unlisted = await v1("GET", "/search/00000000-0000-0000-0000-000000000000", expired.token, { origin: UNLISTED });
    expect(unlisted.status).toBe(401);
    expect(unlisted.headers.get("access-control-allow-origin")).toBeNull();
    const withKey = await v1("GET", "/search/00000000-0000-0000-0000-000000000000", keyA.key, { origin: HOST_A });
    expect(withKey.status).toBe(404);
    expect(withKey.headers.get("access-control-allow-origin")).toBeNull();
    // A backend's call (no Origin) gets no grant either, and says its answer varies by Origin (for caches).
    const backend = await v1("GET", "/search/00000000-0000-0000-0000-000000000000", keyA.key);
    expect(backend.headers.get("access-control-allow-origin")).toBeNull();
    expect(backend.headers.get("vary")).toContain("Origin");
  });

  test("the cookie API never answers with a CORS grant", async () => {
    const res = await browserA.get("/api/embed/origins", { origin: HOST_A });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("/api/embed/origins", () => {
  test("an origin is normalised, listed, refused twice and removed; another user's origin is 404", async () => {
    const client = new HttpClient(app.url);
    await createUser(app.db, { email: "origins@example.com", password: "password-o1" });
    await client.signIn("origins@example.com", "password-o1");
    expect((await client.get("/api/embed/origins")).json).toEqual([]);
    const added = await client.post("/api/embed/origins", { origin: "  HTTPS://Portal.Example.COM:443/ " });
    expect(added.status).toBe(201);
    expect(added.json.origin).toBe("https://portal.example.com");
    const dev = await client.post("/api/embed/origins", { origin: "http://localhost:5173" });
    expect(dev.json.origin).toBe("http://localhost:5173");
    expect((await client.post("/api/embed/origins", { origin: "http://127.0.0.1:8080" })).status).toBe(201);
    const twice = await client.post("/api/embed/origins", { origin: "https://portal.example.com" });
    expect(twice.status).toBe(409);
    expect(twice.json.error).toBe("This origin is already allowed");
    const list = await client.get("/api/embed/origins");
    expect(list.json.map((o: { origin: string }) => o.origin)).toEqual(["https://portal.example.com", "http://localhost:5173", "http://127.0.0.1:8080"]);

    expect((await client.request("DELETE", `/api/embed/origins?origin=${encodeURIComponent(HOST_A)}`)).status).toBe(404);
    expect((await browserA.get("/api/embed/origins")).json.map((o: { origin: string }) => o.origin)).toEqual([HOST_A]);
    const removed = await client.request("DELETE", `/api/embed/origins?origin=${encodeURIComponent("https://portal.example.com")}`);
    expect(removed.status).toBe(200);
    expect((await client.get("/api/embed/origins")).json.map((o: { origin: string }) => o.origin)).toEqual(["http://localhost:5173", "http://127.0.0.1:8080"]);
    const audit = await app.db.select().from(schema.auditLog).where(like(schema.auditLog.action, "embed_origin.%"));
    expect(
      audit
        .filter((a) => a.targetId === "https://portal.example.com")
        .map((a) => a.action)
        .sort(),
    ).toEqual(["embed_origin.added", "embed_origin.removed"]);
  });

  test("bad origins are refused with the reason and change nothing", async () => {
    const before = (await browserA.get("/api/embed/origins")).json;
    const cases: [unknown, string][] = [
      ["", "Please enter an origin such as https://app.example.com"],
      ["portal.example.com", "Origin must be an address such as https://app.example.com"],
      ["ftp://portal.example.com", "Origin must be an address such as https://app.example.com"],
      ["http://portal.example.com", "Origin must start with https:// (http:// only for localhost, 127.0.0.1 or [::1])"],
      ["https://portal.example.com/embed", "Origin must be only scheme://host[:port], without a path, query or fragment"],
      ["https://portal.example.com?x=1", "Origin must be only scheme://host[:port], without a path, query or fragment"],
      ["https://*.example.com", "Origin must name one host: wildcards are not allowed"],
      ["https://user:secret@portal.example.com", "Origin must not contain a user name or password"],
      ["*", "Origin must be an address such as https://app.example.com"],
      [42, "Please enter an origin such as https://app.example.com"],
    ];
    for (const [origin, message] of cases) {
      const res = await browserA.post("/api/embed/origins", { origin });
      expect({ origin, status: res.status, error: res.json.error }).toEqual({ origin, status: 400, error: message });
    }
    expect((await browserA.request("DELETE", "/api/embed/origins?origin=not-an-origin")).status).toBe(400);
    expect((await browserA.request("DELETE", "/api/embed/origins")).status).toBe(400);
    expect((await browserA.get("/api/embed/origins")).json).toEqual(before);
    expect((await new HttpClient(app.url).get("/api/embed/origins")).status).toBe(401);
  });

  test("at most 20 origins", async () => {
    const client = new HttpClient(app.url);
    await createUser(app.db, { email: "many.origins@example.com", password: "password-m1" });
    await client.signIn("many.origins@example.com", "password-m1");
    for (let i = 0; i < 20; i++) expect((await client.post("/api/embed/origins", { origin: `https://app${i}.example.com` })).status).toBe(201);
    const full = await client.post("/api/embed/origins", { origin: "https://app20.example.com" });
    expect(full.status).toBe(409);
    expect(full.json.error).toBe("You can allow at most 20 origins. Remove one you no longer use.");
    expect((await client.get("/api/embed/origins")).json).toHaveLength(20);
  });
});
