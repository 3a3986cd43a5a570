/**
 * One result counts one set of things, over real HTTP on PostgreSQL and PGlite: for a common name listed several times,
 * screened without and with a birth year, GET /api/searches/{id}, GET /api/v1/search/{id}, the written summary, the
 * review's open hits and the PDF and Excel reports give the same numbers of matches, near misses and open hits, and
 * say when near misses wait for a decision.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { createApiKey } from "../../lib/auth/api-keys.ts";
import type { HttpClient } from "../../support/http-client.ts";
import { COMMON_NAME, importCommonNameList, OTHER_BIRTH_YEAR } from "../fixtures/common-name-list.ts";
import { keepOnlyDatasets } from "../fixtures/screening.ts";
import { createUser, type TestApp } from "../helpers/app.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import { startScreeningApp } from "../helpers/screening-app.ts";

const ENV: Record<string, string> = { ...SCREENING_TEST_ENV, DUECHECK_NEWS_TIMEOUT_MS: "1000", DUECHECK_JOB_STOP_SECONDS: "2" };
let app: TestApp;
let stopApp: () => Promise<void>;
let analyst: HttpClient;
let apiKey: string;

beforeAll(async () => {
  ({ app, stop: stopApp } = await startScreeningApp({}, ENV));
  await keepOnlyDatasets(app.db, ["us_ofac_sdn"]);
  await importCommonNameList(app.db);
  const user = await createUser(app.db, { email: "counts@example.com", password: "counts-password-1", fullName: "Cora Counter", credits: 100 });
  const { HttpClient } = await import("../../support/http-client.ts");
  analyst = new HttpClient(app.url);
  await analyst.signIn("counts@example.com", "counts-password-1");
  apiKey = (await createApiKey(app.db, user.id, "Counts")).key;
}, 120_000);
afterAll(() => stopApp());

async function screened(details?: Record<string, unknown>) {
  const created = await analyst.post("/api/searches", { searchTerm: COMMON_NAME, entityType: "person", ...(details ? { details } : {}) });
  expect(created.status).toBe(201);
  const res = await analyst.get(`/api/searches/${created.json.id}?wait=30`);
  expect(res.json.status).toBe("completed");
  return res.json;
}

type Hit = { hitId: string; score: number; partial?: boolean; name: string };

/** What a reader of the listed hits counts: a listing at or over the threshold the result states is a match. */
function countedByHand(search: any) {
  const threshold = search.results.provenance.thresholds.match;
  const hits: Hit[] = search.results.sanctionsList.flatMap((row: { hits: Hit[] }) => row.hits);
  const matches = hits.filter((h) => h.score >= threshold && !h.partial).length;
  return { matches, nearMisses: hits.length - matches };
}

