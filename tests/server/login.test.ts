import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { hashToken } from "../../lib/auth/tokens.ts";
import { HttpClient } from "../../support/http-client.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";

let app: TestApp;
beforeAll(async () => {
  // Trusting X-Forwarded-For lets each test act from its own client address.
  app = await startApp({ env: { DUECHECK_TRUST_PROXY: "1" } });
});
afterAll(() => app.stop());

let addressCounter = 1;
/** A client at its own address, so address throttling of one test does not touch another. */
const client = () => new HttpClient(app.url, { "x-forwarded-for": `203.0.113.${addressCounter++}` });

describe("sign-in", () => {
  test("the answer says whether it is the account's first sign-in (the app's 'Welcome!' or 'Welcome back!')", async () => {
    await createUser(app.db, { email: "first.time@example.com", password: "First-time-1!" });
    const first = await client().post("/api/auth/login", { email: "first.time@example.com", password: "First-time-1!" });
    expect(first.status).toBe(200);
    expect(first.json.firstSignIn).toBe(true);
    const again = await client().post("/api/auth/login", { email: "first.time@example.com", password: "First-time-1!" });
    expect(again.json.firstSignIn).toBe(false);
  });

  test("a valid sign-in sets an HttpOnly SameSite=Lax session cookie, stores only its hash, and /me answers the user", async () => {
    await createUser(app.db, { email: "ok@example.com", password: "password-1", fullName: "Olga Kern" });
    const http = client();
    const res = await http.post("/api/auth/login", { email: "OK@example.com", password: "password-1" });
    expect(res.status).toBe(200);
    expect(res.json.user).toMatchObject({ email: "ok@example.com", fullName: "Olga Kern" });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("duecheck_session="))!;
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).not.toContain("Secure");
    const token = http.cookies.get("duecheck_session")!;
    const [stored] = await app.db
      .select()
      .from(schema.sessions)
      .where(eq(schema.sessions.id, hashToken(token)));
    expect(stored).toBeDefined();
    expect(await app.db.select().from(schema.sessions).where(eq(schema.sessions.id, token))).toHaveLength(0);
    const me = await http.get("/api/auth/me");
    expect(me.status).toBe(200);
    expect(me.json.fullName).toBe("Olga Kern");
    expect(me.json.lastLogin).not.toBeNull();
  });

  test("behind HTTPS (trusted proxy) the cookie is Secure", async () => {
    await createUser(app.db, { email: "tls@example.com", password: "password-1" });
    const res = await client().post("/api/auth/login", { email: "tls@example.com", password: "password-1" }, { "x-forwarded-proto": "https" });
    expect(res.headers.getSetCookie().find((c) => c.startsWith("duecheck_session="))).toContain("Secure");
  });

  test("a wrong password and an unknown email get the same 401", async () => {
    await createUser(app.db, { email: "wrong@example.com", password: "password-1" });
    const wrong = await client().post("/api/auth/login", { email: "wrong@example.com", password: "password-2" });
    const unknown = await client().post("/api/auth/login", { email: "nobody@example.com", password: "password-2" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual({ error: "Invalid email or password" });
    expect(unknown.json).toEqual(wrong.json);
  });

  test("login input is validated: email format, password of at least 6", async () => {
    const badEmail = await client().post("/api/auth/login", { email: "nope", password: "password-1" });
    expect(badEmail.status).toBe(400);
    expect(badEmail.json.error).toBe("Invalid email address");
    const shortPassword = await client().post("/api/auth/login", { email: "a@example.com", password: "12345" });
    expect(shortPassword.status).toBe(400);
    expect(shortPassword.json.error).toBe("Password must be at least 6 characters");
    const missing = await client().post("/api/auth/login", {});
    expect(missing.status).toBe(400);
  });

  test("an inactive user cannot sign in, and an existing session stops working", async () => {
    const user = await createUser(app.db, { email: "leaver@example.com", password: "password-1" });
    const http = client();
    await http.signIn("leaver@example.com", "password-1");
    await app.db.update(schema.users).set({ isActive: false }).where(eq(schema.users.id, user.id));
    expect((await http.get("/api/auth/me")).status).toBe(401);
    const again = await client().post("/api/auth/login", { email: "leaver@example.com", password: "password-1" });
    expect(again.status).toBe(403);
    expect(again.json.error).toBe("This account has been deactivated");
  });

  test("logout ends the session on the server, not only in the browser", async () => {
    await createUser(app.db, { email: "bye@example.com", password: "password-1" });
    const http = client();
    await http.signIn("bye@example.com", "password-1");
    const token = http.cookies.get("duecheck_session")!;
    expect((await http.post("/api/auth/logout")).json).toEqual({ success: true });
    expect(http.cookies.has("duecheck_session")).toBe(false);
    const replay = new HttpClient(app.url, { cookie: `duecheck_session=${token}` });
    expect((await replay.get("/api/auth/me")).status).toBe(401);
  });

  test("a session expires after the user's idle duration", async () => {
    const user = await createUser(app.db, { email: "idle@example.com", password: "password-1" });
    const http = client();
    await http.signIn("idle@example.com", "password-1");
    const [session] = await app.db.select().from(schema.sessions).where(eq(schema.sessions.userId, user.id));
    expect(session.idleMinutes).toBe(30);
    expect(Math.round((session.expiresAt.getTime() - session.createdAt.getTime()) / 60_000)).toBe(30);
    await app.db
      .update(schema.sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.sessions.id, session.id));
    const me = await http.get("/api/auth/me");
    expect(me.status).toBe(401);
    expect(me.json).toEqual({ error: "Not signed in" });
  });

  test("activity slides the idle expiry forward", async () => {
    const user = await createUser(app.db, { email: "active@example.com", password: "password-1" });
    const http = client();
    await http.signIn("active@example.com", "password-1");
    const old = new Date(Date.now() - 10 * 60_000);
    await app.db
      .update(schema.sessions)
      .set({ lastSeenAt: old, expiresAt: new Date(Date.now() + 20 * 60_000) })
      .where(eq(schema.sessions.userId, user.id));
    expect((await http.get("/api/auth/me")).status).toBe(200);
    const [session] = await app.db.select().from(schema.sessions).where(eq(schema.sessions.userId, user.id));
    expect(session.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
  });

  test("a changed session duration applies from the next sign-in", async () => {
    const user = await createUser(app.db, { email: "duration@example.com", password: "password-1" });
    const http = client();
    await http.signIn("duration@example.com", "password-1");
    const res = await http.put("/api/auth/profile", { sessionDuration: 10 });
    expect(res.status).toBe(200);
    expect(res.json.user.sessionDuration).toBe(10);
    const sessions = () => app.db.select().from(schema.sessions).where(eq(schema.sessions.userId, user.id));
    expect((await sessions()).map((s) => s.idleMinutes)).toEqual([30]);
    await client().signIn("duration@example.com", "password-1");
    expect((await sessions()).map((s) => s.idleMinutes).sort((a, b) => a - b)).toEqual([10, 30]);
  });

  test("session duration accepts only 10, 30, 60 or 180 whole minutes", async () => {
    await createUser(app.db, { email: "badduration@example.com", password: "password-1" });
    const http = client();
    await http.signIn("badduration@example.com", "password-1");
    for (const value of [15, 0, -30, "30", 30.5]) {
      const res = await http.put("/api/auth/profile", { sessionDuration: value });
      expect(res.status).toBe(400);
    }
    expect((await http.get("/api/auth/me")).json.sessionDuration).toBe(30);
  });
});

