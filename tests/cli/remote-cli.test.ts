/**
 * `duecheck` against a server: with DUECHECK_SERVER and DUECHECK_API_KEY (or --server and --api-key) the commands go
 * through @duecheck/client to the running app, as bin/duecheck processes with no database of their own (an empty data
 * folder that stays empty, no DATABASE_URL). Local-only commands refuse with exit 2; a server that does not answer
 * is named, exit 1; a key without the scope gets the server's 403 message.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApiKey } from "../../lib/auth/api-keys.ts";
import { importSdn, keepOnlyDatasets } from "../fixtures/screening.ts";
import { createUser, type TestApp } from "../helpers/app.ts";
import { runCliProcess } from "../helpers/cli.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import { startScreeningApp } from "../helpers/screening-app.ts";

let app: TestApp;
let stopApp: () => Promise<void>;
let key: string;
let reviewKey: string;
let monitorKey: string;
let dataDir: string;
let files: string;

beforeAll(async () => {
  ({ app, stop: stopApp } = await startScreeningApp({}, { ...SCREENING_TEST_ENV, DUECHECK_NEWS_TIMEOUT_MS: "1000" }));
  await keepOnlyDatasets(app.db, ["us_ofac_sdn"]);
  await importSdn(app.db);
  const user = await createUser(app.db, { email: "remote@example.com", password: "remote-password", fullName: "Remo Te", credits: 100 });
  key = (await createApiKey(app.db, user.id, "Screen and read")).key;
  reviewKey = (await createApiKey(app.db, user.id, "Review", { scopes: ["read", "review"] })).key;
  monitorKey = (await createApiKey(app.db, user.id, "Monitor", { scopes: ["read", "monitor"] })).key;
  dataDir = mkdtempSync(join(tmpdir(), "dc-remote-cli-data-"));
  files = mkdtempSync(join(tmpdir(), "dc-remote-cli-files-"));
}, 60_000);
afterAll(async () => {
  await stopApp();
  // the CLI never made a database of its own
  expect(readdirSync(dataDir)).toEqual([]);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(files, { recursive: true, force: true });
});

/** bin/duecheck against the app, with no database configured: DATABASE_URL unset, an empty data folder. */
const remote = (args: string[], apiKey = key, env: Record<string, string> = {}) =>
  runCliProcess(args, { DATABASE_URL: "", DUECHECK_DATA_DIR: dataDir, DUECHECK_SERVER: app.url, DUECHECK_API_KEY: apiKey, ...env }, 90_000);

let searchId: string;

