/** `duecheck admin`, `users` (administration), `settings` and `audit` as a separate process on a server's database. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { HttpClient } from "../../support/http-client.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { runCli } from "../helpers/cli.ts";

let app: TestApp;
let ann: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  app = await startApp();
  ann = await createUser(app.db, { email: "ann@example.com", password: "ann-password-1", fullName: "Ann Archer" });
  await createUser(app.db, { email: "ben@example.com", password: "ben-password-1", fullName: "Ben Baker" });
  await app.db.insert(schema.searches).values([
    {
      userId: ann.id,
      organisationId: ann.organisationId,
      searchTerm: "Old Shipping Ltd",
      status: "completed",
      riskLevel: "low",
      creditsUsed: 10,
      createdAt: new Date("2026-01-05T10:00:00Z"),
      results: { sanctionsList: [], adverseMedia: [] },
    },
    {
      userId: ann.id,
      organisationId: ann.organisationId,
      searchTerm: "Viktor Novak",
      status: "completed",
      riskLevel: "high",
      creditsUsed: 10,
      results: { sanctionsList: [{ match: true }], adverseMedia: [{ title: "x" }] },
    },
  ]);
}, 60_000);
afterAll(() => app.stop());

const cli = (...args: string[]) => runCli(args, app.env);
const stored = async (email: string) => (await app.db.select().from(schema.users).where(eq(schema.users.email, email)))[0];

describe("duecheck users (administration)", () => {
  test("show, edit, set-role and back, each audited as the CLI", async () => {
    const shown = await cli("users", "show", "ann@example.com");
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/NAME\s+Ann Archer/);
    expect(shown.stdout).toMatch(/Company\s+Acme Compliance/);
    expect(JSON.parse((await cli("users", "show", "ann@example.com", "--json")).stdout)).toMatchObject({
      email: "ann@example.com",
      role: "user",
      credits: 25,
      isActive: true,
    });

    const edited = await cli("users", "edit", "ann@example.com", "--company", "Archer Risk", "--language", "es");
    expect(edited.stdout).toContain("ann@example.com actualizado.");
    expect(await stored("ann@example.com")).toMatchObject({ company: "Archer Risk", fullName: "Ann Archer", position: "Analyst" });
    const [audit] = await app.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, "admin.user_updated"));
    expect(audit).toMatchObject({ actorKind: "cli", targetId: ann.id, details: { before: { company: "Acme Compliance" }, after: { company: "Archer Risk" } } });

    expect((await cli("users", "set-role", "ann@example.com", "admin")).stdout).toContain("ann@example.com is now admin.");
    expect((await stored("ann@example.com")).role).toBe("admin");
    expect((await cli("users", "set-role", "ann@example.com", "user")).code).toBe(0);
    const bad = await cli("users", "set-role", "ann@example.com", "owner");
    expect({ code: bad.code, stderr: bad.stderr.trim() }).toEqual({ code: 1, stderr: "duecheck: role must be user, reviewer, admin or auditor" });
    expect((await cli("users", "edit", "ann@example.com")).code).toBe(1);
    expect((await cli("users", "edit", "ann@example.com", "--name", "Eve\u0001Control")).stderr.trim()).toBe(
      "duecheck: fullName must not contain control characters or unpaired surrogates",
    );
    expect((await cli("users", "show", "nobody@example.com")).stderr).toContain("No user with email nobody@example.com");
  });

  test("deactivate ends the sessions at once; activate lets the user in; the last admin is kept", async () => {
    const ben = new HttpClient(app.url);
    await ben.signIn("ben@example.com", "ben-password-1");
    const off = await cli("users", "deactivate", "ben@example.com", "--language", "de");
    expect(off.stdout).toContain("ben@example.com deaktiviert");
    expect((await ben.get("/api/auth/me")).status).toBe(401);
    expect((await cli("users", "activate", "ben@example.com")).stdout).toContain("Activated ben@example.com.");
    await ben.signIn("ben@example.com", "ben-password-1");

    const last = await cli("users", "deactivate", "admin@test.local");
    expect(last.code).toBe(1);
    expect(last.stderr).toContain("last active administrator");
    expect((await cli("users", "set-role", "admin@test.local", "user")).code).toBe(1);
    expect(await stored("admin@test.local")).toMatchObject({ role: "admin", isActive: true });
  });
});

describe("duecheck admin", () => {
  test("stats: the dashboard's figures, as JSON too", async () => {
    const res = await cli("admin", "stats");
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/Users\s+3/);
    expect(res.stdout).toMatch(/Searches\s+2/);
    expect(JSON.parse((await cli("admin", "stats", "--json")).stdout)).toMatchObject({ totalUsers: 3, totalSearches: 2, searchesToday: 1 });
    expect((await cli("admin", "stats", "--language", "fr")).stdout).toMatch(/Recherches aujourd'hui\s+1/);
  });

  test("searches: everyone's, by user, since a date; JSON like the API", async () => {
    const all = await cli("admin", "searches");
    expect(all.stdout).toContain("Searches (2)");
    expect(all.stdout).toMatch(/ann@example.com\s+Viktor Novak\s+no\s+10\s+high\s+1\s+1/);
    expect(all.stdout.indexOf("Viktor Novak")).toBeLessThan(all.stdout.indexOf("Old Shipping Ltd"));
    const since = JSON.parse((await cli("admin", "searches", "--since", "2026-02-01", "--json")).stdout);
    expect(since.items.map((s: { searchTerm: string }) => s.searchTerm)).toEqual(["Viktor Novak"]);
    expect((await cli("admin", "searches", "--user", "ben@example.com")).stdout).toContain("Searches (0)");
    const bad = await cli("admin", "searches", "--since", "yesterday");
    expect(bad.stderr).toContain("--since must be a date");
  });

  test("transactions: by type and user", async () => {
    await cli("credits", "add", "ben@example.com", "15", "--note", "Trial extension");
    const credits = await cli("admin", "transactions", "--type", "admin_credit");
    expect(credits.stdout).toContain("Credit transactions (1)");
    expect(credits.stdout).toMatch(/ben@example.com\s+admin_credit\s+\+15\s+40\s+Trial extension/);
    const anns = JSON.parse((await cli("admin", "transactions", "--user", "ann@example.com", "--json")).stdout);
    expect(anns.items.every((t: { userEmail: string }) => t.userEmail === "ann@example.com")).toBe(true);
    expect((await cli("admin", "transactions", "--type", "gift")).stderr).toContain("type is not a transaction type");
  });
});

describe("duecheck settings and audit", () => {
  test("get and set with the rules; the change is audited and shown newest first by duecheck audit", async () => {
    expect((await cli("settings", "get", "manualSearchCost")).stdout.trim()).toBe("manualSearchCost 10");
    expect((await cli("settings", "set", "manualSearchCost", "15")).stdout).toContain("Saved manualSearchCost.");
    expect(JSON.parse((await cli("settings", "get", "--json")).stdout)).toMatchObject({ manualSearchCost: 15, registrationOpen: true });
    const fraction = await cli("settings", "set", "manualSearchCost", "2.5");
    expect({ code: fraction.code, stderr: fraction.stderr.trim() }).toEqual({
      code: 1,
      stderr: "duecheck: manualSearchCost: manualSearchCost must be a whole number",
    });
    expect(
      (await cli("settings", "set", "creditPackages", '[{"credits":10,"price":5,"popular":true},{"credits":20,"price":9,"popular":true}]')).stderr,
    ).toContain("At most one credit package can be marked popular");
    expect((await cli("settings", "set", "colour", "blue")).stderr).toContain("Unknown setting 'colour'");
    expect((await cli("settings", "set", "registrationOpen", "false")).code).toBe(0);
    expect((await new HttpClient(app.url).post("/api/auth/register", {})).json.error).toBe("Registration is closed");
    await cli("settings", "set", "registrationOpen", "true");

    const audit = await cli("audit", "--limit", "3");
    expect(audit.code).toBe(0);
    const lines = audit.stdout.split("\n").filter((l) => l.includes("admin.settings_updated"));
    expect(lines.length).toBe(3);
    expect(audit.stdout).toMatch(/system\s+admin\.settings_updated/);
    const json = JSON.parse((await cli("audit", "--json", "--limit", "100")).stdout);
    expect(json.items[0]).toMatchObject({
      action: "admin.settings_updated",
      actorKind: "cli",
      details: { before: { registrationOpen: false }, after: { registrationOpen: true } },
    });
    expect(json.items.map((e: { id: number }) => e.id)).toEqual([...json.items.map((e: { id: number }) => e.id)].sort((a: number, b: number) => b - a));
  });

  test("audit --actor: what one admin did over the API", async () => {
    const admin = new HttpClient(app.url);
    await admin.signIn("admin@test.local", "Admin-password-1");
    await admin.post(`/api/admin/users/${ann.id}/credits`, { amount: 5 });
    const mine = await cli("audit", "--actor", "admin@test.local");
    expect(mine.stdout).toMatch(/admin@test.local\s+admin\.credits_added\s+user ann@example.com/);
    expect(mine.stdout).not.toContain("settings_updated");
    expect((await cli("audit", "--since", "2999-01-01")).stdout).toContain("No audit entries.");
  });
});
