/**
 * Accounts an admin creates carry a company, like self-registered ones: over HTTP (POST /api/admin/users, optional,
 * an empty one is none) and with `duecheck users create --company`; the users list shows it.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { HttpClient } from "../../support/http-client.ts";
import { startApp, type TestApp } from "../helpers/app.ts";
import { runCli } from "../helpers/cli.ts";

let app: TestApp;
let admin: HttpClient;
beforeAll(async () => {
  app = await startApp();
  admin = new HttpClient(app.url);
  await admin.signIn("admin@test.local", "Admin-password-1");
});
afterAll(() => app.stop());

const companyOf = async (email: string) => (await app.db.select().from(schema.users).where(eq(schema.users.email, email)))[0]?.company;

describe("the company of an admin-created account", () => {
  test("POST /api/admin/users stores the company and the users list shows it; without one, none", async () => {
    const made = await admin.post("/api/admin/users", { email: "clara@example.com", fullName: "Clara Meyer", company: "Meyer Treuhand AG", invite: true });
    expect(made.status).toBe(201);
    expect(made.json.user).toMatchObject({ email: "clara@example.com", company: "Meyer Treuhand AG" });
    expect(await companyOf("clara@example.com")).toBe("Meyer Treuhand AG");

    const bare = await admin.post("/api/admin/users", { email: "bert@example.com", fullName: "Bert Brand", company: "", password: "Initial-pass-1" });
    expect(bare.status).toBe(201);
    expect(await companyOf("bert@example.com")).toBeNull();

    const list = await admin.get("/api/admin/users?q=clara");
    expect(JSON.stringify(list.json)).toContain("Meyer Treuhand AG");
  });

  test("a company too long is refused and creates nothing", async () => {
    const refused = await admin.post("/api/admin/users", { email: "long@example.com", fullName: "Long Name", company: "x".repeat(201), invite: true });
    expect([refused.status, refused.json.error]).toEqual([400, "company must be at most 200 characters"]);
    expect(await companyOf("long@example.com")).toBeUndefined();
  });

  test("duecheck users create --company", async () => {
    const cli = await runCli(
      ["users", "create", "--email", "dora@example.com", "--password", "Initial-pass-1", "--name", "Dora Diaz", "--company", "Diaz Compliance SL", "--json"],
      app.env,
    );
    expect([cli.code, cli.stderr]).toEqual([0, ""]);
    expect(JSON.parse(cli.stdout)).toMatchObject({ email: "dora@example.com", company: "Diaz Compliance SL" });
    expect(await companyOf("dora@example.com")).toBe("Diaz Compliance SL");
  });
});
