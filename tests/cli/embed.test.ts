/** `duecheck embed origins` as a separate process on a server's database: add (normalised), list, remove, refusals. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { runCli } from "../helpers/cli.ts";

let app: TestApp;
let ownerId: string;
beforeAll(async () => {
  app = await startApp();
  ownerId = (await createUser(app.db, { email: "cli-embed@example.com", password: "password-1" })).id;
  await createUser(app.db, { email: "other-embed@example.com", password: "password-1" });
}, 60_000);
afterAll(() => app.stop());

const cli = (...args: string[]) => runCli(["embed", "origins", ...args], app.env);
const stored = async () => (await app.db.select().from(schema.embedOrigins).where(eq(schema.embedOrigins.userId, ownerId))).map((r) => r.origin).sort();

describe("duecheck embed origins", () => {
  test("add normalises the origin; list shows it (table and JSON); the server grants CORS to it; remove ends that", async () => {
    const empty = await cli("list", "--user", "cli-embed@example.com");
    expect(empty.code).toBe(0);
    expect(empty.stdout).toContain("No allowed origins yet. Add one with: duecheck embed origins add https://app.example.com");

    const added = await cli("add", "HTTPS://Portal.Example.com:443/", "--user", "cli-embed@example.com");
    expect(added.code).toBe(0);
    expect(added.stdout).toContain("Origin https://portal.example.com allowed");
    expect((await cli("add", "http://localhost:5173", "--user", "cli-embed@example.com")).code).toBe(0);
    expect(await stored()).toEqual(["http://localhost:5173", "https://portal.example.com"]);

    const table = await cli("list", "--user", "cli-embed@example.com");
    expect(table.stdout).toMatch(/ORIGIN\s+ADDED/);
    expect(table.stdout).toContain("https://portal.example.com");
    const json = JSON.parse((await cli("list", "--user", "cli-embed@example.com", "--json")).stdout);
    expect(json.map((o: { origin: string }) => o.origin)).toEqual(["https://portal.example.com", "http://localhost:5173"]);

    const preflight = () =>
      fetch(`${app.url}/api/v1/search`, { method: "OPTIONS", headers: { origin: "https://portal.example.com", "access-control-request-method": "POST" } });
    expect((await preflight()).headers.get("access-control-allow-origin")).toBe("https://portal.example.com");

    const german = await cli("remove", "https://portal.example.com", "--user", "cli-embed@example.com", "--language", "de");
    expect(german.code).toBe(0);
    expect(german.stdout).toContain("Origin https://portal.example.com entfernt");
    expect(await stored()).toEqual(["http://localhost:5173"]);
    expect((await preflight()).headers.get("access-control-allow-origin")).toBeNull();
    const audit = await app.db.select().from(schema.auditLog).where(eq(schema.auditLog.targetId, "https://portal.example.com"));
    expect(audit.map((a) => [a.action, a.actorKind])).toEqual([
      ["embed_origin.added", "cli"],
      ["embed_origin.removed", "cli"],
    ]);
  });

  test("a bad origin, a second add, another user's origin: exit 1 with the reason, nothing changes", async () => {
    const before = await stored();
    const cases: [string[], string][] = [
      [["add", "http://portal.example.com"], "Origin must start with https:// (http:// only for localhost, 127.0.0.1 or [::1])"],
      [["add", "https://portal.example.com/embed"], "Origin must be only scheme://host[:port], without a path, query or fragment"],
      [["add", "https://*.example.com"], "Origin must name one host: wildcards are not allowed"],
      [["add", "http://localhost:5173"], "http://localhost:5173 is already allowed"],
      [["remove", "https://never-added.example"], "https://never-added.example is not an allowed origin of this user"],
    ];
    for (const [args, message] of cases) {
      const res = await cli(...args, "--user", "cli-embed@example.com");
      expect({ args, code: res.code, stderr: res.stderr.trim() }).toEqual({ args, code: 1, stderr: `duecheck: ${message}` });
    }
    const other = await cli("remove", "http://localhost:5173", "--user", "other-embed@example.com", "--language", "fr");
    expect(other.code).toBe(1);
    expect(other.stderr).toContain("http://localhost:5173 n'est pas une origine autorisée de cet utilisateur");
    expect(await stored()).toEqual(before);
  });
});
