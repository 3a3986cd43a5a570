/**
 * Withdrawn country codes over HTTP: a nationality sent as YU (or UK, DD) is accepted and stored as the current code,
 * a pseudo-region is refused with 400, and a listing that still names Yugoslavia agrees with a searched Serbia.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { importDatasetFiles } from "../../lib/sanctions/datasets/import.ts";
import { HttpClient } from "../../support/http-client.ts";
import { importFiles } from "../../support/import-files.ts";
import { sdnFiles } from "../../support/ofac-sdn.ts";
import { keepOnlyDatasets } from "../fixtures/screening.ts";
import { createUser, type TestApp } from "../helpers/app.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import { startScreeningApp } from "../helpers/screening-app.ts";

const ENV: Record<string, string> = { ...SCREENING_TEST_ENV, DUECHECK_NEWS_TIMEOUT_MS: "1000", DUECHECK_JOB_STOP_SECONDS: "2" };
let app: TestApp;
let stopApp: () => Promise<void>;
let analyst: HttpClient;

beforeAll(async () => {
  ({ app, stop: stopApp } = await startScreeningApp({}, ENV));
  await keepOnlyDatasets(app.db, ["us_ofac_sdn"]);
  const entries = [
    { id: 8101, name: "MARKOVIC, Dragan", type: "individual" as const, program: "SDGT", remarks: "DOB 12 May 1961; nationality Yugoslavia." },
    // The fixture's comments file continues the second entry's remarks.
    { id: 8102, name: "OCEAN BREEZE", type: "vessel" as const, program: "IRAN", remarks: "Vessel Registration Identification IMO 9187630." },
  ];
  await importDatasetFiles(app.db, "us_ofac_sdn", importFiles(sdnFiles(entries)), { actor: { kind: "system" }, timeoutMs: 10_000 });
  await createUser(app.db, { email: "analyst@example.com", password: "analyst-password", credits: 1000 });
  analyst = new HttpClient(app.url);
  await analyst.signIn("analyst@example.com", "analyst-password");
});
afterAll(() => stopApp());

async function screened(body: Record<string, unknown>) {
  const created = await analyst.post("/api/searches", body);
  expect(created.status).toBe(201);
  const res = await analyst.get(`/api/searches/${created.json.id}?wait=30`);
  expect(res.json.status).toBe("completed");
  return res.json;
}

const markovic = (search: any) => search.results.sanctionsList.flatMap((row: any) => row.hits).find((hit: any) => hit.name === "MARKOVIC, Dragan");

describe("withdrawn country codes over HTTP", () => {
  test("YU sent as the nationality is stored as RS, and agrees with a listing that names Yugoslavia", async () => {
    const search = await screened({ searchTerm: "Dragan Markovic", entityType: "person", details: { nationality: "yu" } });
    expect(search.details).toEqual({ nationality: "RS" });
    expect(markovic(search).evidence).toMatchObject({ nationality: "agrees" });
  });

  test("a searched Serbia agrees with the same listing; Montenegro differs", async () => {
    expect(markovic(await screened({ searchTerm: "Dragan Markovic", entityType: "person", details: { nationality: "RS" } })).evidence).toMatchObject({
      nationality: "agrees",
    });
    expect(markovic(await screened({ searchTerm: "Dragan Markovic", entityType: "person", details: { nationality: "ME" } })).evidence).toMatchObject({
      nationality: "differs",
    });
  });

  test("UK as the news country is stored as GB", async () => {
    const created = await analyst.post("/api/searches", { searchTerm: "Dragan Markovic", entityType: "person", country: "UK" });
    expect(created.status).toBe(201);
    const res = await analyst.get(`/api/searches/${created.json.id}?wait=30`);
    expect(res.json.country).toBe("GB");
  });

  test("a pseudo-region or a grouping is refused with 400 and a clear message", async () => {
    for (const nationality of ["XA", "XB", "EU"]) {
      const res = await analyst.post("/api/searches", { searchTerm: "Dragan Markovic", entityType: "person", details: { nationality } });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.json)).toContain("Nationality must be a two-letter ISO 3166 code, such as DE or US");
    }
  });
});
