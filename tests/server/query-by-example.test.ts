import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { createApiKey } from "../../lib/auth/api-keys.ts";
import { HttpClient } from "../../support/http-client.ts";
import { importQueryByExampleList } from "../fixtures/query-by-example-list.ts";
import { keepOnlyDatasets } from "../fixtures/screening.ts";
import { createUser, type TestApp } from "../helpers/app.ts";
import { balanceOf } from "../helpers/credits.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import { startScreeningApp } from "../helpers/screening-app.ts";

const ENV: Record<string, string> = { ...SCREENING_TEST_ENV, DUECHECK_NEWS_TIMEOUT_MS: "1000", DUECHECK_JOB_STOP_SECONDS: "2" };
let app: TestApp;
let stopApp: () => Promise<void>;
let analyst: HttpClient;
let analystId: string;
let key: string;

beforeAll(async () => {
  ({ app, stop: stopApp } = await startScreeningApp({}, ENV));
  await keepOnlyDatasets(app.db, ["us_ofac_sdn"]);
  await importQueryByExampleList(app.db);
  const user = await createUser(app.db, { email: "analyst@example.com", password: "analyst-password", credits: 1000 });
  analystId = user.id;
  key = (await createApiKey(app.db, user.id, "Query by example")).key;
  analyst = new HttpClient(app.url);
  await analyst.signIn("analyst@example.com", "analyst-password");
});
afterAll(() => stopApp());

async function screened(body: Record<string, unknown>) {
  const created = await analyst.post("/api/searches", body);
  expect(created.status).toBe(201);
  const res = await analyst.get(`/api/searches/${created.json.id}?wait=30`);
  expect(res.status).toBe(200);
  expect(res.json.status).toBe("completed");
  return res.json;
}

const sdnRow = (search: any) => search.results.sanctionsList.find((row: any) => row.datasetId === "us_ofac_sdn");
const credits = () => balanceOf(app.db, analystId);
const searchCount = async () => (await app.db.select().from(schema.searches).where(eq(schema.searches.userId, analystId))).length;

