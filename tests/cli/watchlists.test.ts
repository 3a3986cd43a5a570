/**
 * `duecheck watchlists` on a server's database: the operator creates an organisation's watchlist, imports a CSV (the
 * rejected lines printed with their numbers), lists it and exports it in the import's format; the organisation's
 * owner sees it over HTTP, and the change is audited as the CLI.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { HttpClient } from "../../support/http-client.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { runCli } from "../helpers/cli.ts";

let app: TestApp;
let owner: Awaited<ReturnType<typeof createUser>>;
const dir = mkdtempSync(join(tmpdir(), "watchlists-cli-"));
beforeAll(async () => {
  app = await startApp();
  owner = await createUser(app.db, { email: "wl-owner@example.com", password: "password-1" });
}, 60_000);
afterAll(async () => {
  await app.stop();
  rmSync(dir, { recursive: true, force: true });
});

const cli = (...args: string[]) => runCli(["watchlists", ...args], app.env);

describe("duecheck watchlists", () => {
  test("create, import with a rejected line, list and export", async () => {
    const created = await cli("create", "Refused onboardings", "--org", owner.organisationId);
    expect(created.code).toBe(0);
    const id = /Watchlist (wl_\w+) created: Refused onboardings/.exec(created.stdout)?.[1];
    expect(id).toBeDefined();

    const file = join(dir, "list.csv");
    writeFileSync(
      file,
      "name,entityType,aliases,birthDate,nationality,identifiers,reason\nGrete Refused,person,G. Refused,1980,DE,national_id:T22000129,Refused\nHans Odd,person,,,,badge:42,\n",
    );
    const imported = await cli("import", id!, file);
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain("Imported 1 entries (0 already there, 1 lines rejected); the watchlist holds 1 entries");
    expect(imported.stdout).toContain('line 3: unknown identifier kind "badge"');

    const [listed] = JSON.parse((await cli("list", "--org", owner.organisationId, "--json")).stdout);
    expect(listed).toMatchObject({ id, name: "Refused onboardings", entryCount: 1 });
    expect((await cli("list", "--org", owner.organisationId)).stdout).toMatch(/Refused onboardings\s+1/);

    const exported = await cli("export", id!);
    expect(exported.stdout.replace(/^\uFEFF/, "").split("\r\n")).toEqual([
      "name,entityType,aliases,birthDate,nationality,identifiers,reason",
      "Grete Refused,person,G. Refused,1980,DE,national_id:T22000129,Refused",
      "",
    ]);
    const out = join(dir, "out.csv");
    expect((await cli("export", id!, "--output", out)).code).toBe(0);
    expect(readFileSync(out, "utf8")).toBe(exported.stdout);

    // The installation's lists never show an organisation's watchlist.
    const datasets = await runCli(["datasets", "list", "--json"], app.env);
    expect(datasets.code).toBe(0);
    expect(datasets.stdout).not.toContain(id!);
    expect(datasets.stdout).not.toContain("Refused onboardings");

    const http = new HttpClient(app.url);
    await http.signIn("wl-owner@example.com", "password-1");
    expect((await http.get(`/api/organisation/watchlists/${id}`)).json.entries.map((e: any) => e.name)).toEqual(["Grete Refused"]);
    const audited = await app.db.select().from(schema.auditLog).where(eq(schema.auditLog.targetId, id!));
    expect(audited.map((a) => [a.action, a.actorKind])).toEqual([
      ["watchlist.created", "cli"],
      ["watchlist.imported", "cli"],
    ]);
  });

  test("refusals change nothing: an unknown watchlist, a file without a name column", async () => {
    const missing = await cli("export", "wl_0000000000000000");
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("Watchlist not found");
    const made = JSON.parse((await cli("create", "Empty", "--org", owner.organisationId, "--json")).stdout);
    const file = join(dir, "bad.csv");
    writeFileSync(file, "fullname\nSomeone\n");
    const refused = await cli("import", made.id, file);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("name,entityType,aliases,birthDate,nationality,identifiers,reason");
  });
});
