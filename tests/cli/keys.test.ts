/**
 * `duecheck keys` on a server's database: create (the key once, with its scopes), list (masked, scopes, expiry, last
 * use and address), rotate (the old secret works for the grace period), revoke, and refusals that change nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { HttpClient } from "../../support/http-client.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { runCli } from "../helpers/cli.ts";

const USER = "cli-keys@example.com";
let app: TestApp;
beforeAll(async () => {
  app = await startApp();
  await createUser(app.db, { email: USER, password: "password-1" });
  await createUser(app.db, { email: "other-keys@example.com", password: "password-1" });
}, 60_000);
afterAll(() => app.stop());

const cli = (...args: string[]) => runCli(["keys", ...args], app.env);
const bearer = (key: string) => new HttpClient(app.url, { authorization: `Bearer ${key}` });
const keysOf = async (email: string) => {
  const [user] = await app.db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, email));
  return app.db.select().from(schema.apiKeys).where(eq(schema.apiKeys.userId, user.id));
};

describe("duecheck keys", () => {
  test("create prints the key once with its scopes; it works over the API; list shows its use; revoke ends it", async () => {
    const created = await cli("create", "Nightly batch", "--scopes", "read,monitor", "--user", USER);
    expect(created.code).toBe(0);
    const key = /Key: (dck_\S+)/.exec(created.stdout)?.[1];
    expect(key).toMatch(/^dck_[a-z2-7]{32}$/);
    expect(created.stdout).toContain("Scopes: read, monitor");
    expect(created.stdout).toContain("Store the key now: it is not shown again.");
    const id = /API key (\S+) created: Nightly batch/.exec(created.stdout)![1];

    // It reads, and does not screen.
    expect((await bearer(key!).get("/api/v1/monitoring/entities")).status).toBe(200);
    expect((await bearer(key!).post("/api/v1/search?wait=0", { searchTerm: "Ivan Petrov", entityType: "person" })).status).toBe(403);

    const [listed] = JSON.parse((await cli("list", "--user", USER, "--json")).stdout);
    expect(listed).toMatchObject({ id, name: "Nightly batch", scopes: ["read", "monitor"], expiresAt: null, usageCount: 2, lastUsedIp: "127.0.0.1" });
    expect(listed.key).not.toContain(key!.slice(12));
    const table = await cli("list", "--user", USER);
    expect(table.stdout).toContain("read,monitor");
    expect(table.stdout).toContain("127.0.0.1");

    const [audited] = await app.db.select().from(schema.auditLog).where(eq(schema.auditLog.targetId, id));
    expect(audited).toMatchObject({ action: "api_key.created", actorKind: "cli" });

    expect((await cli("revoke", id, "--user", USER)).stdout).toContain(`API key ${id} revoked`);
    expect((await bearer(key!).get("/api/v1/monitoring/entities")).status).toBe(401);
  });

  test("rotate prints the new key; the old one works for the grace period, and with none stops at once", async () => {
    const made = JSON.parse((await cli("create", "CRM", "--user", USER, "--json")).stdout);
    expect(made.scopes).toEqual(["screen", "read"]);
    const rotated = await cli("rotate", made.id, "--user", USER, "--json");
    expect(rotated.code).toBe(0);
    const next = JSON.parse(rotated.stdout);
    expect(next).toMatchObject({ name: "CRM", scopes: ["screen", "read"] });
    expect((await bearer(made.key).get("/api/v1/monitoring/entities")).status).toBe(200);
    const list = await cli("list", "--user", USER);
    expect(list.stdout).toMatch(/rotated, works until \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);

    const again = await cli("rotate", next.id, "--grace-hours", "0", "--user", USER);
    expect(again.code).toBe(0);
    expect((await bearer(next.key).get("/api/v1/monitoring/entities")).status).toBe(401);
  });

  test("bad input says what is wrong and changes nothing; another user's key is not found", async () => {
    const before = (await keysOf(USER)).length;
    const unknown = await cli("create", "Typo", "--scopes", "screen,decide", "--user", USER);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("--scopes must be a comma-separated list of screen, read, review, monitor, admin, got 'screen,decide'");
    const admin = await cli("create", "Escalation", "--scopes", "admin", "--user", USER);
    expect(admin.code).toBe(1);
    expect(admin.stderr).toContain("Only instance admins can make keys with the admin scope");
    const past = await cli("create", "Old", "--expires", "2020-01-01", "--user", USER);
    expect(past.stderr).toContain("expiresAt must be in the future");
    expect((await keysOf(USER)).length).toBe(before);

    const theirs = JSON.parse((await cli("create", "Theirs", "--user", "other-keys@example.com", "--json")).stdout);
    const rotate = await cli("rotate", theirs.id, "--user", USER);
    expect(rotate.code).toBe(1);
    expect(rotate.stderr).toContain(`No API key ${theirs.id} of this user`);
    expect((await cli("rotate", theirs.id, "--grace-hours", "200", "--user", "other-keys@example.com")).stderr).toContain(
      "--grace-hours must be a whole number from 0 to 168, got '200'",
    );
    expect((await cli("revoke", theirs.id, "--user", USER)).code).toBe(1);
    expect((await keysOf("other-keys@example.com"))[0].replacedById).toBeNull();
  });

  test("the words follow --language", async () => {
    const created = await cli("create", "Abgleich", "--user", USER, "--language", "de");
    expect(created.stdout).toContain("Speichern Sie den Schlüssel jetzt");
    expect(created.stdout).toContain("Berechtigungen: screen, read");
  });
});
