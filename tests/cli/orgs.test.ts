/** `duecheck orgs` as a separate process on a server's database: the operator sees and manages every organisation. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { HttpClient } from "../../support/http-client.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { runCli } from "../helpers/cli.ts";

let app: TestApp;
let ann: Awaited<ReturnType<typeof createUser>>;
let ben: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  app = await startApp();
  ann = await createUser(app.db, { email: "ann@example.com", password: "ann-password-1", fullName: "Ann Archer" });
  ben = await createUser(app.db, { email: "ben@example.com", password: "ben-password-1", fullName: "Ben Baker" });
}, 60_000);
afterAll(() => app.stop());

const cli = (...args: string[]) => runCli(args, app.env);

describe("duecheck orgs", () => {
  test("list: every organisation with its members; show one", async () => {
    const listed = await cli("orgs", "list", "--json");
    expect(listed.code).toBe(0);
    const organisations = JSON.parse(listed.stdout);
    expect(organisations).toHaveLength(3);
    expect(organisations).toContainEqual({ id: ann.organisationId, name: "Acme Compliance", members: 1, createdAt: expect.any(String) });
    expect(organisations).toContainEqual({ id: ben.organisationId, name: "Acme Compliance", members: 1, createdAt: expect.any(String) });
    expect((await cli("orgs", "list")).stdout).toMatch(/NAME\s+MEMBERS/);

    const shown = await cli("orgs", "show", ann.organisationId);
    expect(shown.stdout).toContain(ann.organisationId);
    expect(shown.stdout).toMatch(/MEMBERS\s+1/);
    expect(JSON.parse((await cli("orgs", "show", ann.organisationId, "--json")).stdout)).toMatchObject({ id: ann.organisationId, members: 1 });
    const missing = await cli("orgs", "show", "00000000-0000-0000-0000-000000000000");
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("Organisation not found");
  });

  test("invite prints the link without SMTP; the colleague sets a password with it and joins with the role", async () => {
    const invited = await cli("orgs", "invite", ann.organisationId, "--email", "cleo@example.com", "--name", "Cleo Colleague", "--role", "analyst");
    expect(invited.code).toBe(0);
    expect(invited.stderr).toContain("Invited cleo@example.com as analyst into Acme Compliance.");
    const link = invited.stdout.trim();
    expect(link).toContain("/reset-password?token=");
    const token = new URL(link).searchParams.get("token")!;
    expect((await new HttpClient(app.url).post("/api/auth/reset-password", { token, password: "cleo-password-1" })).status).toBe(200);
    const cleo = new HttpClient(app.url);
    await cleo.signIn("cleo@example.com", "cleo-password-1");
    expect((await cleo.get("/api/auth/me")).json.organisation).toEqual({ id: ann.organisationId, name: "Acme Compliance", role: "analyst" });

    const members = JSON.parse((await cli("orgs", "members", ann.organisationId, "--json")).stdout);
    expect(members.map((m: any) => [m.email, m.role])).toEqual([
      ["cleo@example.com", "analyst"],
      ["ann@example.com", "owner"],
    ]);
    expect((await cli("orgs", "members", ann.organisationId)).stdout).toMatch(/cleo@example\.com\s+Cleo Colleague\s+analyst/);
    const [audit] = await app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, "organisation.member_invited"), eq(schema.auditLog.actorKind, "cli")));
    expect(audit.details).toMatchObject({ organisationId: ann.organisationId, email: "cleo@example.com", role: "analyst" });

    const again = await cli("orgs", "invite", ben.organisationId, "--email", "cleo@example.com", "--name", "Cleo", "--role", "analyst");
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("already exists");
    const badRole = await cli("orgs", "invite", ann.organisationId, "--email", "x@example.com", "--name", "X", "--role", "boss");
    expect(badRole.code).toBe(1);
    expect(badRole.stderr).toContain("Role must be one of owner, admin, analyst, reviewer, auditor");
  });

  test("set-role: the operator grants owner; the last owner keeps it; another organisation's member is not found", async () => {
    const set = await cli("orgs", "set-role", ann.organisationId, "cleo@example.com", "owner");
    expect(set.code).toBe(0);
    expect(set.stdout).toContain("cleo@example.com is now owner in the organisation.");
    expect((await cli("orgs", "set-role", ann.organisationId, "ann@example.com", "admin")).code).toBe(0);
    const last = await cli("orgs", "set-role", ann.organisationId, "cleo@example.com", "auditor");
    expect(last.code).toBe(1);
    expect(last.stderr).toContain("last owner");
    const elsewhere = await cli("orgs", "set-role", ben.organisationId, "cleo@example.com", "admin");
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.stderr).toContain("Member not found");
    const [row] = await app.db.select().from(schema.users).where(eq(schema.users.email, "ann@example.com"));
    expect(row.organisationRole).toBe("admin");
  });
});
