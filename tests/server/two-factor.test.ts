import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { TOTP_PERIOD_SECONDS } from "../../lib/auth/totp.ts";
import { HttpClient } from "../../support/http-client.ts";
import { createUser, signedIn, startApp, type TestApp } from "../helpers/app.ts";
import { totpCode } from "../helpers/totp.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.stop());

const storedUser = async (email: string) => (await app.db.select().from(schema.users).where(eq(schema.users.email, email)))[0];
/**
 * A code of a step not used yet: enrolment used the current step, and an earlier step is refused once a
 * later one was accepted; the next step is within the accepted clock drift.
 */
const unusedCode = (secret: string) => totpCode(secret, Date.now() + TOTP_PERIOD_SECONDS * 1000);

/** Signs in and turns 2FA on, returning the secret an authenticator app would hold. */
async function enrol(email: string) {
  await createUser(app.db, { email, password: "password-1" });
  const http = new HttpClient(app.url);
  await http.signIn(email, "password-1");
  const setup = await http.post("/api/auth/setup-2fa");
  const verify = await http.post("/api/auth/verify-2fa", { code: totpCode(setup.json.secret) });
  expect(verify.status).toBe(200);
  return { http, secret: setup.json.secret as string };
}

describe("two-factor setup", () => {
  test("setup answers a PNG QR data URL and the secret; the stored secret is encrypted", async () => {
    const http = await signedIn(app, { email: "qr@example.com", password: "password-1" });
    const res = await http.post("/api/auth/setup-2fa");
    expect(res.status).toBe(200);
    expect(res.json.qrCodeImage).toStartWith("data:image/png;base64,");
    const png = Buffer.from(res.json.qrCodeImage.split(",")[1], "base64");
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(res.json.secret).toMatch(/^[A-Z2-7]{32}$/);
    const stored = await storedUser("qr@example.com");
    expect(stored.twoFactorEnabled).toBe(false);
    expect(stored.twoFactorSecret).toBeTruthy();
    expect(stored.twoFactorSecret).not.toContain(res.json.secret);
    expect((await http.get("/api/auth/me")).json.twoFactorEnabled).toBe(false);
  });

  test("a wrong or malformed code does not enable 2FA; the right one does", async () => {
    const http = await signedIn(app, { email: "verify@example.com", password: "password-1" });
    const { json } = await http.post("/api/auth/setup-2fa");
    const wrongCode = String((Number(totpCode(json.secret)) + 1) % 1_000_000).padStart(6, "0");
    const wrong = await http.post("/api/auth/verify-2fa", { code: wrongCode });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error).toBe("Invalid verification code");
    const malformed = await http.post("/api/auth/verify-2fa", { code: "12345" });
    expect(malformed.status).toBe(400);
    expect(malformed.json.error).toBe("Please enter a 6-digit verification code");
    expect((await storedUser("verify@example.com")).twoFactorEnabled).toBe(false);
    const ok = await http.post("/api/auth/verify-2fa", { code: totpCode(json.secret) });
    expect(ok.status).toBe(200);
    expect(ok.json.user.twoFactorEnabled).toBe(true);
    expect((await http.post("/api/auth/setup-2fa")).status).toBe(409);
  });
});