describe("query by example over HTTP", () => {
  test("a passport the listing carries makes it a match under another spelling of the name, and the risk reason says so", async () => {
    const details = { identifiers: [{ kind: "passport", value: "fa 123 4567" }] };
    const search = await screened({ searchTerm: "Rustem Karimow", entityType: "person", details });
    expect(search.details).toEqual(details);
    const row = sdnRow(search);
    expect(row.match).toBe(true);
    const hit = row.hits[0];
    expect(hit).toMatchObject({ name: "KARIMOV, Rustam Alievich", score: 1, evidence: { identifier: { kind: "passport", value: "FA1234567" } } });
    expect(hit.evidence.nameScore).toBeLessThan(1);
    expect(hit.explanation.length).toBeGreaterThan(0);
    expect(search.riskLevel).toBe("critical");
    const reason = search.results.risk.reasons[0];
    expect(reason).toMatchObject({ code: "sanctions_match_confirmed", params: { basis: "identifier", identifierKind: "passport", identifier: "FA1234567" } });
  });

  test("an IMO number finds the vessel whatever name was searched", async () => {
    const search = await screened({ searchTerm: "Sea Breeze", entityType: "company", details: { identifiers: [{ kind: "imo", value: "IMO 9187629" }] } });
    const row = sdnRow(search);
    expect(row.match).toBe(true);
    expect(row.hits[0]).toMatchObject({ name: "OCEAN SPIRIT", evidence: { identifier: { kind: "imo", value: "9187629" } } });
  });

  test("a birth date that clearly differs keeps an exact name a near miss labelled 'name matches, birth date differs'", async () => {
    const search = await screened({ searchTerm: "Tariq Mahmoud Hassan", entityType: "person", details: { birthDate: "1950-01-01" } });
    const row = sdnRow(search);
    expect(row.match).toBe(false);
    const hit = row.hits.find((h: any) => h.name === "HASSAN, Tariq Mahmoud");
    expect(hit.evidence).toMatchObject({ birthDate: "differs", nameMatchesBirthDateDiffers: true, nameScore: 1 });
    expect(hit.score).toBeLessThan(0.8);
    expect(hit.mismatches).toContainEqual({ kind: "birth_date", listed: ["1980-09-20", "1981"], searched: "1950-01-01" });
    expect(hit.differences.join("; ")).toContain("name matches, birth date differs");
    expect(search.riskLevel).not.toBe("high");
    expect(search.riskLevel).not.toBe("critical");
    const reason = search.results.risk.reasons.find((r: any) => r.code === "sanctions_possible_match");
    expect(reason.params).toMatchObject({ entityName: "HASSAN, Tariq Mahmoud", birthDateDiffers: 1, searchedBirthDate: "1950-01-01" });
  });

  test("an agreeing birth date and nationality confirm the name match", async () => {
    const plain = await screened({ searchTerm: "Tariq Hassan", entityType: "person" });
    const search = await screened({ searchTerm: "Tariq Hassan", entityType: "person", details: { birthDate: "1980-09-20", nationality: "sy" } });
    expect(search.details).toEqual({ birthDate: "1980-09-20", nationality: "SY" });
    const before = sdnRow(plain).hits[0];
    const hit = sdnRow(search).hits[0];
    expect(hit.evidence).toMatchObject({ birthDate: "agrees", nationality: "agrees", nameScore: before.score });
    expect(hit.score).toBeGreaterThan(before.score);
    expect(search.results.risk.reasons[0]).toMatchObject({ code: "sanctions_match_confirmed", params: { basis: "birth_date, nationality" } });
  });

  test("bad details are refused with 400 and a clear message; nothing is created or charged", async () => {
    const before = { credits: await credits(), searches: await searchCount() };
    const cases: [unknown, string][] = [
      [{ identifiers: [{ kind: "ssn", value: "123456789" }] }, "Identifier kind must be one of passport, national_id, tax_id, imo, lei, crypto_wallet"],
      [{ birthDate: "1956-02-30" }, "Birth date must be a real date between 1850 and today"],
      [{ birthDate: "56" }, "Birth date must be a year (1956) or a date (1956-03-04)"],
      [{ birthDate: 1956 }, "Birth date must be a year (1956) or a date (1956-03-04)"],
      [{ birthplace: "Tashkent" }, "Unknown field in details: birthplace"],
      [{ nationality: "XX" }, "Nationality must be a two-letter ISO 3166 code, such as DE or US"],
      [{ identifiers: [{ kind: "imo", value: "12345" }] }, "IMO number must be 7 digits (IMO 1234567)"],
      [{ identifiers: [{ kind: "passport", value: "FA1234567", issuedBy: "UZ" }] }, "Unknown field in an identifier: issuedBy"],
      [{ identifiers: [{ kind: "passport", value: "FA\u00001234567" }] }, "Identifier"],
      ["1968", "details must be an object with birthDate, nationality or identifiers"],
      [{ identifiers: "FA1234567" }, "identifiers must be a list of { kind, value }"],
      [{ identifiers: ["FA1234567"] }, "Each identifier must be an object with kind and value"],
    ];
    for (const [details, message] of cases) {
      const res = await analyst.post("/api/searches", { searchTerm: "Rustam Karimov", entityType: "person", details });
      expect(res.status, JSON.stringify(details)).toBe(400);
      expect(res.json.error, JSON.stringify(details)).toContain(message);
    }
    expect(await credits()).toBe(before.credits);
    expect(await searchCount()).toBe(before.searches);
  });

  test("/api/v1/search takes the details, answers them with the evidence, and refuses bad ones", async () => {
    const post = (body: unknown) =>
      fetch(`${app.url}/api/v1/search?wait=30`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const wallet = "0x7f367cc41522ce07553e823bf3be79a889debe1b";
    const res = await post({ searchTerm: "Falcon Blue", entityType: "company", details: { identifiers: [{ kind: "crypto_wallet", value: wallet }] } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.status).toBe("completed");
    expect(body.details).toEqual({ identifiers: [{ kind: "crypto_wallet", value: wallet }] });
    const row = body.sanctionsList.find((r: any) => r.datasetId === "us_ofac_sdn");
    expect(row.hits[0]).toMatchObject({ name: "BLUE FALCON TRADING LLC", evidence: { identifier: { kind: "crypto_wallet" } } });
    expect(body.riskReasons[0]).toMatchObject({ code: "sanctions_match_confirmed", params: { basis: "identifier" } });

    const before = await credits();
    const bad = await post({ searchTerm: "Falcon Blue", entityType: "company", details: { identifiers: [{ kind: "lei", value: "123" }] } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toBe("LEI must be 20 letters and digits, ending in two digits");
    expect(await credits()).toBe(before);

    const doc = await (await fetch(`${app.url}/api/v1/openapi.json`)).json();
    const request = doc.paths["/search"].post.requestBody.content["application/json"].schema;
    expect(request.properties.details.properties.identifiers.items.properties.kind.enum).toEqual([
      "passport",
      "national_id",
      "tax_id",
      "imo",
      "lei",
      "crypto_wallet",
    ]);
  });

  test("the Sanctions Search tab's call takes the same details as query parameters, free of charge", async () => {
    const before = await credits();
    const res = await analyst.get(
      `/api/sanctions/search?term=${encodeURIComponent("Rustem Karimow")}&type=person&identifier=passport:FA1234567&birthDate=1968`,
    );
    expect(res.status).toBe(200);
    expect(res.json.found).toBe(true);
    expect(res.json.results[0]).toMatchObject({
      name: "KARIMOV, Rustam Alievich",
      match: true,
      score: 1,
      evidence: { identifier: { kind: "passport" }, birthDate: "agrees" },
    });
    const differs = await analyst.get(`/api/sanctions/search?term=${encodeURIComponent("Tariq Mahmoud Hassan")}&birthDate=1950`);
    expect(differs.json.results[0]).toMatchObject({ name: "HASSAN, Tariq Mahmoud", match: false, evidence: { nameMatchesBirthDateDiffers: true } });
    for (const [query, message] of [
      ["identifier=FA1234567", "Identifier kind must be one of passport, national_id, tax_id, imo, lei, crypto_wallet"],
      ["identifier=imo:12", "IMO number must be 7 digits (IMO 1234567)"],
      ["birthDate=1968-13-01", "Birth date must be a real date between 1850 and today"],
      ["nationality=Uzbekistan", "Nationality must be a two-letter ISO 3166 code, such as DE or US"],
    ]) {
      const bad = await analyst.get(`/api/sanctions/search?term=Karimov&${query}`);
      expect([query, bad.status, bad.json.error]).toEqual([query, 400, message]);
    }
    expect(await credits()).toBe(before);
  });

  test("a batch's rows may carry details too; rows without them screen as before", async () => {
    const entities = [
      { searchTerm: "Rustem Karimow", entityType: "person", details: { identifiers: [{ kind: "national_id", value: "ab998877" }] } },
      { searchTerm: "Tariq Mahmoud Hassan", entityType: "person" },
    ];
    const created = await analyst.post("/api/batch-jobs", { name: "Query by example", totalEntities: entities.length, status: "processing" });
    expect(created.status).toBe(201);
    expect((await analyst.post(`/api/batch-jobs/${created.json.id}/entities`, { entities })).status).toBe(200);
    const deadline = Date.now() + 30_000;
    let batch = await analyst.get(`/api/batch-jobs/${created.json.id}`);
    while (batch.json.status !== "completed" && Date.now() < deadline) {
      await Bun.sleep(200);
      batch = await analyst.get(`/api/batch-jobs/${created.json.id}`);
    }
    expect(batch.json.status).toBe("completed");
    const rows = (await analyst.get(`/api/batch-jobs/${created.json.id}/results`)).json.items;
    const [withDetails, without] = await Promise.all(rows.map(async (r: any) => (await analyst.get(`/api/searches/${r.searchId}`)).json));
    expect(withDetails.details).toEqual({ identifiers: [{ kind: "national_id", value: "ab998877" }] });
    expect(sdnRow(withDetails).match).toBe(true);
    expect(sdnRow(withDetails).hits[0]).toMatchObject({
      name: "KARIMOV, Rustam Alievich",
      score: 1,
      evidence: { identifier: { kind: "national_id", value: "AB-998877" } },
    });
    expect(without.details).toBeNull();
    expect(sdnRow(without)).toMatchObject({ match: true });
    expect(sdnRow(without).hits[0].evidence).toBeUndefined();
  });

  test("a search without details stores none and its hits carry no evidence", async () => {
    const search = await screened({ searchTerm: "Rustam Karimov", entityType: "person" });
    expect(search.details).toBeNull();
    const hit = sdnRow(search).hits[0];
    expect(hit.evidence).toBeUndefined();
    expect(hit.explanation.some((p: any) => p.how === "exact")).toBe(true);
  });
});
