/** With SMTP configured, a self-registered account's free credits wait for the confirmation of its email address. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { HttpClient } from "../../support/http-client.ts";
import { startApp, type TestApp } from "../helpers/app.ts";
import { balanceOf } from "../helpers/credits.ts";
import { validRegistration } from "../helpers/registration.ts";
import { linkIn, mailingAppEnv, startSmtpServer, type TestSmtpServer, tokenOf } from "../helpers/smtp-server.ts";

let app: TestApp;
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startApp({ env: mailingAppEnv(smtp) });
});
afterAll(async () => {
  await app.stop();
  await smtp.stop();
});

const welcomeEntries = async (userId: string) =>
  app.db
    .select()
    .from(schema.creditTransactions)
    .where(and(eq(schema.creditTransactions.userId, userId), eq(schema.creditTransactions.type, "credit_bonus")));

describe("email confirmation", () => {
  test("registration mails a link and gives no credits; confirming grants them once, however often the link is used", async () => {
    const http = new HttpClient(app.url);
    const body = validRegistration();
    const res = await http.post("/api/auth/register", body);
    expect(res.status).toBe(201);
    expect(res.json.emailConfirmationSent).toBe(true);
    expect(res.json.user).toMatchObject({ credits: 0, emailVerified: false });
    // With confirmation on, registering signs nobody in: the mailbox is still to be proved.
    expect(res.json.signedIn).toBe(false);
    expect(http.cookies.has("duecheck_session")).toBe(false);
    expect((await http.get("/api/auth/me")).status).toBe(401);
    const mail = await smtp.nextMailTo(body.email as string);
    expect(mail.subject).toBe("Confirm your email address for duecheck");
    const link = linkIn(mail);
    expect(link).toStartWith(`${app.url}/confirm-email?token=`);
    const userId = res.json.user.id as string;
    expect(await welcomeEntries(userId)).toHaveLength(0);

    // Two clicks at once, then a third: the credits are granted once.
    const token = tokenOf(link);
    const [a, b] = await Promise.all([http.post("/api/auth/confirm-email", { token }), http.post("/api/auth/confirm-email", { token })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.json.alreadyConfirmed, b.json.alreadyConfirmed].sort()).toEqual([false, true]);
    const third = await http.post("/api/auth/confirm-email", { token });
    expect(third.json).toEqual({ success: true, alreadyConfirmed: true });

    const entries = await welcomeEntries(userId);
    expect(entries).toHaveLength(1);
    expect(entries[0].amount).toBe(25);
    const [user] = await app.db.select().from(schema.users).where(eq(schema.users.id, userId));
    expect(await balanceOf(app.db, userId)).toBe(25);
    expect(user.emailVerified).toBe(true);
    await http.signIn(body.email as string, body.password as string);
    expect((await http.get("/api/auth/me")).json).toMatchObject({ credits: 25, emailVerified: true });
  });

  test("an unknown or expired link is refused and grants nothing", async () => {
    const http = new HttpClient(app.url);
    const body = validRegistration();
    const res = await http.post("/api/auth/register", body);
    const token = tokenOf(linkIn(await smtp.nextMailTo(body.email as string)));
    expect((await http.post("/api/auth/confirm-email", { token: "not-a-token" })).status).toBe(400);
    await app.db
      .update(schema.accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.accountTokens.userId, res.json.user.id));
    const expired = await http.post("/api/auth/confirm-email", { token });
    expect(expired.status).toBe(400);
    expect(expired.json.error).toBe("This link is invalid, has expired or was already used");
    expect(await welcomeEntries(res.json.user.id)).toHaveLength(0);
  });

  test("accounts an admin creates get their credits at once", async () => {
    const admin = new HttpClient(app.url);
    await admin.signIn("admin@test.local", "Admin-password-1");
    const res = await admin.post("/api/admin/users", { email: "made@example.com", fullName: "Made By Admin", password: "password-1" });
    expect(res.json.user.credits).toBe(25);
  });
});