describe("signing in with a second factor", () => {
  test("the password alone asks for the code and gives no session", async () => {
    await enrol("step@example.com");
    const http = new HttpClient(app.url);
    const res = await http.post("/api/auth/login", { email: "step@example.com", password: "password-1" });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ requiresTwoFactor: true });
    expect(http.cookies.has("duecheck_session")).toBe(false);
  });

  test("a wrong code is refused; the right code signs in; the same code cannot be used again", async () => {
    const { secret } = await enrol("code@example.com");
    const http = new HttpClient(app.url);
    const wrong = await http.post("/api/auth/login", {
      email: "code@example.com",
      password: "password-1",
      twoFactorCode: "000000" === unusedCode(secret) ? "111111" : "000000",
    });
    expect(wrong.status).toBe(401);
    expect(wrong.json.error).toBe("Invalid verification code");

    const code = unusedCode(secret);
    const ok = await http.post("/api/auth/login", { email: "code@example.com", password: "password-1", twoFactorCode: code });
    expect(ok.status).toBe(200);
    expect(ok.json.user.email).toBe("code@example.com");

    const replay = await new HttpClient(app.url).post("/api/auth/login", { email: "code@example.com", password: "password-1", twoFactorCode: code });
    expect(replay.status).toBe(401);
    expect(replay.json.error).toBe("Invalid verification code");
  });

  test("a code from outside the drift window is refused", async () => {
    const { secret } = await enrol("old@example.com");
    const stale = totpCode(secret, Date.now() - 5 * TOTP_PERIOD_SECONDS * 1000);
    const res = await new HttpClient(app.url).post("/api/auth/login", { email: "old@example.com", password: "password-1", twoFactorCode: stale });
    expect(res.status).toBe(401);
  });

  test("the code step needs the right password too", async () => {
    const { secret } = await enrol("both@example.com");
    const res = await new HttpClient(app.url).post("/api/auth/login", {
      email: "both@example.com",
      password: "password-2",
      twoFactorCode: unusedCode(secret),
    });
    expect(res.status).toBe(401);
    expect(res.json.error).toBe("Invalid email or password");
  });

  test("remember this browser: that browser skips the code for 30 days, another browser does not", async () => {
    const { secret } = await enrol("remember@example.com");
    const browser = new HttpClient(app.url);
    const first = await browser.post("/api/auth/login", {
      email: "remember@example.com",
      password: "password-1",
      twoFactorCode: unusedCode(secret),
      rememberBrowser: true,
    });
    expect(first.status).toBe(200);
    const cookie = first.headers.getSetCookie().find((c) => c.startsWith("duecheck_browser="))!;
    expect(cookie).toContain("HttpOnly");
    const expires = new Date(/Expires=([^;]+)/i.exec(cookie)![1]).getTime();
    expect(Math.round((expires - Date.now()) / 86_400_000)).toBe(30);
    const [row] = await app.db.select().from(schema.browserTokens);
    expect(row.token).not.toBe(browser.cookies.get("duecheck_browser"));

    await browser.post("/api/auth/logout");
    const again = await browser.post("/api/auth/login", { email: "remember@example.com", password: "password-1" });
    expect(again.json.user?.email).toBe("remember@example.com");

    const other = await new HttpClient(app.url).post("/api/auth/login", { email: "remember@example.com", password: "password-1" });
    expect(other.json).toEqual({ requiresTwoFactor: true });
  });

  test("a remembered-browser token of one user does not skip another user's code", async () => {
    const a = await enrol("alice2fa@example.com");
    await enrol("bob2fa@example.com");
    const browser = new HttpClient(app.url);
    await browser.post("/api/auth/login", {
      email: "alice2fa@example.com",
      password: "password-1",
      twoFactorCode: unusedCode(a.secret),
      rememberBrowser: true,
    });
    const res = await browser.post("/api/auth/login", { email: "bob2fa@example.com", password: "password-1" });
    expect(res.json).toEqual({ requiresTwoFactor: true });
  });

  test("an expired remembered browser asks for the code again", async () => {
    const { secret } = await enrol("expired@example.com");
    const user = await storedUser("expired@example.com");
    const browser = new HttpClient(app.url);
    await browser.post("/api/auth/login", {
      email: "expired@example.com",
      password: "password-1",
      twoFactorCode: unusedCode(secret),
      rememberBrowser: true,
    });
    await app.db
      .update(schema.browserTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.browserTokens.userId, user.id));
    const res = await browser.post("/api/auth/login", { email: "expired@example.com", password: "password-1" });
    expect(res.json).toEqual({ requiresTwoFactor: true });
  });
});

describe("disabling two-factor", () => {
  test("needs the password and a current code; then sign-in needs the password only", async () => {
    const { http, secret } = await enrol("off@example.com");
    const incomplete = await http.post("/api/auth/disable-2fa", { password: "", code: "12" });
    expect(incomplete.status).toBe(400);
    expect(incomplete.json.error).toBe("Please enter your password and a 6-digit verification code");
    const wrongPassword = await http.post("/api/auth/disable-2fa", { password: "password-2", code: unusedCode(secret) });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.json.error).toBe("Password is incorrect");
    const wrongCode = await http.post("/api/auth/disable-2fa", { password: "password-1", code: "000000" === unusedCode(secret) ? "111111" : "000000" });
    expect(wrongCode.status).toBe(400);
    expect((await storedUser("off@example.com")).twoFactorEnabled).toBe(true);

    const ok = await http.post("/api/auth/disable-2fa", { password: "password-1", code: unusedCode(secret) });
    expect(ok.status).toBe(200);
    expect(ok.json.user.twoFactorEnabled).toBe(false);
    expect((await storedUser("off@example.com")).twoFactorSecret).toBeNull();
    const login = await new HttpClient(app.url).post("/api/auth/login", { email: "off@example.com", password: "password-1" });
    expect(login.json.user.email).toBe("off@example.com");
  });
});
