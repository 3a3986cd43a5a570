/**
 * The client address behind a trusted proxy is the right-most X-Forwarded-For entry no trusted proxy wrote: what a
 * client writes left of it changes nothing, so it cannot pick a fresh address for each throttle or a false one for
 * the audit log. A peer that is not a trusted proxy is the client, and its forwarded headers are not read.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, desc, eq, sql } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { HttpClient } from "../../support/http-client.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { validRegistration } from "../helpers/registration.ts";

// The defaults: failed sign-ins per address (15 minutes), registrations per address (an hour), failed API keys per
// address (15 minutes).
const SIGN_IN_FAILURES = 20;
const REGISTRATIONS = 5;
const BEARER_FAILURES = 30;

let behindProxy: TestApp;
let notFromProxy: TestApp;
beforeAll(async () => {
  // The tests' connections come from 127.0.0.1: the proxy in front with DUECHECK_TRUST_PROXY=1 alone, and no proxy
  // when the trusted ones are elsewhere.
  [behindProxy, notFromProxy] = await Promise.all([
    startApp({ env: { DUECHECK_TRUST_PROXY: "1" } }),
    startApp({ env: { DUECHECK_TRUST_PROXY: "1", DUECHECK_TRUSTED_PROXIES: "10.0.0.0/8, 2001:db8::/32" } }),
  ]);
});
afterAll(async () => {
  await Promise.all([behindProxy?.stop(), notFromProxy?.stop()]);
});

let forged = 0;
/** A chain whose left part the client made up afresh for each request, the right-most entry what the proxy appended. */
const forgedChain = (client: string) => `1.2.3.${(++forged % 250) + 1}, ${client}`;

/** Answers the 1-based attempt that was first refused with 429, or 0 when none was within `max`. */
async function firstThrottled(max: number, attempt: (i: number) => Promise<{ status: number }>) {
  for (let i = 1; i <= max; i++) if ((await attempt(i)).status === 429) return i;
  return 0;
}

const auditAddresses = async (app: TestApp, action: string, email: string) =>
  (
    await app.db
      .select({ ipAddress: schema.auditLog.ipAddress })
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, action), sql`${schema.auditLog.details}->>'email' = ${email}`))
      .orderBy(desc(schema.auditLog.id))
  ).map((row) => row.ipAddress);

describe("behind a proxy (DUECHECK_TRUST_PROXY=1, no list: the peer alone is trusted)", () => {
  test("failed sign-ins with a fresh forged address each are throttled for the right-most address, which the audit log records", async () => {
    const http = new HttpClient(behindProxy.url);
    const attempt = (i: number) =>
      http.post("/api/auth/login", { email: `guess${i}@example.com`, password: "wrong-password" }, { "x-forwarded-for": forgedChain("203.0.113.10") });
    expect(await firstThrottled(SIGN_IN_FAILURES + 5, attempt)).toBe(SIGN_IN_FAILURES + 1);
    expect(await auditAddresses(behindProxy, "auth.login_failed", "guess1@example.com")).toEqual(["203.0.113.10"]);
    // another client behind the same proxy is not held back
    const other = await http.post("/api/auth/login", { email: "guess1@example.com", password: "wrong-password" }, { "x-forwarded-for": "203.0.113.11" });
    expect(other.status).toBe(401);
  });

  test("registrations with a fresh forged address each are throttled", async () => {
    const http = new HttpClient(behindProxy.url);
    const attempt = () => http.post("/api/auth/register", validRegistration(), { "x-forwarded-for": forgedChain("203.0.113.20") });
    expect(await firstThrottled(REGISTRATIONS + 5, attempt)).toBe(REGISTRATIONS + 1);
  });

  test("bad API keys with a fresh forged address each are throttled", async () => {
    const http = new HttpClient(behindProxy.url);
    const attempt = () => http.get("/api/v1/sanctions/search?q=x", { authorization: "Bearer dck_not-a-key", "x-forwarded-for": forgedChain("203.0.113.30") });
    expect(await firstThrottled(BEARER_FAILURES + 5, attempt)).toBe(BEARER_FAILURES + 1);
  });

  test("an IPv4-mapped IPv6 entry is the IPv4 address it is", async () => {
    const http = new HttpClient(behindProxy.url);
    await http.post("/api/auth/login", { email: "mapped@example.com", password: "wrong-password" }, { "x-forwarded-for": "1.2.3.4, ::ffff:203.0.113.40" });
    expect(await auditAddresses(behindProxy, "auth.login_failed", "mapped@example.com")).toEqual(["203.0.113.40"]);
  });

  test("the proxy's X-Forwarded-Proto and -Host are read: a secure cookie, and the forwarded origin passes the same-origin check", async () => {
    await createUser(behindProxy.db, { email: "proxied@example.com", password: "password-1" });
    const proxied = { "x-forwarded-for": "203.0.113.50", "x-forwarded-proto": "https", "x-forwarded-host": "duecheck.example.com" };
    const http = new HttpClient(behindProxy.url, proxied);
    const res = await http.post("/api/auth/login", { email: "proxied@example.com", password: "password-1" }, { origin: "https://duecheck.example.com" });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().join()).toContain("Secure");
    expect((await http.post("/api/auth/logout", {}, { origin: "http://duecheck.example.com" })).status).toBe(403);
  });
});

describe("from a peer that is not a listed proxy (DUECHECK_TRUSTED_PROXIES without 127.0.0.1)", () => {
  test("X-Forwarded-Proto and -Host are ignored: no secure cookie, and the forwarded origin is another site", async () => {
    await createUser(notFromProxy.db, { email: "direct@example.com", password: "password-1" });
    const http = new HttpClient(notFromProxy.url, { "x-forwarded-proto": "https", "x-forwarded-host": "duecheck.example.com" });
    const refused = await http.post("/api/auth/login", { email: "direct@example.com", password: "password-1" }, { origin: "https://duecheck.example.com" });
    expect(refused.status).toBe(403);
    const res = await http.post("/api/auth/login", { email: "direct@example.com", password: "password-1" }, { origin: notFromProxy.url });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().join()).not.toContain("Secure");
  });

  test("X-Forwarded-For is ignored: the peer's address is throttled and audited", async () => {
    const http = new HttpClient(notFromProxy.url);
    const attempt = (i: number) =>
      http.post("/api/auth/login", { email: `guess${i}@example.com`, password: "wrong-password" }, { "x-forwarded-for": `10.0.0.1, 1.2.3.${i}` });
    expect(await firstThrottled(SIGN_IN_FAILURES + 5, attempt)).toBe(SIGN_IN_FAILURES + 1);
    expect(await auditAddresses(notFromProxy, "auth.login_failed", "guess1@example.com")).toEqual(["127.0.0.1"]);
  });
});
