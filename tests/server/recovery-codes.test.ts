/** 2FA recovery codes, and "require 2FA for every account" enforced on the server. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { desc, eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { TOTP_PERIOD_SECONDS } from "../../lib/auth/totp.ts";
import { createUser, signedIn, startApp, type TestApp } from "../helpers/app.ts";
import { HttpClient } from "../helpers/http.ts";
import { totpCode } from "../helpers/totp.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.stop());

const auditOf = async (action: string) => app.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, action)).orderBy(desc(schema.auditLog.id));
const nextStepCode = (secret: string) => totpCode(secret, Date.now() + TOTP_PERIOD_SECONDS * 1000);

async function enrol(email: string) {
  await createUser(app.db, { email, password: "password-1" });
  const http = new HttpClient(app.url);
  await http.signIn(email, "password-1");
  const { secret } = (await http.post("/api/auth/setup-2fa")).json;
  const verify = await http.post("/api/auth/verify-2fa", { code: totpCode(secret) });
  expect(verify.status).toBe(200);
  return { http, secret: secret as string, codes: verify.json.recoveryCodes as string[] };
}

const signInWith = (email: string, twoFactorCode: string) => new HttpClient(app.url).post("/api/auth/login", { email, password: "password-1", twoFactorCode });

describe("recovery codes", () => {
  test("turning 2FA on answers ten distinct codes once; only their hashes are stored", async () => {
    const { codes } = await enrol("ten@example.com");
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const user = (await app.db.select().from(schema.users).where(eq(schema.users.email, "ten@example.com")))[0];
    const stored = await app.db.select().from(schema.twoFactorRecoveryCodes).where(eq(schema.twoFactorRecoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    const hashes = stored.map((row) => row.codeHash).join(" ");
    for (const code of codes) {
      expect(hashes).not.toContain(code);
      expect(hashes).not.toContain(code.replace("-", ""));
    }
  });

  test("a recovery code signs in at the code prompt once; typed in capitals or without the dash it still counts", async () => {
    const { codes } = await enrol("recover@example.com");
    const first = await signInWith("recover@example.com", codes[0]);
    expect(first.status).toBe(200);
    expect(first.json.user.email).toBe("recover@example.com");
    const again = await signInWith("recover@example.com", codes[0]);
    expect(again.status).toBe(401);
    expect(again.json.error).toBe("Invalid verification code");
    expect((await signInWith("recover@example.com", codes[1].toUpperCase().replace("-", ""))).status).toBe(200);
    expect((await signInWith("recover@example.com", "aaaaa-aaaaa")).status).toBe(401);
    const [audit] = await auditOf("auth.recovery_code_used");
    expect(audit.details).toMatchObject({ remaining: 8 });
  });

  test("another user's code is not accepted", async () => {
    const { codes } = await enrol("owner-a@example.com");
    await enrol("owner-b@example.com");
    expect((await signInWith("owner-b@example.com", codes[0])).status).toBe(401);
  });

  test("regenerating needs the password or a code and replaces the old codes", async () => {
    const { http, secret, codes } = await enrol("regen@example.com");
    expect((await http.post("/api/auth/recovery-codes", {})).status).toBe(400);
    expect((await http.post("/api/auth/recovery-codes", { password: "wrong-password" })).status).toBe(400);
    const byPassword = await http.post("/api/auth/recovery-codes", { password: "password-1" });
    expect(byPassword.status).toBe(200);
    expect(byPassword.json.recoveryCodes).toHaveLength(10);
    expect((await signInWith("regen@example.com", codes[0])).status).toBe(401);
    const byCode = await http.post("/api/auth/recovery-codes", { code: nextStepCode(secret) });
    expect(byCode.status).toBe(200);
    expect((await signInWith("regen@example.com", byPassword.json.recoveryCodes[0])).status).toBe(401);
    expect((await signInWith("regen@example.com", byCode.json.recoveryCodes[0])).status).toBe(200);
    expect((await new HttpClient(app.url).post("/api/auth/recovery-codes", { password: "password-1" })).status).toBe(401);
    const without = await signedIn(app, { email: "no-2fa@example.com", password: "password-1" });
    expect((await without.post("/api/auth/recovery-codes", { password: "password-1" })).status).toBe(400);
  });
});

describe("require 2FA for every account", () => {
  test("off by default; an admin turns it on in the settings; users without 2FA may only enrol, read /me and sign out", async () => {
    const admin = new HttpClient(app.url);
    await admin.signIn("admin@test.local", "Admin-password-1");
    // The admin enrols first, so the setting does not lock them out of the settings.
    const { secret } = (await admin.post("/api/auth/setup-2fa")).json;
    expect((await admin.post("/api/auth/verify-2fa", { code: totpCode(secret) })).status).toBe(200);
    const settings = (await admin.get("/api/admin/settings")).json;
    expect(settings.requireTwoFactor).toBe(false);
    const plain = await signedIn(app, { email: "plain@example.com", password: "password-1" });
    expect((await plain.get("/api/searches")).status).toBe(200);

    expect((await admin.post("/api/admin/settings", { ...settings, requireTwoFactor: true })).status).toBe(200);
    expect((await admin.get("/api/admin/settings")).json.requireTwoFactor).toBe(true);
    // A payload without the field leaves it as it is.
    expect((await admin.post("/api/admin/settings", settings)).status).toBe(200);
    expect((await admin.get("/api/admin/settings")).json.requireTwoFactor).toBe(true);

    const refused = await plain.get("/api/searches");
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe("two_factor_required");
    expect((await plain.post("/api/auth/update-languages", { profileLanguage: "de", reportLanguage: "de" })).status).toBe(403);
    const me = await plain.get("/api/auth/me");
    expect(me.status).toBe(200);
    expect(me.json.twoFactorSetupRequired).toBe(true);
    const login = await new HttpClient(app.url).post("/api/auth/login", { email: "plain@example.com", password: "password-1" });
    expect(login.json.user.twoFactorSetupRequired).toBe(true);

    const setup = await plain.post("/api/auth/setup-2fa");
    expect(setup.status).toBe(200);
    expect((await plain.post("/api/auth/verify-2fa", { code: totpCode(setup.json.secret) })).status).toBe(200);
    expect((await plain.get("/api/searches")).status).toBe(200);
    expect((await plain.get("/api/auth/me")).json.twoFactorSetupRequired).toBe(false);
    // Signed-out calls are unaffected, and so is signing out.
    const other = await signedIn(app, { email: "leaving@example.com", password: "password-1" });
    expect((await other.post("/api/auth/logout")).status).toBe(200);

    expect((await admin.post("/api/admin/settings", { ...settings, requireTwoFactor: false })).status).toBe(200);
  });
});
