/**
 * How long being signed in lasts: an absolute lifetime besides the idle one, remembered browsers forgotten with a
 * password change, and an admin's reset link refused while the account is deactivated.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { isKnownSignInAddress, pruneSignInAddresses, rememberSignInAddress } from "../../lib/auth/sign-in-addresses.ts";
import { HttpClient } from "../../support/http-client.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { totpCode } from "../helpers/totp.ts";

let app: TestApp;
let admin: HttpClient;
beforeAll(async () => {
  app = await startApp();
  admin = new HttpClient(app.url);
  await admin.signIn("admin@test.local", "Admin-password-1");
});
afterAll(async () => {
  await app.stop();
});

const DAY = 86_400_000;

async function signedIn(email: string) {
  const user = await createUser(app.db, { email, password: "Password-1!" });
  const http = new HttpClient(app.url);
  await http.signIn(email, "Password-1!");
  return { http, user };
}

/** Makes the user's sessions look signed in `days` ago, yet active a moment ago. */
async function ageSessions(userId: string, days: number) {
  const now = Date.now();
  await app.db
    .update(schema.sessions)
    .set({ createdAt: new Date(now - days * DAY), lastSeenAt: new Date(now - 1000), expiresAt: new Date(now + 30 * 60_000) })
    .where(eq(schema.sessions.userId, userId));
}

describe("absolute session lifetime", () => {
  test("a session signed in 45 days ago ends however active it stayed; the setting can lengthen it", async () => {
    const { http, user } = await signedIn("old-session@example.com");
    await ageSessions(user.id, 29);
    expect((await http.get("/api/auth/me")).status).toBe(200);

    await ageSessions(user.id, 45);
    expect((await admin.post("/api/admin/settings", { sessionMaxDays: 60 })).status).toBe(200);
    try {
      expect((await http.get("/api/auth/me")).status).toBe(200);
    } finally {
      expect((await admin.post("/api/admin/settings", { sessionMaxDays: 30 })).status).toBe(200);
    }
    expect((await http.get("/api/auth/me")).status).toBe(401);
    // Ended for good: the session is gone, not merely refused while the setting is short.
    expect(await app.db.select().from(schema.sessions).where(eq(schema.sessions.userId, user.id))).toHaveLength(0);
  });
});

describe("a password change", () => {
  test("forgets remembered browsers: the next sign-in asks for the code again", async () => {
    const { http } = await signedIn("remembered@example.com");
    const setup = (await http.post("/api/auth/setup-2fa")).json;
    expect((await http.post("/api/auth/verify-2fa", { code: totpCode(setup.secret) })).status).toBe(200);
    const browser = new HttpClient(app.url);
    const code = totpCode(setup.secret, Date.now() + 30_000);
    const first = await browser.post("/api/auth/login", {
      email: "remembered@example.com",
      password: "Password-1!",
      twoFactorCode: code,
      rememberBrowser: true,
    });
    expect(first.status).toBe(200);
    expect(browser.cookies.has("duecheck_browser")).toBe(true);

    const changed = await browser.post("/api/auth/change-password", { currentPassword: "Password-1!", newPassword: "Changed-password-2!" });
    expect(changed.status).toBe(200);
    await browser.post("/api/auth/logout");
    const again = await browser.post("/api/auth/login", { email: "remembered@example.com", password: "Changed-password-2!" });
    expect(again.json).toEqual({ requiresTwoFactor: true });
  });
});

describe("an admin's reset link", () => {
  test("is refused while the account is deactivated, and still works once it is active again", async () => {
    const user = await createUser(app.db, { email: "deactivated@example.com", password: "Password-1!" });
    const link = (await admin.post(`/api/admin/users/${user.id}/reset-link`)).json.link as string;
    const token = new URL(link).searchParams.get("token");
    expect((await admin.post(`/api/admin/users/${user.id}/toggle`)).json.isActive).toBe(false);

    const refused = await new HttpClient(app.url).post("/api/auth/reset-password", { token, password: "Taken-over-1!" });
    expect(refused.status).toBe(403);
    expect(refused.json.error).toBe("This account has been deactivated");
    const [row] = await app.db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(row.password).toBe(user.password);

    expect((await admin.post(`/api/admin/users/${user.id}/toggle`)).json.isActive).toBe(true);
    expect((await new HttpClient(app.url).post("/api/auth/reset-password", { token, password: "Fresh-password-1!" })).status).toBe(200);
  });
});

describe("known sign-in addresses", () => {
  test("count for 90 days after the last sign-in from them, and the maintenance forgets older ones", async () => {
    const user = await createUser(app.db, { email: "addresses@example.com", password: "Password-1!" });
    const now = new Date();
    await rememberSignInAddress(app.db, user.id, "192.0.2.10", new Date(now.getTime() - 91 * DAY));
    await rememberSignInAddress(app.db, user.id, "192.0.2.11", new Date(now.getTime() - 89 * DAY));
    expect(await isKnownSignInAddress(app.db, user.id, "192.0.2.10", now)).toBe(false);
    expect(await isKnownSignInAddress(app.db, user.id, "192.0.2.11", now)).toBe(true);
    await pruneSignInAddresses(app.db, now);
    const rows = await app.db.select().from(schema.signInAddresses).where(eq(schema.signInAddresses.userId, user.id));
    expect(rows.map((r) => r.ipAddress)).toEqual(["192.0.2.11"]);
  });
});
