/**
 * The search screen shows a result the moment the server has it: after one plain read of the new search it
 * asks GET /api/searches/{id}?wait=, which answers when the search ends, instead of polling every 2 s.
 * The GDELT stand-in answers after 1.5 s, so every search is still running when the screen first reads it.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { sanctionsService } from "../../server/sanctions/service.ts";
import { importSdn, keepOnlyDatasets } from "../fixtures/screening.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { SCREENING_TEST_ENV, setEnv } from "../helpers/env.ts";
import { type NewsServer, startGdeltServer, startGoogleNewsServer } from "../helpers/news-servers.ts";
import { expectVisible, HOOK_TIMEOUT_MS, launchBrowser, newPage, setLanguages, signIn } from "./support/browser.ts";

const GDELT_DELAY_MS = 1500;
const SEARCH_TEST_TIMEOUT_MS = 60_000;
const DETAIL = /\/api\/searches\/[0-9a-f-]{36}(\?.*)?$/;

let app: TestApp;
let browser: Browser;
let gdelt: NewsServer;
let google: NewsServer;
let restoreEnv: () => void = () => {};

beforeAll(async () => {
  gdelt = startGdeltServer(async () => {
    await Bun.sleep(GDELT_DELAY_MS);
    return Response.json({});
  });
  google = startGoogleNewsServer({});
  restoreEnv = setEnv({
    ...SCREENING_TEST_ENV,
    DUECHECK_NEWS_PROVIDERS: "gdelt,google-news",
    DUECHECK_GDELT_URL: gdelt.url,
    DUECHECK_GOOGLE_NEWS_URL: google.url,
    DUECHECK_NEWS_TIMEOUT_MS: "10000",
  });
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  await keepOnlyDatasets(app.db, ["us_ofac_sdn"]);
  await importSdn(app.db);
  await sanctionsService(app.server.database).index.refresh();
  await createUser(app.db, { email: "live@example.com", password: "Screening-2024!", credits: 100 });
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await gdelt?.stop();
  await google?.stop();
  restoreEnv();
}, HOOK_TIMEOUT_MS);

interface DetailRead {
  url: URL;
  status?: string;
}

/** Every read of a search's detail the page makes, with the status each answer carried. */
function recordDetailReads(page: Page): DetailRead[] {
  const reads: DetailRead[] = [];
  page.on("response", async (response) => {
    if (!DETAIL.test(response.url())) return;
    const read: DetailRead = { url: new URL(response.url()) };
    reads.push(read);
    read.status = ((await response.json().catch(() => ({}))) as { status?: string }).status;
  });
  return reads;
}

async function searchAndExpectLiveResults(page: Page, labels: { term: string; run: string; conducting: string }) {
  const reads = recordDetailReads(page);
  await page.getByLabel(labels.term).fill("Rustam Karimov");
  await page.getByRole("button", { name: labels.run }).click();
  await expectVisible(page.getByRole("heading", { name: labels.conducting }));
  await expectVisible(page.getByTestId("search-results"), 30_000);
  // The response listener reads the body asynchronously: give it a moment after the view appeared.
  for (let i = 0; i < 50 && reads.at(-1)?.status === undefined; i++) await Bun.sleep(20);
  expect(reads.at(-1)?.status).toBe("completed");

  // One plain read while the search runs, then waiting reads only: the answer that completed it was a waiting one,
  // and no 2-second poll was needed (a poll would add a read without wait=).
  expect(reads[0].url.searchParams.has("wait")).toBe(false);
  expect(["pending", "processing"]).toContain(reads[0].status!);
  expect(reads.length).toBeGreaterThanOrEqual(2);
  for (const read of reads.slice(1)) expect(Number(read.url.searchParams.get("wait"))).toBeGreaterThan(0);
}

describe("live results", () => {
  test(
    "English: the results appear as soon as the search completes, from a waiting read",
    async () => {
      const { page } = await newPage(browser);
      await signIn(page, app.url, "live@example.com", "Screening-2024!");
      await searchAndExpectLiveResults(page, {
        term: "Name of person or company",
        run: "Run Due Diligence Check",
        conducting: "Conducting Due Diligence Check",
      });
      await page.context().close();
    },
    SEARCH_TEST_TIMEOUT_MS,
  );

  test(
    "German: the same, with the interface in German",
    async () => {
      const { page } = await newPage(browser);
      await signIn(page, app.url, "live@example.com", "Screening-2024!");
      await setLanguages(page, "de");
      await page.reload();
      await expectVisible(page.getByRole("heading", { name: "Due-Diligence-Suche" }));
      const de = (await import("../../web/src/i18n/words.ts")).de as Record<string, string>;
      await searchAndExpectLiveResults(page, { term: de["search.termLabel"], run: de["search.run"], conducting: de["search.conducting"] });
      await page.context().close();
    },
    SEARCH_TEST_TIMEOUT_MS,
  );
});
