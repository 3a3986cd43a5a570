/** `duecheck users reset-link` and `reset-2fa` as a separate process on a server's database. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { desc, eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { loadInstanceKey } from "../../lib/auth/instance-key.ts";
import { confirmTwoFactorSetup, startTwoFactorSetup } from "../../lib/auth/two-factor.ts";
import { HttpClient } from "../../support/http-client.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { runCli } from "../helpers/cli.ts";
import { totpCode } from "../helpers/totp.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
}, 60_000);
afterAll(() => app.stop());

/** Each test spawns bin/duecheck and hashes passwords: generous on a machine shared with other test runs. */
const CLI_TEST_MS = 150_000;
const instanceKey = () => loadInstanceKey({ secret: app.config.secret, dataDir: app.config.dataDir });
const stored = async (email: string) => (await app.db.select().from(schema.users).where(eq(schema.users.email, email)))[0];
const auditOf = async (action: string) => app.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, action)).orderBy(desc(schema.auditLog.id));

describe("duecheck users reset-link", () => {
  test(
    "prints a link on DUECHECK_PUBLIC_URL whose token POST /api/auth/reset-password accepts once",
    async () => {
      await createUser(app.db, { email: "cli-reset@example.com", password: "old-password-1" });
      const res = await runCli(["users", "reset-link", "cli-reset@example.com"], { ...app.env, DUECHECK_PUBLIC_URL: `${app.url}/` });
      expect(res.code).toBe(0);
      const link = res.stdout.trim();
      expect(link).toStartWith(`${app.url}/reset-password?token=`);
      expect(res.stderr).toContain("cli-reset@example.com");
      const token = new URL(link).searchParams.get("token");
      const http = new HttpClient(app.url);
      expect((await http.post("/api/auth/reset-password", { token, password: "new-password-2" })).status).toBe(200);
      expect((await http.post("/api/auth/reset-password", { token, password: "new-password-3" })).status).toBe(400);
      await http.signIn("cli-reset@example.com", "new-password-2");
      const [audit] = await auditOf("admin.password_reset_link_created");
      expect(audit.actorKind).toBe("cli");
    },
    CLI_TEST_MS,
  );

  test(
    "without DUECHECK_PUBLIC_URL the link is on http://127.0.0.1:$PORT; an unknown email fails",
    async () => {
      await createUser(app.db, { email: "cli-port@example.com", password: "old-password-1" });
      const res = await runCli(["users", "reset-link", "cli-port@example.com"], { ...app.env, DUECHECK_PUBLIC_URL: "", PORT: "4321" });
      expect(res.code).toBe(0);
      expect(res.stdout.trim()).toStartWith("http://127.0.0.1:4321/reset-password?token=");
      const unknown = await runCli(["users", "reset-link", "nobody@example.com"], app.env);
      expect(unknown.code).not.toBe(0);
      expect(unknown.stdout).toBe("");
    },
    CLI_TEST_MS,
  );
});

describe("duecheck users reset-2fa", () => {
  test(
    "turns 2FA off so the password alone signs in, audited as the CLI",
    async () => {
      const user = await createUser(app.db, { email: "cli-2fa@example.com", password: "password-1" });
      // Enrolled through the library, as the API does it (the API's enrolment is tested in tests/server).
      const setup = await startTwoFactorSetup(app.db, instanceKey(), user);
      await confirmTwoFactorSetup(app.db, instanceKey(), (await stored("cli-2fa@example.com"))!, totpCode(setup.secret));
      expect((await stored("cli-2fa@example.com"))?.twoFactorEnabled).toBe(true);

      const res = await runCli(["users", "reset-2fa", "cli-2fa@example.com"], app.env);
      expect(res.code).toBe(0);
      expect(res.stdout).toContain("cli-2fa@example.com");
      expect((await stored("cli-2fa@example.com"))?.twoFactorEnabled).toBe(false);
      await new HttpClient(app.url).signIn("cli-2fa@example.com", "password-1");
      const [audit] = await auditOf("admin.user_2fa_reset");
      expect(audit.actorKind).toBe("cli");
    },
    CLI_TEST_MS,
  );
});
