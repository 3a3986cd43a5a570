/**
 * Changing the account's email address, which is where a password reset goes: a stolen session alone cannot move it.
 * The password (and the second factor when on) is asked, the new address confirms by a link, the old one is told,
 * and the answer never says whether another account holds the new address.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { desc, eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { HttpClient } from "../../support/http-client.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { linkIn, mailingAppEnv, startSmtpServer, type TestSmtpServer, tokenOf } from "../helpers/smtp-server.ts";
import { totpCode } from "../helpers/totp.ts";

let app: TestApp;
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startApp({
    env: { ...mailingAppEnv(smtp), DUECHECK_TRUST_PROXY: "1" },
  });
});
afterAll(async () => {
  await app.stop();
  await smtp.stop();
});

let addressCounter = 0;
/** A client from its own address (the failure throttle counts per address). */
const visitor = () => new HttpClient(app.url, { "x-forwarded-for": `203.0.113.${++addressCounter}` });

const profile = (email: string, extra: Record<string, unknown> = {}) => ({
  fullName: "Nadia Okafor",
  email,
  phoneNumber: "+44 20 7946 0000",
  company: "Okafor Compliance Ltd",
  position: "MLRO",
  ...extra,
});

async function signedIn(email: string) {
  await createUser(app.db, { email, password: "Password-1!" });
  const http = visitor();
  await http.signIn(email, "Password-1!");
  return http;
}

const storedEmail = async (id: string) => (await app.db.select().from(schema.users).where(eq(schema.users.id, id)))[0];

