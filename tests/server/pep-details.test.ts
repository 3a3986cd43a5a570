/**
 * What a PEP hit means, end to end on PostgreSQL and PGlite: a FollowTheMoney PEP file made for the test (invented
 * people, tests/fixtures/pep-ftm.ts) added and imported through `duecheck datasets add` and `duecheck datasets
 * import`, then screened over HTTP. Each PEP listing carries its role, its positions (country, level, dates, still
 * held) and, for a relative or associate, whose one and how; the risk weighs them by the organisation's country and
 * the installation's foreign-PEP setting; the public API, the PDF and the Excel report show them.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { createApiKey } from "../../lib/auth/api-keys.ts";
import { verifySearch } from "../../lib/records/verify-search.ts";
import { updateSystemSettings } from "../../lib/settings/system-settings.ts";
import { HttpClient } from "../../support/http-client.ts";
import { monthsBefore, pepFtmFile } from "../fixtures/pep-ftm.ts";
import { keepOnlyDatasets } from "../fixtures/screening.ts";
import { createUser, type TestApp } from "../helpers/app.ts";
import { runCli } from "../helpers/cli.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import { startScreeningApp } from "../helpers/screening-app.ts";
import { importSdnFixture } from "../helpers/sdn-fixture.ts";

const ENV: Record<string, string> = { ...SCREENING_TEST_ENV, DUECHECK_NEWS_PROVIDERS: "none", DUECHECK_JOB_STOP_SECONDS: "2" };
let app: TestApp;
let stopApp: () => Promise<void>;
let owner: HttpClient;
let apiKey: string;
let folder: string;
const today = new Date();

beforeAll(async () => {
  ({ app, stop: stopApp } = await startScreeningApp({}, ENV));
  await importSdnFixture(app);
  folder = mkdtempSync(join(tmpdir(), "dc-pep-"));
  writeFileSync(join(folder, "entities.ftm.json"), pepFtmFile(today));
  const env = { ...app.env, ...ENV };
  const added = await runCli(
    [
      "datasets",
      "add",
      "Invented PEPs",
      "--type",
      "pep",
      "--format",
      "opensanctions_ftm",
      "--url",
      "https://data.example.org/invented-peps/entities.ftm.json",
      "--no-auto",
      "--json",
    ],
    env,
  );
  expect([added.code, added.stderr]).toEqual([0, ""]);
  expect(JSON.parse(added.stdout)).toMatchObject({ id: "invented_peps", dataset_type: "pep", format: "opensanctions_ftm" });
  const imported = await runCli(["datasets", "import", "invented_peps", join(folder, "entities.ftm.json")], env);
  expect([imported.code, imported.stderr]).toEqual([0, ""]);
  expect(imported.stdout).toMatch(/^invented_peps: new current version \S+ with 6 entities/);
  // The command line seeds the catalog's lists: only the two with a version stay, so every source answers.
  await keepOnlyDatasets(app.db, ["us_ofac_sdn", "invented_peps"]);

  const user = await createUser(app.db, { email: "pep.owner@example.com", password: "pep-owner-password-1", fullName: "Pia Owner", credits: 100 });
  owner = new HttpClient(app.url);
  await owner.signIn("pep.owner@example.com", "pep-owner-password-1");
  apiKey = (await createApiKey(app.db, user.id, "PEP details")).key;
}, 120_000);
afterAll(async () => {
  await stopApp();
  rmSync(folder, { recursive: true, force: true });
});

async function screened(name: string) {
  const created = await owner.post("/api/searches", { searchTerm: name, entityType: "person" });
  expect(created.status).toBe(201);
  const res = await owner.get(`/api/searches/${created.json.id}?wait=30`);
  expect(res.json.status).toBe("completed");
  return res.json;
}

const pepReasons = (search: any) => search.results.risk.reasons.filter((r: { code: string }) => r.code === "pep");

async function download(path: string) {
  const response = await fetch(`${app.url}${path}`, { headers: { cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join("; ") } });
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

describe("the organisation's country", () => {
  test("an owner sets it as a two-letter code; anything else is refused and changes nothing", async () => {
    const refused = await owner.put("/api/organisation/settings", { country: "Italy" });
    expect([refused.status, refused.json.error]).toEqual([400, "country must be a two-letter country code (ISO 3166-1) or null"]);
    expect((await owner.put("/api/organisation/settings", { country: "XX" })).status).toBe(400);
    expect((await owner.get("/api/organisation")).json.settings.country).toBeNull();
    const set = await owner.put("/api/organisation/settings", { country: "it" });
    expect([set.status, set.json.country]).toEqual([200, "IT"]);
    expect((await owner.get("/api/organisation")).json.settings.country).toBe("IT");
  });
});

describe("PEP listings say which position, where, since when, and whose relative", () => {
  test("a current domestic PEP: the position with country, level and start, still held; medium", async () => {
    const search = await screened("Marco Bellandi");
    const [listing] = search.results.pepListings;
    expect(listing).toMatchObject({ name: "Marco Bellandi", dataset: "Invented PEPs", role: "pep", relatedPeps: [] });
    expect(listing.positions).toEqual([
      { title: "Member of the Senate", country: "IT", level: "national", startDate: "2018-03-23", endDate: null, current: true },
    ]);
    expect(search.results.risk.level).toBe("medium");
    expect(pepReasons(search)).toEqual([
      {
        code: "pep",
        level: "medium",
        params: expect.objectContaining({
          role: "pep",
          status: "current",
          position: "Member of the Senate",
          country: "IT",
          level: "national",
          since: "2018-03-23",
        }),
      },
    ]);

    // The public API carries the same listing.
    const response = await fetch(`${app.url}/api/v1/search/${search.id}`, { headers: { authorization: `Bearer ${apiKey}` } });
    expect(response.status).toBe(200);
    const view = await response.json();
    expect(view.pepListings[0]).toMatchObject({ role: "pep", positions: listing.positions, relatedPeps: [] });

    // The PDF and the Excel report show the position.
    const dir = mkdtempSync(join(tmpdir(), "dc-pep-pdf-"));
    try {
      writeFileSync(join(dir, "r.pdf"), await download(`/api/searches/${search.id}/export/pdf`));
      const text = Bun.spawnSync(["pdftotext", "-layout", join(dir, "r.pdf"), "-"])
        .stdout.toString()
        .replace(/\s+/g, " ");
      expect(text).toContain("Role: Politically exposed person");
      expect(text).toContain("Member of the Senate, IT, national, since 2018-03-23, in office");
      expect(text).toContain("current national PEP (Member of the Senate, IT, since 2018-03-23)");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await download(`/api/searches/${search.id}/export/excel`)).buffer as ArrayBuffer);
    const sheet = workbook.getWorksheet("PEP")!;
    const header = sheet.getRow(1).values as unknown[];
    const row = sheet.getRow(2).values as unknown[];
    expect(row[header.indexOf("Role")]).toBe("Politically exposed person");
    expect(row[header.indexOf("Positions")]).toBe("Member of the Senate, IT, national, since 2018-03-23, in office");

    // Screened again against the version it recorded (whose checksum covers the PEP details), it is the same.
    expect((await verifySearch(app.db, { kind: "cli" }, search.id)).outcome).toBe("identical");
  });

  test("a foreign PEP who left 6 months ago is high while foreign PEPs weigh more, medium once they do not", async () => {
    const search = await screened("Greta Lindqvist-Hale");
    expect(search.results.pepListings[0].positions).toEqual([
      { title: "Mayor of Northbridge", country: "GB", level: "subnational", startDate: "2019-05-02", endDate: monthsBefore(today, 6), current: false },
    ]);
    expect(search.results.risk.level).toBe("high");
    expect(pepReasons(search)[0]).toMatchObject({ level: "high", params: { status: "recent", foreign: 1, country: "GB" } });

    await updateSystemSettings(app.db, { foreignPepHigherRisk: false });
    try {
      const again = await screened("Greta Lindqvist-Hale");
      expect(again.results.risk.level).toBe("medium");
      // The first screening keeps the risk it was given.
      expect((await owner.get(`/api/searches/${search.id}`)).json.results.risk.level).toBe("high");
    } finally {
      await updateSystemSettings(app.db, { foreignPepHigherRisk: true });
    }
  });

  test("a PEP who left 5 years ago is named, at low", async () => {
    const search = await screened("Oswin Tarrant");
    expect(search.results.pepListings[0].positions[0]).toMatchObject({ title: "Minister of Finance", endDate: monthsBefore(today, 60), current: false });
    expect(search.results.risk.level).toBe("low");
    expect(pepReasons(search)[0]).toMatchObject({ level: "low", params: { status: "former" } });
    expect(search.results.clean).toBe(false);
  });

  test("a spouse and a business associate: role rca, whose one and how; medium", async () => {
    const spouse = await screened("Livia Bellandi");
    expect(spouse.results.pepListings[0]).toMatchObject({ role: "rca", positions: [], relatedPeps: [{ name: "Marco Bellandi", relationship: "spouse" }] });
    expect(spouse.results.risk.level).toBe("medium");
    expect(pepReasons(spouse)[0].params).toMatchObject({ role: "rca", relationship: "spouse", relatedName: "Marco Bellandi" });
    const associate = await screened("Piet Vandersloot");
    expect(associate.results.pepListings[0]).toMatchObject({
      role: "rca",
      relatedPeps: [{ name: "Marco Bellandi", relationship: "business associate" }],
    });
  });

  test("an international organisation's post: no country, international level, never foreign", async () => {
    const search = await screened("Amara Okonjo-Reyes");
    expect(search.results.pepListings[0].positions[0]).toMatchObject({ country: null, level: "international", current: true });
    expect(search.results.risk.level).toBe("medium");
  });
});
