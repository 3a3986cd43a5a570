/**
 * "Forgot password?" must not tell whether an address has an account: the same answer, and the same work before it,
 * since the link is made and mailed after the answer.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { HttpClient } from "../../support/http-client.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { mailingAppEnv, startSmtpServer, type TestSmtpServer } from "../helpers/smtp-server.ts";

let app: TestApp;
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startApp({
    env: { ...mailingAppEnv(smtp), DUECHECK_TRUST_PROXY: "1" },
  });
  for (let i = 0; i < 2; i++) await createUser(app.db, { email: `known${i}@example.com`, password: "Password-1!" });
});
afterAll(async () => {
  await app.stop();
  await smtp.stop();
});

let address = 0;
/** Each request from its own address, so that no throttle answers instead. */
const visitor = () => new HttpClient(app.url, { "x-forwarded-for": `100.64.0.${++address}` });

test("the link is made after the answer: a known address answers as an unknown one even when writing its link fails", async () => {
  // Were the link written before the answer, a known address would take longer (8 ms here), and a failing write
  // would show in its answer. A trigger makes every write of a link fail, so only the answer's path is measured.
  await app.db.execute(
    sql`CREATE FUNCTION refuse_account_tokens() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'link writes refused by the test'; END $$`,
  );
  await app.db.execute(sql`CREATE TRIGGER refuse_account_tokens BEFORE INSERT ON account_tokens FOR EACH ROW EXECUTE FUNCTION refuse_account_tokens()`);
  const failures: string[] = [];
  const logged = console.error;
  console.error = (...args: unknown[]) => void failures.push(args.map(String).join(" "));
  try {
    const known = await visitor().post("/api/auth/forgot-password", { email: "known0@example.com" });
    const unknown = await visitor().post("/api/auth/forgot-password", { email: "nobody@example.com" });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.json).toEqual(unknown.json);
    // The write did run, after the answer, and failed: said in the server's log, not to the client.
    const refusedWrite = () => failures.some((line) => line.includes("password reset failed") && line.includes('insert into "account_tokens"'));
    const deadline = Date.now() + 10_000;
    while (!refusedWrite() && Date.now() < deadline) await Bun.sleep(50);
    expect(refusedWrite()).toBe(true);
  } finally {
    console.error = logged;
    await app.db.execute(sql`DROP TRIGGER refuse_account_tokens ON account_tokens`);
    await app.db.execute(sql`DROP FUNCTION refuse_account_tokens()`);
  }
  await visitor().post("/api/auth/forgot-password", { email: "known1@example.com" });
  expect((await smtp.nextMailTo("known1@example.com")).subject).toBe("Reset your duecheck password");
});
