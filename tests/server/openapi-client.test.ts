/**
 * A client generated from the served OpenAPI document works: orval (a maintained generator) turns the document into a
 * TypeScript fetch client, the compiler accepts it, and its methods, named after the operationIds, screen a name and
 * read the result back over real HTTP.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generate } from "orval";
import { createApiKey } from "../../lib/auth/api-keys.ts";
import { importSdn, keepOnlyDatasets } from "../fixtures/screening.ts";
import { createUser, type TestApp } from "../helpers/app.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import { startScreeningApp } from "../helpers/screening-app.ts";

/** Published ids: clients' method names. An id is never renamed; a new operation adds one. */
const OPERATION_IDS: Record<string, string> = {
  "POST /search": "screenName",
  "GET /search/{searchId}": "getSearch",
  "POST /search/{searchId}/decisions": "decideHit",
  "GET /search/{searchId}/export/{format}": "exportSearch",
  "POST /embed-tokens": "createEmbedToken",
  "POST /batch": "createBatch",
  "GET /batch/{batchId}": "getBatch",
  "GET /sanctions/search": "searchSanctionsLists",
  "GET /monitoring/entities": "listMonitoredEntities",
  "POST /monitoring/entities": "monitorName",
  "PUT /monitoring/entities/{entityId}/status": "setMonitoringStatus",
  "DELETE /monitoring/entities/{entityId}": "stopMonitoring",
  "GET /cases": "listCases",
  "GET /cases/{caseId}": "getCase",
  "PUT /cases/{caseId}/assignee": "assignCase",
  "POST /cases/{caseId}/status": "changeCaseStatus",
  "POST /cases/{caseId}/notes": "addCaseNote",
  "GET /search": "listSearches",
  "GET /batch": "listBatches",
  "GET /batch/{batchId}/results": "listBatchResults",
  "GET /reviews": "listReviewQueue",
  "GET /hits/open": "listOpenHits",
  "POST /decisions/{decisionId}/approve": "approveDecision",
  "POST /decisions/{decisionId}/reject": "rejectDecision",
  "POST /search/{searchId}/notes": "addSearchNote",
  "POST /sanctions/compare": "compareNames",
};

let app: TestApp;
let stopApp: () => Promise<void>;
let key: string;
let dir: string;

beforeAll(async () => {
  ({ app, stop: stopApp } = await startScreeningApp({}, { ...SCREENING_TEST_ENV, DUECHECK_NEWS_TIMEOUT_MS: "1000" }));
  await keepOnlyDatasets(app.db, ["us_ofac_sdn"]);
  await importSdn(app.db);
  const user = await createUser(app.db, { email: "client@example.com", password: "password-1", credits: 100 });
  key = (await createApiKey(app.db, user.id, "Generated client")).key;
  dir = mkdtempSync(join(tmpdir(), "dc-openapi-client-"));
});
afterAll(async () => {
  await stopApp();
  rmSync(dir, { recursive: true, force: true });
});

test("every operation has a stable camelCase operationId, and the document a license", async () => {
  const doc = await (await fetch(`${app.url}/api/v1/openapi.json`)).json();
  const found: Record<string, string> = {};
  for (const [path, item] of Object.entries<Record<string, { operationId?: string }>>(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) found[`${method.toUpperCase()} ${path}`] = operation.operationId ?? "(none)";
  }
  expect(found).toEqual(OPERATION_IDS);
  for (const id of Object.values(found)) expect(id).toMatch(/^[a-z][a-zA-Z0-9]*$/);
  expect(doc.info.license.name).toBeTruthy();
});

test("a client generated from the served document compiles, names its methods after the operationIds and screens a name", async () => {
  const docFile = join(dir, "openapi.json");
  writeFileSync(docFile, await (await fetch(`${app.url}/api/v1/openapi.json`)).text());
  const clientFile = join(dir, "client.ts");
  // the client's base URL is the document's server: the served document must name the API's real address
  await generate({
    input: { target: docFile },
    output: { target: clientFile, client: "fetch", mode: "single", baseUrl: { getBaseUrlFromSpecification: true } },
  });

  const tsc = Bun.spawnSync(
    [
      join(import.meta.dir, "..", "..", "node_modules", ".bin", "tsc"),
      "--noEmit",
      "--strict",
      "--skipLibCheck",
      "--target",
      "es2022",
      "--module",
      "esnext",
      "--moduleResolution",
      "bundler",
      "--lib",
      "es2022,dom",
      clientFile,
    ],
    // in the client's folder: the project's tsconfig is not the client's
    { cwd: dir, stdout: "pipe", stderr: "pipe" },
  );
  expect(`${tsc.stdout}${tsc.stderr}`).toBe("");
  expect(tsc.exitCode).toBe(0);

  const client = await import(clientFile);
  // the operations' functions (orval adds a get<Operation>Url helper beside each)
  const methods = Object.keys(client)
    .filter((name) => typeof client[name] === "function" && !name.endsWith("Url"))
    .sort();
  expect(methods).toEqual(Object.values(OPERATION_IDS).sort());

  const auth = { headers: { authorization: `Bearer ${key}` } };
  const screened = await client.screenName({ searchTerm: "Rustam Karimov", entityType: "person" }, { wait: 30 }, auth);
  expect(screened.status).toBe(200);
  expect(screened.data).toMatchObject({ searchTerm: "Rustam Karimov", status: "completed", creditsUsed: 10 });
  expect(screened.data.sanctionsList.some((row: { match: boolean }) => row.match)).toBe(true);

  const read = await client.getSearch(screened.data.id, { wait: 0 }, auth);
  expect(read.status).toBe(200);
  expect(read.data).toMatchObject({ id: screened.data.id, status: "completed", riskLevel: screened.data.riskLevel, reviewStatus: "needs_review" });

  const missing = await client.getSearch("00000000-0000-0000-0000-000000000000", undefined, auth);
  expect(missing.status).toBe(404);
});