describe("duecheck against a server", () => {
  test("search --json screens on the server and prints the public API's answer", async () => {
    const run = await remote(["search", "Rustam Karimov", "--json"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const search = JSON.parse(run.stdout);
    expect(search).toMatchObject({ searchTerm: "Rustam Karimov", status: "completed", creditsUsed: 10, reviewStatus: "needs_review" });
    expect(search.sanctionsList.some((row: any) => row.match)).toBe(true);
    searchId = search.id;
    expect(readdirSync(dataDir)).toEqual([]);
  });

  test("search prints the result as the local command does", async () => {
    const run = await remote(["search", "Acme Trading Ltd", "--type", "company"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Acme Trading Ltd");
    expect(run.stdout).toMatch(/Sanctions lists/i);
  });

  test("history lists the key's owner's searches, as a table and as JSON", async () => {
    const table = await remote(["history"]);
    expect(table.code).toBe(0);
    expect(table.stdout).toContain("Rustam Karimov");
    expect(table.stdout).toContain(searchId);
    const json = JSON.parse((await remote(["history", "--json", "--limit", "1"])).stdout);
    expect(json.items).toHaveLength(1);
    expect(json.total).toBe(2);
    expect(json.nextCursor).toEqual(expect.any(String));
    const older = JSON.parse((await remote(["history", "--json", "--before", json.nextCursor])).stdout);
    expect(older.items.map((s: any) => s.id)).not.toContain(json.items[0].id);
  });

  test("batch run, list and show", async () => {
    const csv = join(files, "clients.csv");
    writeFileSync(csv, "Name,Type\nRustam Karimov,person\nJane Placeholder,person\n");
    const run = await remote(["batch", "run", csv, "--json"]);
    expect(run.stderr).toBe("");
    const batch = JSON.parse(run.stdout);
    expect(batch).toMatchObject({ name: "clients", status: "completed", totalEntities: 2, processedEntities: 2 });
    const list = await remote(["batch", "list"]);
    expect(list.stdout).toContain("clients");
    expect(list.stdout).toContain(batch.id);
    const show = JSON.parse((await remote(["batch", "show", batch.id, "--json"])).stdout);
    expect(show.batch.id).toBe(batch.id);
    expect(show.results.items.map((r: any) => r.searchTerm)).toEqual(["Rustam Karimov", "Jane Placeholder"]);
    const table = await remote(["batch", "show", batch.id]);
    expect(table.stdout).toContain("Jane Placeholder");
  });

  test("review: the queue, a decision with a review key, and the server's 403 without one", async () => {
    const queue = await remote(["review", "list", "--json"]);
    expect(JSON.parse(queue.stdout).items.map((i: any) => i.searchId)).toContain(searchId);
    const shown = await remote(["review", "show", searchId, "--json"]);
    const search = JSON.parse(shown.stdout);
    const hit = search.sanctionsList.find((row: any) => row.match).hits[0];
    const table = await remote(["review", "show", searchId]);
    expect(table.stdout).toContain(hit.hitId);

    const args = ["review", "decide", searchId, hit.hitId, "--as", "false_positive", "--reason", "common_name"];
    const refused = await remote(args);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("review");
    expect(refused.stderr).toContain("403");

    const decided = await remote([...args, "--json"], reviewKey);
    expect(decided.stderr).toBe("");
    expect(JSON.parse(decided.stdout)).toMatchObject({ hitId: hit.hitId, decision: "false_positive", reason: "common_name", state: "decided" });
    const noted = await remote(["review", "notes", searchId, "--add", "A namesake"], reviewKey);
    expect(noted.code).toBe(0);
    expect((await remote(["review", "notes", searchId])).stdout).toContain("A namesake");
  });

  test("monitor: add, list, pause, remove", async () => {
    const added = await remote(["monitor", "add", "Olga Monitored", "--frequency", "weekly", "--json"], monitorKey);
    expect(added.stderr).toBe("");
    const entity = JSON.parse(added.stdout);
    expect(entity).toMatchObject({ searchTerm: "Olga Monitored", frequency: "weekly", status: "active" });
    expect((await remote(["monitor", "list"], monitorKey)).stdout).toContain(entity.id);
    const paused = await remote(["monitor", "pause", entity.id, "--json"], monitorKey);
    expect(JSON.parse(paused.stdout).status).toBe("paused");
    // a key without the monitor scope may list but not change
    const refused = await remote(["monitor", "resume", entity.id]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("monitor");
    expect((await remote(["monitor", "remove", entity.id], monitorKey)).code).toBe(0);
    expect(JSON.parse((await remote(["monitor", "list", "--json"])).stdout).items.map((e: any) => e.id)).not.toContain(entity.id);
  });

  test("sanctions search and compare", async () => {
    const found = await remote(["sanctions", "search", "Rustam Karimov", "--json"]);
    const answer = JSON.parse(found.stdout);
    expect(answer.found).toBe(true);
    expect(answer.searched).toEqual(["us_ofac_sdn"]);
    const compared = await remote(["sanctions", "compare", "Rustam Karimov", "KARIMOV, Rustam", "--json"]);
    expect(JSON.parse(compared.stdout)).toMatchObject({ query: "Rustam Karimov", candidate: "KARIMOV, Rustam", decision: "match", weights: "lists" });
    const table = await remote(["sanctions", "compare", "Rustam Karimov", "KARIMOV, Rustam"]);
    expect(table.code).toBe(0);
    expect(table.stdout).toContain("Rustam");
  });

  test("--server and --api-key on the command line do what the environment does", async () => {
    const run = await runCliProcess(["history", "--json", "--server", app.url, "--api-key", key], { DATABASE_URL: "", DUECHECK_DATA_DIR: dataDir }, 60_000);
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout).total).toBeGreaterThanOrEqual(2);
  });
});

describe("what a remote run refuses", () => {
  test("a local-only command exits 2 and says why", async () => {
    const run = await remote(["db", "migrate"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("duecheck db migrate works on this machine's database only; DUECHECK_SERVER is set");
    const exported = await remote(["history", "export", "--format", "csv"]);
    expect(exported.code).toBe(2);
    expect(exported.stderr).toContain("duecheck history export works on this machine's database only");
  });

  test("a server that does not answer is named, exit 1", async () => {
    const run = await remote(["search", "Anyone", "--json"], key, { DUECHECK_SERVER: "http://127.0.0.1:9" });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("Could not reach the duecheck server at http://127.0.0.1:9");
  });

  test("an unknown key: the server's 401 message, exit 1", async () => {
    const run = await remote(["history"], "dck_unknown");
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("401");
  });
});