describe("changing the email address with mail configured", () => {
  test("without the current password the change is refused and nothing changes, not even the other fields", async () => {
    const http = await signedIn("stolen@example.com");
    const me = (await http.get("/api/auth/me")).json;
    const res = await http.post("/api/auth/update-profile", profile("attacker@example.net", { fullName: "Someone Else" }));
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("Enter your current password to change your email address");
    const wrong = await http.post("/api/auth/update-profile", profile("attacker@example.net", { currentPassword: "not-it" }));
    expect(wrong.status).toBe(400);
    expect(wrong.json.error).toBe("Current password is incorrect");
    const row = await storedEmail(me.id);
    expect(row.email).toBe("stolen@example.com");
    expect(row.fullName).toBe("Test User");
    expect(smtp.mailsTo("attacker@example.net")).toHaveLength(0);
  });

  test("with the password the new address gets a link, the old one is told, and the address changes only once the link is opened", async () => {
    const http = await signedIn("moving@example.com");
    const res = await http.post("/api/auth/update-profile", profile("Moved@Example.org", { currentPassword: "Password-1!" }));
    expect(res.status).toBe(200);
    expect(res.json.emailChangePending).toBe("moved@example.org");
    expect(res.json.user.email).toBe("moving@example.com");
    expect(res.json.user.fullName).toBe("Nadia Okafor");

    const notice = await smtp.nextMailTo("moving@example.com");
    expect(notice.subject).toBe("Your duecheck email address is being changed");
    expect(notice.text).toContain("moved@example.org");
    const mail = await smtp.nextMailTo("moved@example.org");
    expect(mail.subject).toBe("Confirm your new email address for duecheck");
    const link = linkIn(mail);
    expect(link).toStartWith(`${app.url}/confirm-email?token=`);

    // Until the link is opened, the reset link of the old address works and the new one knows no account.
    expect((await http.get("/api/auth/me")).json.email).toBe("moving@example.com");
    expect((await visitor().post("/api/auth/login", { email: "moved@example.org", password: "Password-1!" })).status).toBe(401);

    const confirmed = await visitor().post("/api/auth/confirm-email", { token: tokenOf(link) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toEqual({ success: true, alreadyConfirmed: false, email: "moved@example.org" });
    const me = (await http.get("/api/auth/me")).json;
    expect(me.email).toBe("moved@example.org");
    expect(me.emailVerified).toBe(true);
    const again = await visitor().post("/api/auth/confirm-email", { token: tokenOf(link) });
    expect(again.json).toEqual({ success: true, alreadyConfirmed: true, email: "moved@example.org" });

    const [audit] = await app.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, "user.email_changed")).orderBy(desc(schema.auditLog.id));
    expect(audit.details).toEqual({ from: "moving@example.com", to: "moved@example.org", confirmed: true });
  });

  test("with 2FA on, the change also needs a code", async () => {
    const http = await signedIn("guarded@example.com");
    const setup = (await http.post("/api/auth/setup-2fa")).json;
    expect((await http.post("/api/auth/verify-2fa", { code: totpCode(setup.secret) })).status).toBe(200);
    const noCode = await http.post("/api/auth/update-profile", profile("guarded-new@example.com", { currentPassword: "Password-1!" }));
    expect(noCode.status).toBe(400);
    expect(noCode.json.error).toBe("Enter a code from your authenticator app to change your email address");
    const badCode = await http.post(
      "/api/auth/update-profile",
      profile("guarded-new@example.com", { currentPassword: "Password-1!", twoFactorCode: "000000" }),
    );
    expect(badCode.json.error).toBe("Invalid verification code");
    // The code of the next step: the enrolment consumed the current one.
    const ok = await http.post(
      "/api/auth/update-profile",
      profile("guarded-new@example.com", { currentPassword: "Password-1!", twoFactorCode: totpCode(setup.secret, Date.now() + 30_000) }),
    );
    expect(ok.status).toBe(200);
    expect(ok.json.emailChangePending).toBe("guarded-new@example.com");
  });

  test("another account's address gets the same answer as a free one, and no link", async () => {
    await createUser(app.db, { email: "taken@example.com", password: "Password-1!" });
    const http = await signedIn("prober@example.com");
    const taken = await http.post("/api/auth/update-profile", profile("taken@example.com", { currentPassword: "Password-1!" }));
    const free = await http.post("/api/auth/update-profile", profile("free@example.com", { currentPassword: "Password-1!" }));
    expect(taken.status).toBe(200);
    expect(free.status).toBe(200);
    expect({ ...taken.json, emailChangePending: null }).toEqual({ ...free.json, emailChangePending: null });
    await smtp.nextMailTo("free@example.com");
    await Bun.sleep(300);
    expect(smtp.mailsTo("taken@example.com")).toHaveLength(0);
  });

  test("an address taken meanwhile is refused when the link is opened, and the account keeps its own", async () => {
    const http = await signedIn("slow@example.com");
    await http.post("/api/auth/update-profile", profile("contested@example.com", { currentPassword: "Password-1!" }));
    const link = linkIn(await smtp.nextMailTo("contested@example.com"));
    await createUser(app.db, { email: "contested@example.com", password: "Password-1!" });
    const res = await visitor().post("/api/auth/confirm-email", { token: tokenOf(link) });
    expect(res.status).toBe(409);
    expect((await http.get("/api/auth/me")).json.email).toBe("slow@example.com");
  });

  test("the other fields change at once without the password", async () => {
    const http = await signedIn("details@example.com");
    const res = await http.post("/api/auth/update-profile", profile("details@example.com", { position: "Head of Financial Crime" }));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ emailChangePending: null, user: { position: "Head of Financial Crime", email: "details@example.com" } });
  });
});

describe("changing the email address without mail", () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await startApp();
  });
  afterAll(async () => {
    await plain.stop();
  });

  test("the password is still asked; the change takes effect at once, unconfirmed", async () => {
    await createUser(plain.db, { email: "nomail@example.com", password: "Password-1!" });
    await plain.db.update(schema.users).set({ emailVerified: true }).where(eq(schema.users.email, "nomail@example.com"));
    const http = new HttpClient(plain.url);
    await http.signIn("nomail@example.com", "Password-1!");
    expect((await http.post("/api/auth/update-profile", profile("nomail-new@example.com"))).status).toBe(400);
    const res = await http.post("/api/auth/update-profile", profile("nomail-new@example.com", { currentPassword: "Password-1!" }));
    expect(res.status).toBe(200);
    expect(res.json.emailChangePending).toBeNull();
    expect(res.json.user).toMatchObject({ email: "nomail-new@example.com", emailVerified: false });
  });
});
