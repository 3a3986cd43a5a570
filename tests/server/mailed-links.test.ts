/**
 * Mailed links point at DUECHECK_PUBLIC_URL and nowhere else: a Host or X-Forwarded-Host header cannot send a reset,
 * invitation or confirmation link to another server, and mail without a public address does not start.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { loadConfig } from "../../lib/config.ts";
import { mailerFor } from "../../lib/mail/mailer.ts";
import { HttpClient } from "../../support/http-client.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { validRegistration } from "../helpers/registration.ts";
import { linkIn, startSmtpServer, type TestSmtpServer } from "../helpers/smtp-server.ts";

const PUBLIC = "https://duecheck.example.com/compliance";
let app: TestApp;
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startApp({
    env: { DUECHECK_SMTP_URL: smtp.smtpUrl, DUECHECK_MAIL_FROM: "no-reply@duecheck.test", DUECHECK_PUBLIC_URL: PUBLIC, DUECHECK_TRUST_PROXY: "1" },
  });
});
afterAll(async () => {
  await app.stop();
  await smtp.stop();
});

let addressCounter = 0;
/** A visitor from its own address (the throttles count per address) who names another server in its headers. */
const forger = (headers: Record<string, string>) => new HttpClient(app.url, { "x-forwarded-for": `198.51.100.${++addressCounter}`, ...headers });
const BY_HOST = { host: "evil.example" };
const BY_FORWARDED_HOST = { "x-forwarded-host": "evil.example", "x-forwarded-proto": "http" };

describe("the configuration", () => {
  test("mail without DUECHECK_PUBLIC_URL is refused when the app starts, saying why", () => {
    const mail = { DUECHECK_SMTP_URL: "smtp://127.0.0.1:2525", DUECHECK_MAIL_FROM: "no-reply@duecheck.test" };
    expect(() => loadConfig(mail)).toThrow(
      /^Configuration error: DUECHECK_SMTP_URL needs DUECHECK_PUBLIC_URL: mailed links \(password resets, invitations, email confirmation\) are built from the public address only, never from the request's Host header/,
    );
    expect(() => loadConfig({ ...mail, DUECHECK_PUBLIC_URL: "" })).toThrow(/DUECHECK_SMTP_URL needs DUECHECK_PUBLIC_URL/);
    expect(loadConfig({ ...mail, DUECHECK_PUBLIC_URL: "https://duecheck.example.com/" }).publicUrl).toBe("https://duecheck.example.com");
  });

  test("no mailer exists without the public address, whatever else is set", () => {
    expect(mailerFor({ smtpUrl: "smtp://127.0.0.1:2525", mailFrom: "no-reply@duecheck.test", publicUrl: null })).toBeNull();
  });
});

describe.each([
  ["Host", BY_HOST],
  ["X-Forwarded-Host from a trusted proxy", BY_FORWARDED_HOST],
])("a request naming evil.example in %s", (label, headers) => {
  const who = label.startsWith("Host") ? "host" : "forwarded";

  test("gets a reset link at the public address", async () => {
    const email = `reset-${who}@example.com`;
    await createUser(app.db, { email, password: "old-password-1" });
    expect((await forger(headers).post("/api/auth/forgot-password", { email })).status).toBe(202);
    expect(linkIn(await smtp.nextMailTo(email))).toStartWith(`${PUBLIC}/reset-password?token=`);
  });

  test("registers and gets a confirmation link at the public address", async () => {
    const registration = validRegistration({ email: `confirm-${who}@example.com` });
    expect((await forger(headers).post("/api/auth/register", registration)).status).toBe(201);
    expect(linkIn(await smtp.nextMailTo(registration.email))).toStartWith(`${PUBLIC}/confirm-email?token=`);
  });

  test("an admin's mailed invitation is at the public address", async () => {
    const admin = forger(headers);
    await admin.signIn("admin@test.local", "Admin-password-1");
    const email = `invited-${who}@example.com`;
    const res = await admin.post("/api/admin/users", { email, fullName: "Ida Invited", invite: true });
    expect(res.status).toBe(201);
    expect(res.json.invitation).toMatchObject({ link: null, mailed: true });
    expect(linkIn(await smtp.nextMailTo(email))).toStartWith(`${PUBLIC}/reset-password?token=`);
  });
});
