/** 2FA recovery codes, and "require 2FA for every account" enforced on the server. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { desc, eq } from "drizzle-orm";
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

  describe("at the code prompt", () => {
    let codes: string[] = [];
    beforeAll(async () => {
      ({ codes } = await enrol("recover@example.com"));
    });

    test("a recovery code signs in once", async () => {
      const first = await signInWith("recover@example.com", codes[0]);
      expect(first.status).toBe(200);
      expect(first.json.user.email).toBe("recover@example.com");
      const again = await signInWith("recover@example.com", codes[0]);
      expect(again.status).toBe(401);
      expect(again.json.error).toBe("Invalid verification code");
    });

    test("typed in capitals or without the dash it still counts, and its use is audited with the number left", async () => {
      expect((await signInWith("recover@example.com", codes[1].toUpperCase().replace("-", ""))).status).toBe(200);
      const [audit] = await auditOf("auth.recovery_code_used");
      expect(audit.details).toMatchObject({ remaining: 8 });
    });

    test("a made-up code and another user's code are refused", async () => {
      expect((await signInWith("recover@example.com", "aaaaa-aaaaa")).status).toBe(401);
      const other = await enrol("owner-b@example.com");
      expect((await signInWith("recover@example.com", other.codes[0])).status).toBe(401);
    });
  });

  describe("regenerating", () => {
    let enrolled: Awaited<ReturnType<typeof enrol>>;
    let byPassword: string[] = [];
    beforeAll(async () => {
      enrolled = await enrol("regen@example.com");
    });

    test("needs the current password or an authenticator code", async () => {
      const { http, secret } = enrolled;
      expect((await http.post("/api/auth/recovery-codes", {})).status).toBe(400);
      expect((await http.post("/api/auth/recovery-codes", { password: "wrong-password" })).status).toBe(400);
      const res = await http.post("/api/auth/recovery-codes", { password: "password-1" });
      expect(res.status).toBe(200);
      expect(res.json.recoveryCodes).toHaveLength(10);
      byPassword = res.json.recoveryCodes;
      const byCode = await http.post("/api/auth/recovery-codes", { code: nextStepCode(secret) });
      expect(byCode.status).toBe(200);
      expect((await new HttpClient(app.url).post("/api/auth/recovery-codes", { password: "password-1" })).status).toBe(401);
    });

    test("new codes replace the old ones", async () => {
      expect((await signInWith("regen@example.com", enrolled.codes[0])).status).toBe(401);
      expect((await signInWith("regen@example.com", byPassword[0])).status).toBe(401);
    });

    test("without 2FA there are no codes to regenerate", async () => {
      const without = await signedIn(app, { email: "no-2fa@example.com", password: "password-1" });
      expect((await without.post("/api/auth/recovery-codes", { password: "password-1" })).status).toBe(400);
    });
  });
});

describe("require 2FA for every account", () => {
  let admin: HttpClient;
  let plain: HttpClient;
  let settings: Record<string, unknown>;
  beforeAll(async () => {
    admin = new HttpClient(app.url);
    await admin.signIn("admin@test.local", "Admin-password-1");
    // The admin enrols first, so the setting does not lock them out of the settings.
    const { secret } = (await admin.post("/api/auth/setup-2fa")).json;
    expect((await admin.post("/api/auth/verify-2fa", { code: totpCode(secret) })).status).toBe(200);
    plain = await signedIn(app, { email: "plain@example.com", password: "password-1" });
    settings = (await admin.get("/api/admin/settings")).json;
  });

  test("off by default; an admin turns it on; a payload without the field leaves it as it is", async () => {
    expect(settings.requireTwoFactor).toBe(false);
    expect((await plain.get("/api/searches")).status).toBe(200);
    expect((await admin.post("/api/admin/settings", { ...settings, requireTwoFactor: true })).status).toBe(200);
    expect((await admin.get("/api/admin/settings")).json.requireTwoFactor).toBe(true);
    const { requireTwoFactor: _, ...withoutField } = settings;
    expect((await admin.post("/api/admin/settings", withoutField)).status).toBe(200);
    expect((await admin.get("/api/admin/settings")).json.requireTwoFactor).toBe(true);
  });

  test("a session without 2FA gets 403 two_factor_required except for /me, enrolment and sign-out", async () => {
    const refused = await plain.get("/api/searches");
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe("two_factor_required");
    expect((await plain.post("/api/auth/update-languages", { profileLanguage: "de", reportLanguage: "de" })).status).toBe(403);
    const me = await plain.get("/api/auth/me");
    expect(me.status).toBe(200);
    expect(me.json.twoFactorSetupRequired).toBe(true);
    // An enrolled account is not affected.
    expect((await admin.get("/api/admin/stats")).status).toBe(200);
    expect((await admin.get("/api/auth/me")).json.twoFactorSetupRequired).toBe(false);
  });

  test("the sign-in answer says so, and signing out works", async () => {
    const http = new HttpClient(app.url);
    const login = await http.post("/api/auth/login", { email: "plain@example.com", password: "password-1" });
    expect(login.json.user.twoFactorSetupRequired).toBe(true);
    expect((await http.post("/api/auth/logout")).status).toBe(200);
    expect((await http.get("/api/auth/me")).status).toBe(401);
  });

  test("enrolling lifts the refusal; turning the setting off lifts it for everyone", async () => {
    const setup = await plain.post("/api/auth/setup-2fa");
    expect(setup.status).toBe(200);
    expect((await plain.post("/api/auth/verify-2fa", { code: totpCode(setup.json.secret) })).status).toBe(200);
    expect((await plain.get("/api/searches")).status).toBe(200);
    expect((await plain.get("/api/auth/me")).json.twoFactorSetupRequired).toBe(false);
    const other = await signedIn(app, { email: "later@example.com", password: "password-1" });
    expect((await other.get("/api/searches")).status).toBe(403);
    expect((await admin.post("/api/admin/settings", { ...settings, requireTwoFactor: false })).status).toBe(200);
    expect((await other.get("/api/searches")).status).toBe(200);
  });
});
