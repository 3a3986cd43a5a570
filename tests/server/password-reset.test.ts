/** "Forgot password?" with a real SMTP server on 127.0.0.1: the mail, the link, its single use and the throttle. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { desc, eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { HttpClient } from "../../support/http-client.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { linkIn, mailingAppEnv, startSmtpServer, type TestSmtpServer, tokenOf } from "../helpers/smtp-server.ts";

let app: TestApp;
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  // Proxy headers are trusted so that each test can speak from its own client address (the throttle counts per address).
  app = await startApp({
    env: { ...mailingAppEnv(smtp), DUECHECK_TRUST_PROXY: "1" },
  });
});
afterAll(async () => {
  await app.stop();
  await smtp.stop();
});

let addressCounter = 0;
/** A client from its own address, as a distinct visitor. */
const visitor = () => new HttpClient(app.url, { "x-forwarded-for": `198.51.100.${++addressCounter}` });
const auditOf = async (action: string) => app.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, action)).orderBy(desc(schema.auditLog.id));

describe("forgot password", () => {
  test("the options say mail is on; known and unknown addresses get the same answer; only the known one gets a mail", async () => {
    expect((await visitor().get("/api/auth/options")).json).toEqual({ mail: true });
    await createUser(app.db, { email: "known@example.com", password: "old-password-1" });
    const http = visitor();
    const known = await http.post("/api/auth/forgot-password", { email: "Known@Example.com" });
    const unknown = await http.post("/api/auth/forgot-password", { email: "nobody@example.com" });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(unknown.json).toEqual(known.json);
    const mail = await smtp.nextMailTo("known@example.com");
    expect(mail.from).toBe("no-reply@duecheck.test");
    expect(mail.subject).toBe("Reset your duecheck password");
    expect(mail.text).toContain("30 minutes");
    expect(linkIn(mail)).toStartWith(`${app.url}/reset-password?token=`);
    // Give an unknown address's mail, were one sent, the time to arrive.
    await Bun.sleep(300);
    expect(smtp.mailsTo("nobody@example.com")).toHaveLength(0);
    const audits = await auditOf("auth.password_reset_requested");
    expect(audits.map((a) => (a.details as { email: string }).email)).toEqual(expect.arrayContaining(["known@example.com", "nobody@example.com"]));
  });

  test("the link sets the password once, ends every session, and is stored hashed", async () => {
    await createUser(app.db, { email: "reset@example.com", password: "old-password-1" });
    const signedIn = visitor();
    await signedIn.signIn("reset@example.com", "old-password-1");
    const other = visitor();
    await other.signIn("reset@example.com", "old-password-1");
    expect((await signedIn.get("/api/auth/me")).status).toBe(200);

    await visitor().post("/api/auth/forgot-password", { email: "reset@example.com" });
    const token = tokenOf(linkIn(await smtp.nextMailTo("reset@example.com")));
    const stored = await app.db.select().from(schema.accountTokens).where(eq(schema.accountTokens.kind, "password_reset"));
    expect(stored.some((row) => row.tokenHash === token)).toBe(false);
    expect(stored.every((row) => /^[0-9a-f]{64}$/.test(row.tokenHash))).toBe(true);

    const weak = await visitor().post("/api/auth/reset-password", { token, password: "short" });
    expect(weak.status).toBe(400);
    expect(weak.json.error).toBe("Password must be at least 8 characters");

    const ok = await visitor().post("/api/auth/reset-password", { token, password: "new-password-2" });
    expect(ok.status).toBe(200);
    expect((await signedIn.get("/api/auth/me")).status).toBe(401);
    expect((await other.get("/api/auth/me")).status).toBe(401);
    const again = await visitor().post("/api/auth/reset-password", { token, password: "third-password-3" });
    expect(again.status).toBe(400);
    expect(again.json.error).toBe("This link is invalid, has expired or was already used");

    expect((await visitor().post("/api/auth/login", { email: "reset@example.com", password: "old-password-1" })).status).toBe(401);
    await visitor().signIn("reset@example.com", "new-password-2");
    const [audit] = await auditOf("auth.password_reset");
    expect(audit.targetId).toBe((await app.db.select().from(schema.users).where(eq(schema.users.email, "reset@example.com")))[0].id);
  });

  test("a link older than 30 minutes is refused, and a newer link replaces an older one", async () => {
    await createUser(app.db, { email: "late@example.com", password: "old-password-1" });
    await visitor().post("/api/auth/forgot-password", { email: "late@example.com" });
    const first = tokenOf(linkIn(await smtp.nextMailTo("late@example.com")));
    await visitor().post("/api/auth/forgot-password", { email: "late@example.com" });
    const second = tokenOf(linkIn(await smtp.nextMailTo("late@example.com")));
    expect((await visitor().post("/api/auth/reset-password", { token: first, password: "new-password-2" })).status).toBe(400);

    const [row] = await app.db
      .select()
      .from(schema.accountTokens)
      .where(eq(schema.accountTokens.kind, "password_reset"))
      .orderBy(desc(schema.accountTokens.createdAt));
    const minutes = (row.expiresAt.getTime() - row.createdAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(30, 0);
    await app.db
      .update(schema.accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.accountTokens.id, row.id));
    const expired = await visitor().post("/api/auth/reset-password", { token: second, password: "new-password-2" });
    expect(expired.status).toBe(400);
    await visitor().signIn("late@example.com", "old-password-1");
  });

  test("a deactivated account gets no mail", async () => {
    const user = await createUser(app.db, { email: "gone@example.com", password: "old-password-1" });
    await app.db.update(schema.users).set({ isActive: false }).where(eq(schema.users.id, user.id));
    expect((await visitor().post("/api/auth/forgot-password", { email: "gone@example.com" })).status).toBe(202);
    await Bun.sleep(300);
    expect(smtp.mailsTo("gone@example.com")).toHaveLength(0);
  });

  test("requests are throttled per address (5 in 15 minutes) with Retry-After, and bad input changes nothing", async () => {
    const http = visitor();
    for (let i = 0; i < 5; i++) expect((await http.post("/api/auth/forgot-password", { email: `flood${i}@example.com` })).status).toBe(202);
    const refused = await http.post("/api/auth/forgot-password", { email: "flood9@example.com" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await visitor().post("/api/auth/forgot-password", { email: "flood9@example.com" })).status).toBe(202);
    expect((await visitor().post("/api/auth/forgot-password", { email: "not an email" })).status).toBe(400);
    expect((await visitor().post("/api/auth/reset-password", { token: "", password: "new-password-2" })).status).toBe(400);
    expect((await visitor().post("/api/auth/reset-password", { token: "made-up-token", password: "new-password-2" })).status).toBe(400);
  });

  test("requests for one email address are throttled too (3 an hour), whoever asks", async () => {
    for (let i = 0; i < 3; i++) expect((await visitor().post("/api/auth/forgot-password", { email: "target@example.com" })).status).toBe(202);
    expect((await visitor().post("/api/auth/forgot-password", { email: "target@example.com" })).status).toBe(429);
  });
});

describe("invitations by mail", () => {
  test("an admin's invitation is mailed, not shown; the invitee sets a password with it once", async () => {
    const admin = visitor();
    await admin.signIn("admin@test.local", "Admin-password-1");
    const res = await admin.post("/api/admin/users", { email: "invited@example.com", fullName: "Ida Invited", role: "reviewer", invite: true });
    expect(res.status).toBe(201);
    expect(res.json.invitation).toMatchObject({ link: null, mailed: true });
    expect(res.json.user).toMatchObject({ email: "invited@example.com", role: "reviewer", twoFactorEnabled: false });
    const mail = await smtp.nextMailTo("invited@example.com");
    expect(mail.subject).toBe("You are invited to duecheck");
    const token = tokenOf(linkIn(mail));
    expect((await visitor().post("/api/auth/reset-password", { token, password: "invitee-password-1" })).status).toBe(200);
    const user = await visitor().signIn("invited@example.com", "invitee-password-1");
    expect(user.role).toBe("reviewer");
    expect((await visitor().post("/api/auth/reset-password", { token, password: "invitee-password-2" })).status).toBe(400);
    expect((await auditOf("auth.invitation_accepted")).length).toBe(1);
  });
});
