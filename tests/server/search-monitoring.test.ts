/**
 * A manual search's subject joins daily monitoring: GET /api/monitoring/searches/{id} says so with the cost of each
 * check, and deleting the entry (the result's one-click opt-out) is audited and ends it. The search's hits carry the
 * listing's details the hit card shows (aliases, place of birth, addresses, entry id).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { updateSystemSettings } from "../../lib/settings/system-settings.ts";
import type { HttpClient } from "../../support/http-client.ts";
import { importSdn, keepOnlyDatasets } from "../fixtures/screening.ts";
import { signedIn, type TestApp } from "../helpers/app.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import { startScreeningApp } from "../helpers/screening-app.ts";

let app: TestApp;
let stopApp: () => Promise<void>;
let owner: HttpClient;
let other: HttpClient;

beforeAll(async () => {
  ({ app, stop: stopApp } = await startScreeningApp({}, { ...SCREENING_TEST_ENV, DUECHECK_NEWS_PROVIDERS: "none" }));
  await keepOnlyDatasets(app.db, ["us_ofac_sdn"]);
  await importSdn(app.db);
  await updateSystemSettings(app.db, { automatedSearchCost: 2 });
  owner = await signedIn(app, { email: "monitored@example.com", password: "password-1", credits: 100 });
  other = await signedIn(app, { email: "someone@example.com", password: "password-1", credits: 100 });
});
afterAll(() => stopApp());

async function search(client: HttpClient, searchTerm: string) {
  const started = await client.post("/api/searches", { searchTerm, entityType: "person" });
  expect(started.status).toBe(201);
  const done = await client.get(`/api/searches/${started.json.id}?wait=30`);
  expect(done.json.status).toBe("completed");
  return done.json;
}

test("a search's subject is monitored daily at the automatic check's cost; one click stops it, audited", async () => {
  const done = await search(owner, "Rustam Karimov");
  const monitoring = await owner.get(`/api/monitoring/searches/${done.id}`);
  expect(monitoring.status).toBe(200);
  expect(monitoring.json).toMatchObject({ entity: { status: "active", frequency: "daily" }, creditsPerCheck: 2 });

  // another user's search is 404, as the search itself is
  expect((await other.get(`/api/monitoring/searches/${done.id}`)).status).toBe(404);
  expect((await owner.get("/api/monitoring/searches/not-an-id")).status).toBe(404);

  const entityId = monitoring.json.entity.id;
  expect((await owner.request("DELETE", `/api/monitoring/entities/${entityId}`)).status).toBe(200);
  expect((await owner.get(`/api/monitoring/searches/${done.id}`)).json).toEqual({ entity: null, creditsPerCheck: 2 });
  const audit = await app.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.action, "monitoring.removed"), eq(schema.auditLog.targetId, entityId)));
  expect(audit).toHaveLength(1);
});

test("with auto-add off, a search's subject is not monitored", async () => {
  expect((await other.request("PUT", "/api/auth/profile", { autoMonitorSearches: false })).status).toBe(200);
  const done = await search(other, "Jane Example");
  expect((await other.get(`/api/monitoring/searches/${done.id}`)).json).toEqual({ entity: null, creditsPerCheck: 2 });
});

test("a sanctions hit carries the stored listing's aliases, place of birth, addresses and entry id", async () => {
  const done = await search(owner, "Rustam Karimov");
  const row = done.results.sanctionsList.find((r: { datasetId: string }) => r.datasetId === "us_ofac_sdn");
  expect(row.hits[0]).toMatchObject({
    name: "KARIMOV, Rustam Alievich",
    aliases: ["KARIMOV ALIAS"],
    placesOfBirth: ["Tashkent, Uzbekistan"],
    addresses: ["Tashkent, Uzbekistan"],
    listEntryId: "5001",
    programs: ["SDGT"],
  });
});
