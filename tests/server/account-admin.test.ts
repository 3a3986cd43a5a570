/** Users in the web admin without SMTP: create, invite (link shown), reset links, 2FA reset, roles; who may do it. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { desc, eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { HttpClient } from "../../support/http-client.ts";
import { createUser, signedIn, startApp, type TestApp } from "../helpers/app.ts";
import { totpCode } from "../helpers/totp.ts";

let app: TestApp;
let admin: HttpClient;
beforeAll(async () => {
  app = await startApp();
  admin = new HttpClient(app.url);
  await admin.signIn("admin@test.local", "Admin-password-1");
});
afterAll(() => app.stop());

const auditOf = async (action: string) => app.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, action)).orderBy(desc(schema.auditLog.id));
const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

describe("creating users in the admin", () => {
  test("with an initial password and a role: the user signs in with it, has the welcome credits, and it is audited", async () => {
    const res = await admin.post("/api/admin/users", { email: "Carl@Example.com", fullName: "Carl Created", role: "auditor", password: "carl-password-1" });
    expect(res.status).toBe(201);
    expect(res.json.invitation).toBeNull();
    expect(res.json.user).toMatchObject({ email: "carl@example.com", fullName: "Carl Created", role: "auditor", credits: 25, twoFactorEnabled: false });
    const user = await new HttpClient(app.url).signIn("carl@example.com", "carl-password-1");
    expect(user.role).toBe("auditor");
    const [audit] = await auditOf("admin.user_created");
    expect(audit.targetId).toBe(res.json.user.id);
    expect((await admin.post("/api/admin/users", { email: "carl@example.com", fullName: "Again", password: "carl-password-1" })).status).toBe(409);
  });

  test("an invitation without SMTP shows a one-time link (7 days) where the invitee sets the password", async () => {
    const res = await admin.post("/api/admin/users", { email: "ivy@example.com", fullName: "Ivy Invited", invite: true });
    expect(res.status).toBe(201);
    expect(res.json.user.role).toBe("user");
    expect(res.json.invitation.mailed).toBe(false);
    expect(res.json.invitation.link).toStartWith(`${app.url}/reset-password?token=`);
    const days = (Date.parse(res.json.invitation.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    const token = tokenOf(res.json.invitation.link);
    expect((await new HttpClient(app.url).post("/api/auth/reset-password", { token, password: "ivy-password-1" })).status).toBe(200);
    await new HttpClient(app.url).signIn("ivy@example.com", "ivy-password-1");
    expect((await new HttpClient(app.url).post("/api/auth/reset-password", { token, password: "ivy-password-2" })).status).toBe(400);
  });

  test("bad input is refused and creates nothing", async () => {
    const before = await app.db.$count(schema.users);
    for (const body of [
      { email: "x@example.com", fullName: "X" },
      { email: "x@example.com", fullName: "X", password: "password-1", invite: true },
      { email: "x@example.com", fullName: "X", password: "short" },
      { email: "not-an-email", fullName: "X", invite: true },
      { email: "x@example.com", fullName: "X", invite: true, role: "owner" },
      { email: "x@example.com", fullName: "X", invite: true, credits: 100 },
    ]) {
      expect((await admin.post("/api/admin/users", body)).status).toBe(400);
    }
    expect(await app.db.$count(schema.users)).toBe(before);
  });

  test("signed out is 401", async () => {
    expect((await new HttpClient(app.url).post("/api/admin/users", { email: "nope@example.com", fullName: "Nope", invite: true })).status).toBe(401);
  });

  for (const role of ["user", "reviewer", "auditor"] as const) {
    test(`a ${role} is refused with 403`, async () => {
      const http = await signedIn(app, { email: `${role}-caller@example.com`, password: "password-1", role });
      expect((await http.post("/api/admin/users", { email: "nope@example.com", fullName: "Nope", invite: true })).status).toBe(403);
      const [target] = await app.db.select().from(schema.users).where(eq(schema.users.email, "admin@test.local"));
      expect((await http.post(`/api/admin/users/${target.id}/reset-link`)).status).toBe(403);
      expect((await http.post(`/api/admin/users/${target.id}/reset-2fa`)).status).toBe(403);
    });
  }

  test("roles are set in the admin: user, reviewer, admin, auditor", async () => {
    const created = (await admin.post("/api/admin/users", { email: "rolling@example.com", fullName: "Rolling", password: "password-1" })).json.user;
    for (const role of ["reviewer", "admin", "auditor", "user"]) {
      const res = await admin.put(`/api/admin/users/${created.id}`, { fullName: "Rolling", company: "Acme", position: "Analyst", role });
      expect(res.status).toBe(200);
      expect(res.json.role).toBe(role);
    }
  });
});

describe("admin reset links and 2FA reset", () => {
  test("without SMTP, forgot-password says to ask an administrator", async () => {
    expect((await new HttpClient(app.url).get("/api/auth/options")).json).toEqual({ mail: false });
    const forgot = await new HttpClient(app.url).post("/api/auth/forgot-password", { email: "dora@example.com" });
    expect(forgot.status).toBe(409);
    expect(forgot.json.error).toBe("Password reset by email is not available: ask an administrator for a reset link");
  });

  test("the admin's link resets once and ends the user's sessions only", async () => {
    const dora = await createUser(app.db, { email: "dora@example.com", password: "old-password-1" });
    const doraSession = new HttpClient(app.url);
    await doraSession.signIn("dora@example.com", "old-password-1");

    const res = await admin.post(`/api/admin/users/${dora.id}/reset-link`);
    expect(res.status).toBe(201);
    expect(res.json.mailed).toBe(false);
    expect(res.json.link).toStartWith(`${app.url}/reset-password?token=`);
    const token = tokenOf(res.json.link);
    expect((await new HttpClient(app.url).post("/api/auth/reset-password", { token, password: "new-password-2" })).status).toBe(200);
    expect((await doraSession.get("/api/auth/me")).status).toBe(401);
    // The admin's own session is untouched.
    expect((await admin.get("/api/auth/me")).status).toBe(200);
    expect((await new HttpClient(app.url).post("/api/auth/reset-password", { token, password: "new-password-3" })).status).toBe(400);
    expect((await auditOf("admin.password_reset_link_created"))[0].targetId).toBe(dora.id);
  });

  test("an unknown user is 404", async () => {
    expect((await admin.post("/api/admin/users/00000000-0000-0000-0000-000000000000/reset-link")).status).toBe(404);
    expect((await admin.post("/api/admin/users/not-a-uuid/reset-link")).status).toBe(404);
    expect((await admin.post("/api/admin/users/not-a-uuid/reset-2fa")).status).toBe(404);
  });

  test("an admin resets a user's 2FA: the password alone signs in, recovery codes are gone, it is audited; the 2FA column shows it", async () => {
    const user = await createUser(app.db, { email: "lost-phone@example.com", password: "password-1" });
    const http = new HttpClient(app.url);
    await http.signIn("lost-phone@example.com", "password-1");
    const { secret } = (await http.post("/api/auth/setup-2fa")).json;
    expect((await http.post("/api/auth/verify-2fa", { code: totpCode(secret) })).status).toBe(200);
    const listed = (await admin.get("/api/admin/users?q=lost-phone")).json.items[0];
    expect(listed.twoFactorEnabled).toBe(true);

    const res = await admin.post(`/api/admin/users/${user.id}/reset-2fa`);
    expect(res.status).toBe(200);
    expect(res.json.twoFactorEnabled).toBe(false);
    expect((await admin.get("/api/admin/users?q=lost-phone")).json.items[0].twoFactorEnabled).toBe(false);
    expect(await app.db.$count(schema.twoFactorRecoveryCodes, eq(schema.twoFactorRecoveryCodes.userId, user.id))).toBe(0);
    const login = await new HttpClient(app.url).post("/api/auth/login", { email: "lost-phone@example.com", password: "password-1" });
    expect(login.json.user.email).toBe("lost-phone@example.com");
    const [audit] = await auditOf("admin.user_2fa_reset");
    expect(audit.targetId).toBe(user.id);
    expect(audit.actorKind).toBe("admin");
  });
});
