/**
 * @duecheck/client is what the OpenAPI document generates: regenerating it gives exactly the committed files, the
 * package type-checks on its own (its own tsconfig, none of the project's), and its createClient screens a name,
 * reads the history and throws the server's refusals as DuecheckApiError against the running app.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { createApiKey } from "../../lib/auth/api-keys.ts";
import { createClient, DuecheckApiError, DuecheckConnectionError } from "../../packages/client/src/index.ts";
import { CLIENT_ROOT, generateClient } from "../../scripts/generate-client.ts";
import { importSdn, keepOnlyDatasets } from "../fixtures/screening.ts";
import { createUser, type TestApp } from "../helpers/app.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import { startScreeningApp } from "../helpers/screening-app.ts";

let app: TestApp;
let stopApp: () => Promise<void>;
let key: string;
let readKey: string;

beforeAll(async () => {
  ({ app, stop: stopApp } = await startScreeningApp({}, { ...SCREENING_TEST_ENV, DUECHECK_NEWS_TIMEOUT_MS: "1000" }));
  await keepOnlyDatasets(app.db, ["us_ofac_sdn"]);
  await importSdn(app.db);
  const user = await createUser(app.db, { email: "package@example.com", password: "password-1", credits: 100 });
  key = (await createApiKey(app.db, user.id, "Package")).key;
  readKey = (await createApiKey(app.db, user.id, "Read", { scopes: ["read"] })).key;
}, 60_000);
afterAll(async () => {
  await stopApp();
});

test("regenerating the client from the document gives exactly the committed files", async () => {
  const committed = join(CLIENT_ROOT, "src", "generated");
  // beside the committed folder: the generated import of the fetcher is relative to where the files are written
  const again = mkdtempSync(join(CLIENT_ROOT, "src", ".regenerated-"));
  try {
    await generateClient(again);
    const files = readdirSync(again).sort();
    expect(files).toEqual(readdirSync(committed).sort());
    for (const file of files) expect(readFileSync(join(again, file), "utf8")).toBe(readFileSync(join(committed, file), "utf8"));
  } finally {
    rmSync(again, { recursive: true, force: true });
  }
}, 60_000);

test("the package type-checks on its own", () => {
  const tsc = Bun.spawnSync([join(import.meta.dir, "..", "..", "node_modules", ".bin", "tsc"), "-p", join(CLIENT_ROOT, "tsconfig.json")], {
    cwd: CLIENT_ROOT,
    stdout: "pipe",
    stderr: "pipe",
  });
  expect(`${tsc.stdout}${tsc.stderr}`).toBe("");
  expect(tsc.exitCode).toBe(0);
}, 60_000);

test("createClient screens a name and reads it back in the history", async () => {
  const duecheck = createClient({ server: app.url, apiKey: key });
  const search = await duecheck.screenName({ searchTerm: "Rustam Karimov", entityType: "person" }, { wait: 30 });
  expect(search).toMatchObject({ searchTerm: "Rustam Karimov", status: "completed", creditsUsed: 10 });
  expect(search.sanctionsList.some((row) => row.match)).toBe(true);
  const history = await duecheck.listSearches({ limit: 10 });
  expect(history.items.map((s) => s.id)).toContain(search.id);
  // the server's address may carry /api/v1 and a slash
  const read = await createClient({ server: `${app.url}/api/v1/`, apiKey: readKey }).getSearch(search.id);
  expect(read.id).toBe(search.id);
}, 60_000);

test("a refusal throws DuecheckApiError with the status and the server's message; silence names the address", async () => {
  const reader = createClient({ server: app.url, apiKey: readKey });
  const refused = await reader.screenName({ searchTerm: "Anyone", entityType: "person" }).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(DuecheckApiError);
  expect((refused as DuecheckApiError).status).toBe(403);
  expect((refused as DuecheckApiError).message).toContain("screen");
  const missing = await reader.getSearch("00000000-0000-0000-0000-000000000000").catch((error: unknown) => error);
  expect((missing as DuecheckApiError).status).toBe(404);
  const unknown = await createClient({ server: app.url, apiKey: "dck_not_a_key" })
    .listSearches()
    .catch((error: unknown) => error);
  expect((unknown as DuecheckApiError).status).toBe(401);
  const silent = await createClient({ server: "http://127.0.0.1:9", apiKey: key })
    .listSearches()
    .catch((error: unknown) => error);
  expect(silent).toBeInstanceOf(DuecheckConnectionError);
  expect((silent as Error).message).toContain("Could not reach the duecheck server at http://127.0.0.1:9");
});
