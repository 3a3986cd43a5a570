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

describe("duecheck orgs: the instance administrator's commands", () => {
  let created: string;

  test("set-cap and settings: the member's cap and the team settings, set and shown; bad values refused with nothing changed", async () => {
    const capped = await cli("orgs", "set-cap", ben.organisationId, "ben@example.com", "40", "--json");
    expect(capped.code).toBe(0);
    expect(JSON.parse(capped.stdout)).toMatchObject({ email: "ben@example.com", monthlyCreditCap: 40, spentThisMonth: 0 });
    expect((await cli("orgs", "set-cap", ben.organisationId, "ben@example.com", "none")).stdout).toContain("ben@example.com has no monthly cap now.");
    const bad = await cli("orgs", "set-cap", ben.organisationId, "ben@example.com", "-3");
    expect([bad.code, bad.stderr.trim()]).toEqual([1, "duecheck: The cap must be a whole number of credits from 0, or none, got '-3'"]);
    const elsewhere = await cli("orgs", "set-cap", ann.organisationId, "ben@example.com", "10");
    expect([elsewhere.code, elsewhere.stderr.includes("Member not found")]).toEqual([1, true]);
    const [row] = await app.db.select({ cap: schema.users.monthlyCreditCap }).from(schema.users).where(eq(schema.users.id, ben.id));
    expect(row.cap).toBeNull();

    const changed = await cli("orgs", "settings", ben.organisationId, "--members-see-team", "off", "--four-eyes", "on");
    expect(changed.stdout).toContain("Members see each other's screenings: off. Four-eyes review: on.");
    const shown = JSON.parse((await cli("orgs", "settings", ben.organisationId, "--four-eyes", "instance", "--json")).stdout);
    expect(shown).toEqual({ membersSeeTeam: false, fourEyes: null, requireTwoFactor: null, retentionYears: null, country: null });
    const country = JSON.parse((await cli("orgs", "settings", ben.organisationId, "--country", "de", "--json")).stdout);
    expect(country.country).toBe("DE");
    expect(JSON.parse((await cli("orgs", "settings", ben.organisationId, "--country", "none", "--json")).stdout).country).toBeNull();
    const refused = await cli("orgs", "settings", ben.organisationId, "--four-eyes", "maybe");
    expect([refused.code, refused.stderr.trim()]).toEqual([1, "duecheck: --four-eyes must be on, off, instance, got 'maybe'"]);
  });

  test("settings: --require-2fa and --retention-years, never below the instance's minimum", async () => {
    const tightened = await cli("orgs", "settings", ben.organisationId, "--require-2fa", "on", "--retention-years", "8");
    expect([tightened.code, tightened.stdout]).toEqual([0, expect.stringContaining("Require 2FA: on. Retention: 8 years.")]);
    const short = await cli("orgs", "settings", ben.organisationId, "--retention-years", "2");
    expect([short.code, short.stderr.trim()]).toEqual([
      1,
      "duecheck: retentionYears must be at least 5, the minimum retention of this installation (or null to follow it)",
    ]);
    const bad = await cli("orgs", "settings", ben.organisationId, "--retention-years", "ten");
    expect([bad.code, bad.stderr.trim()]).toEqual([1, "duecheck: --retention-years must be a whole number of years, instance, got 'ten'"]);
    expect((await cli("orgs", "settings", ben.organisationId, "--require-2fa", "maybe")).stderr.trim()).toBe(
      "duecheck: --require-2fa must be on, off, instance, got 'maybe'",
    );
    const [row] = await app.db
      .select({ requireTwoFactor: schema.organisations.requireTwoFactor, retentionYears: schema.organisations.retentionYears })
      .from(schema.organisations)
      .where(eq(schema.organisations.id, ben.organisationId));
    expect(row).toEqual({ requireTwoFactor: true, retentionYears: 8 });
    const back = JSON.parse((await cli("orgs", "settings", ben.organisationId, "--require-2fa", "instance", "--retention-years", "instance", "--json")).stdout);
    expect(back).toMatchObject({ requireTwoFactor: null, retentionYears: null });
  });

  test("audit --org: the operator reads one organisation's entries; without it the whole log", async () => {
    const one = JSON.parse((await cli("audit", "--org", ben.organisationId, "--limit", "100", "--json")).stdout).items;
    expect(one.length).toBeGreaterThan(0);
    expect(new Set(one.map((e: { organisationId: string }) => e.organisationId))).toEqual(new Set([ben.organisationId]));
    expect(one.map((e: { action: string }) => e.action)).toContain("organisation.settings_changed");
    const all = JSON.parse((await cli("audit", "--limit", "100", "--json")).stdout).items;
    expect(new Set(all.map((e: { organisationId: string }) => e.organisationId)).size).toBeGreaterThan(1);
    const unknown = await cli("audit", "--org", "7b0e6f7e-0000-4000-8000-000000000000");
    expect([unknown.code, unknown.stderr.includes("Organisation not found")]).toEqual([1, true]);
  });

  test("create: an unknown owner is invited (the link printed), an existing account moves in as owner", async () => {
    const nameless = await cli("orgs", "create", "--name", "Delta Partners", "--owner", "dora@example.com");
    expect(nameless.code).toBe(1);
    expect(nameless.stderr).toContain("give their name");
    const invited = await cli("orgs", "create", "--name", "Delta Partners", "--owner", "dora@example.com", "--owner-name", "Dora Delta");
    expect(invited.code).toBe(0);
    expect(invited.stderr).toContain("dora@example.com is invited as its owner.");
    expect(invited.stdout.trim()).toContain("/reset-password?token=");
    const [dora] = await app.db.select().from(schema.users).where(eq(schema.users.email, "dora@example.com"));
    expect(dora.organisationRole).toBe("owner");

    const moved = await cli("orgs", "create", "--name", "Echo Holdings", "--owner", "ben@example.com", "--json");
    expect(moved.code).toBe(0);
    const result = JSON.parse(moved.stdout);
    expect(result).toMatchObject({
      organisation: { name: "Echo Holdings", members: 1, credits: 0 },
      owner: { email: "ben@example.com", moved: true },
      invitationLink: null,
    });
    created = result.organisation.id;
    const [audit] = await app.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, "organisation.created"));
    expect(audit).toMatchObject({ actorKind: "cli", targetType: "organisation" });
  });

  test("add-credits: exactly the amount to the organisation's pool, audited as the CLI; a bad amount is refused", async () => {
    const added = await cli("orgs", "add-credits", created, "40", "--reason", "Pilot project", "--json");
    expect(added.code).toBe(0);
    expect(JSON.parse(added.stdout)).toMatchObject({ balance: 40, organisation: { id: created, credits: 40 } });
    expect((await cli("orgs", "add-credits", created, "2")).stdout).toContain("Added 2 credits to Echo Holdings: the balance is now 42.");
    for (const bad of ["abc", "0", "-3", "1.5"]) expect((await cli("orgs", "add-credits", created, bad)).code).toBe(1);
    const entries = await app.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, "organisation.credits_added"));
    expect(entries.map((e) => e.actorKind)).toEqual(["cli", "cli"]);
  });

  test("suspend stops sign-in; unsuspend lets the members in again", async () => {
    const suspended = await cli("orgs", "suspend", created);
    expect(suspended.code).toBe(0);
    expect(suspended.stdout).toContain("Echo Holdings is suspended");
    const refused = await new HttpClient(app.url).post("/api/auth/login", { email: "ben@example.com", password: "ben-password-1" });
    expect(refused.status).toBe(403);
    expect(refused.json.error).toContain("suspended");
    expect(JSON.parse((await cli("orgs", "show", created, "--json")).stdout).suspendedAt).toEqual(expect.any(String));
    const lifted = await cli("orgs", "unsuspend", created, "--json");
    expect(JSON.parse(lifted.stdout).suspendedAt).toBeNull();
    await new HttpClient(app.url).signIn("ben@example.com", "ben-password-1");
  });

  test("move-user: the user joins with the role; the last owner cannot leave members behind", async () => {
    const last = await cli("orgs", "move-user", "cleo@example.com", created, "--role", "analyst");
    expect(last.code).toBe(1);
    expect(last.stderr).toContain("last owner");
    const moved = await cli("orgs", "move-user", "ann@example.com", created, "--role", "analyst", "--language", "de");
    expect(moved.code).toBe(0);
    expect(moved.stdout).toContain("ann@example.com ist jetzt Analyst in Echo Holdings");
    const [row] = await app.db.select().from(schema.users).where(eq(schema.users.email, "ann@example.com"));
    expect(row).toMatchObject({ organisationId: created, organisationRole: "analyst" });
    expect((await cli("orgs", "move-user", "nobody@example.com", created, "--role", "analyst")).stderr).toContain("No user with the email nobody@example.com");
  });
});
