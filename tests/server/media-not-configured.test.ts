/**
 * No news provider configured (DUECHECK_NEWS_PROVIDERS=none), over real HTTP on PostgreSQL and PGlite: a clean name
 * keeps the level the lists give (low), and the result says adverse media was not checked and is incomplete, never
 * clean.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createApiKey } from "../../lib/auth/api-keys.ts";
import { HttpClient } from "../../support/http-client.ts";
import { importCommonNameList } from "../fixtures/common-name-list.ts";
import { importPeps, keepOnlyDatasets } from "../fixtures/screening.ts";
import { createUser, type TestApp } from "../helpers/app.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import { startScreeningApp } from "../helpers/screening-app.ts";

let app: TestApp;
let stopApp: () => Promise<void>;
let analyst: HttpClient;
let apiKey: string;

beforeAll(async () => {
  ({ app, stop: stopApp } = await startScreeningApp({}, { ...SCREENING_TEST_ENV, DUECHECK_NEWS_PROVIDERS: "none", DUECHECK_JOB_STOP_SECONDS: "2" }));
  // A sanctions list and a PEP list, both searched: only the news is missing.
  await keepOnlyDatasets(app.db, ["us_ofac_sdn", "us_congress_peps"]);
  await importCommonNameList(app.db);
  await importPeps(app.db);
  const user = await createUser(app.db, { email: "nonews@example.com", password: "nonews-password-1", credits: 100 });
  analyst = new HttpClient(app.url);
  await analyst.signIn("nonews@example.com", "nonews-password-1");
  apiKey = (await createApiKey(app.db, user.id, "No news")).key;
}, 120_000);
afterAll(() => stopApp());

async function screened(searchTerm: string) {
  const created = await analyst.post("/api/searches", { searchTerm, entityType: "person" });
  expect(created.status).toBe(201);
  const res = await analyst.get(`/api/searches/${created.json.id}?wait=30`);
  expect(res.json.status).toBe("completed");
  return res.json;
}

describe("no news provider configured", () => {
  test("a clean name is low, adverse media not checked, the result incomplete", async () => {
    const search = await screened("Wilhelmina Quarrendon");
    expect(search.riskLevel).toBe("low");
    expect(search.results.risk.level).toBe("low");
    expect(search.adverseMediaStatus).toBe("not_checked");
    expect(search.results.clean).toBe(false);
    expect(search.results.sources).toContainEqual(expect.objectContaining({ kind: "media", status: "failed", errorCode: "not_configured" }));
    // Incomplete, as a failed source makes it: the reason is there, at the level the lists give.
    expect(search.results.risk.reasons).toContainEqual({ code: "source_failed", level: "low", params: { count: 1 } });
    expect(search.results.risk.reasons.map((r: { code: string }) => r.code)).not.toContain("no_findings");
    expect(search.aiSummary).toContain("The overall risk is rated LOW.");
    expect(search.aiSummary).toContain("Adverse media could not be checked");

    const response = await fetch(`${app.url}/api/v1/search/${search.id}`, { headers: { authorization: `Bearer ${apiKey}` } });
    const view = await response.json();
    expect([view.riskLevel, view.adverseMediaStatus, view.results.clean]).toEqual(["low", "not_checked", false]);
  });

  test("a listed name keeps the lists' level (high for a match), not raised or lowered by the missing news", async () => {
    const search = await screened("Tarek Halvorsen");
    expect(["high", "critical"]).toContain(search.riskLevel);
    expect(search.adverseMediaStatus).toBe("not_checked");
    expect(search.results.clean).toBe(false);
  });
});