async function download(path: string) {
  const response = await fetch(`${app.url}${path}`, { headers: { cookie: [...analyst.cookies].map(([k, v]) => `${k}=${v}`).join("; ") } });
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

async function pdfText(searchId: string) {
  const dir = mkdtempSync(join(tmpdir(), "dc-counts-"));
  try {
    writeFileSync(join(dir, "r.pdf"), await download(`/api/searches/${searchId}/export/pdf`));
    return Bun.spawnSync(["pdftotext", "-layout", join(dir, "r.pdf"), "-"])
      .stdout.toString()
      .replace(/\s+/g, " ");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The Summary sheet's label → value pairs. */
async function summarySheet(searchId: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await download(`/api/searches/${searchId}/export/excel`)).buffer as ArrayBuffer);
  const fields = new Map<string, unknown>();
  workbook.worksheets[0].eachRow((row) => {
    const label = row.getCell(1).value;
    if (typeof label === "string" && label) fields.set(label, row.getCell(2).value);
  });
  return fields;
}

async function publicView(searchId: string) {
  const response = await fetch(`${app.url}/api/v1/search/${searchId}`, { headers: { authorization: `Bearer ${apiKey}` } });
  expect(response.status).toBe(200);
  return response.json();
}

describe("a common name, counted the same everywhere", () => {
  test("by name alone: the matches, the near misses and the open hits agree in the API, the summary and the reports", async () => {
    const search = await screened();
    const counts = search.hitCounts;
    const byHand = countedByHand(search);
    expect(counts.matches).toBe(byHand.matches);
    expect(counts.nearMisses).toBe(byHand.nearMisses);
    expect(counts.matches).toBeGreaterThanOrEqual(3);
    expect(counts.matchDatasets).toBe(1);
    // Nothing is decided yet: every hit is open, and the review counts the same.
    expect(counts.open).toEqual({
      total: counts.matches + counts.nearMisses,
      matches: counts.matches,
      nearMisses: counts.nearMisses,
      pepListings: 0,
      adverseArticles: 0,
    });
    expect(search.review.openHits).toBe(counts.open.total);
    expect((await publicView(search.id)).hitCounts).toEqual(counts);

    expect(search.aiSummary).toContain(`The name matched ${counts.matches} entries in 1 sanctions dataset:`);
    if (counts.nearMisses > 0) expect(search.aiSummary).toMatch(new RegExp(`${counts.nearMisses} near miss(es)? .* for a reviewer's decision`));

    const pdf = await pdfText(search.id);
    expect(pdf).toContain(`Sanctions Matches: ${counts.matches}`);
    expect(pdf).toContain(`Near misses: ${counts.nearMisses}`);
    expect(pdf).toContain(`Hits to decide: ${counts.open.total}`);
    expect(pdf).toContain(`The name matched ${counts.matches} entries in 1 sanctions dataset`);
    const sheet = await summarySheet(search.id);
    expect(sheet.get("Sanctions Matches")).toBe(counts.matches);
    expect(sheet.get("Near misses")).toBe(counts.nearMisses);
    expect(sheet.get("Hits to decide")).toBe(counts.open.total);

    // A decision closes one hit everywhere: the API's open counts and the reports move together.
    const first = search.results.sanctionsList[0].hits[0];
    const decided = await analyst.post(`/api/searches/${search.id}/decisions`, { hitId: first.hitId, decision: "false_positive", reason: "common_name" });
    expect(decided.status).toBe(201);
    const after = (await analyst.get(`/api/searches/${search.id}`)).json;
    expect(after.hitCounts.open.total).toBe(counts.open.total - 1);
    expect(after.review.openHits).toBe(after.hitCounts.open.total);
    expect(after.hitCounts.matches).toBe(counts.matches);
    expect(await pdfText(search.id)).toContain(`Hits to decide: ${after.hitCounts.open.total}`);
    expect((await publicView(search.id)).hitCounts).toEqual(after.hitCounts);
  });

  test("with a birth year no listing has: no match, and the near misses that wait for a decision are said so", async () => {
    const search = await screened({ birthDate: OTHER_BIRTH_YEAR });
    const counts = search.hitCounts;
    const byHand = countedByHand(search);
    expect(counts.matches).toBe(0);
    expect(byHand.matches).toBe(0);
    expect(counts.nearMisses).toBe(byHand.nearMisses);
    expect(counts.nearMisses).toBeGreaterThanOrEqual(3);
    expect(counts.open).toMatchObject({ total: counts.nearMisses, matches: 0, nearMisses: counts.nearMisses });
    expect(search.review).toMatchObject({ status: "needs_review", openHits: counts.open.total });
    expect((await publicView(search.id)).hitCounts).toEqual(counts);

    expect(search.aiSummary).toContain(
      `No match was found in the 1 sanctions dataset searched. ${counts.nearMisses} near misses (listings under the match threshold, not counted as matches) wait for a reviewer's decision.`,
    );
    const pdf = await pdfText(search.id);
    expect(pdf).toContain("Sanctions Matches: 0");
    expect(pdf).toContain(`Near misses: ${counts.nearMisses}`);
    expect(pdf).toContain(`Hits to decide: ${counts.open.total}; of them near misses: ${counts.nearMisses}`);
    const sheet = await summarySheet(search.id);
    expect(sheet.get("Sanctions Matches")).toBe(0);
    expect(sheet.get("of them near misses")).toBe(counts.nearMisses);
  });
});