describe("brute-force throttling", () => {
  test("after 5 failures for one account from one address, even the right password gets 429 with Retry-After there", async () => {
    await createUser(app.db, { email: "target@example.com", password: "password-1" });
    const guesser = client();
    for (let i = 0; i < 5; i++) {
      const res = await guesser.post("/api/auth/login", { email: "target@example.com", password: `guess-${i}x` });
      expect(res.status).toBe(401);
    }
    const blocked = await guesser.post("/api/auth/login", { email: "target@example.com", password: "password-1" });
    expect(blocked.status).toBe(429);
    expect(blocked.json.error).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(blocked.headers.getSetCookie()).toHaveLength(0);
  });

  test("one address failing on many accounts is throttled after 20 failures", async () => {
    const attacker = new HttpClient(app.url, { "x-forwarded-for": "198.51.100.66" });
    for (let i = 0; i < 20; i++) {
      const res = await attacker.post("/api/auth/login", { email: `victim${i}@example.com`, password: "password-1" });
      expect(res.status).toBe(401);
    }
    const blocked = await attacker.post("/api/auth/login", { email: "victim99@example.com", password: "password-1" });
    expect(blocked.status).toBe(429);
    // Another address is not affected.
    await createUser(app.db, { email: "innocent@example.com", password: "password-1" });
    expect((await client().post("/api/auth/login", { email: "innocent@example.com", password: "password-1" })).status).toBe(200);
  });

  test("a successful sign-in clears the account's earlier failures", async () => {
    await createUser(app.db, { email: "forgetful@example.com", password: "password-1" });
    for (let i = 0; i < 4; i++) await client().post("/api/auth/login", { email: "forgetful@example.com", password: "nope-nope" });
    await client().signIn("forgetful@example.com", "password-1");
    for (let i = 0; i < 4; i++) {
      expect((await client().post("/api/auth/login", { email: "forgetful@example.com", password: "nope-nope" })).status).toBe(401);
    }
  });
});
