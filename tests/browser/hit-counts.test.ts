/**
 * What one result says, in Chromium against the real server with no news provider configured:
 * - a common name listed several times, screened without and with a birth year: the sanctions counter, the written
 *   summary and the review box give the numbers the API counts, and say when near misses wait for a decision;
 * - a clean name reads "Adverse media not checked" (en, de, es, fr) at the lists' level, Low;
 * - the /sanctions lookup of a lone surname lists its partial matches under "No exact match …; N partial matches",
 *   without a "No Results" toast;
 * - the owner's delete dialog says the search leaves the history and is kept, a held search is refused with the
 *   hold named, and an admin opening a hidden search reads who hid it and when.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { sanctionsService } from "../../server/sanctions/service.ts";
import { HttpClient } from "../../support/http-client.ts";
import { de, en, es, fr } from "../../web/src/i18n/words.ts";
import { COMMON_NAME, importCommonNameList, OTHER_BIRTH_YEAR } from "../fixtures/common-name-list.ts";
import { importPeps, keepOnlyDatasets } from "../fixtures/screening.ts";
import { createUser, type TestApp } from "../helpers/app.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import { startScreeningApp } from "../helpers/screening-app.ts";
import {
  DESKTOP,
  expectDialogOpen,
  expectHidden,
  expectVisible,
  fullyVisible,
  HOOK_TIMEOUT_MS,
  launchBrowser,
  plainText,
  signedInPage,
} from "./support/browser.ts";
import { tr } from "./support/translate.ts";

const TEST_TIMEOUT_MS = 90_000;
const analyst = { email: "analyst@example.com", password: "Analyst-password-1", fullName: "Ana Lyst" };
const admin = { email: "admin@test.local", password: "Admin-password-1" };

let app: TestApp;
let stopApp: () => Promise<void>;
let browser: Browser;
let page: Page;
let api: HttpClient;
let adminApi: HttpClient;

beforeAll(async () => {
  ({ app, stop: stopApp } = await startScreeningApp({}, { ...SCREENING_TEST_ENV, DUECHECK_NEWS_PROVIDERS: "none" }));
  browser = await launchBrowser();
  await keepOnlyDatasets(app.db, ["us_ofac_sdn", "us_congress_peps"]);
  expect((await importCommonNameList(app.db)).status).toBe("success");
  expect((await importPeps(app.db)).status).toBe("success");
  await sanctionsService(app.server.database).index.refresh();
  await createUser(app.db, { ...analyst, credits: 1000 });
  api = new HttpClient(app.url);
  await api.signIn(analyst.email, analyst.password);
  adminApi = new HttpClient(app.url);
  await adminApi.signIn(admin.email, admin.password);
  ({ page } = await signedInPage(browser, app.url, analyst.email, analyst.password));
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await stopApp?.();
}, HOOK_TIMEOUT_MS);

async function screened(searchTerm: string, details?: Record<string, unknown>) {
  const created = await api.post("/api/searches", { searchTerm, entityType: "person", ...(details ? { details } : {}) });
  expect(created.status).toBe(201);
  const done = await api.get(`/api/searches/${created.json.id}?wait=30`);
  expect(done.json.status).toBe("completed");
  return done.json;
}

async function openResult(p: Page, id: string) {
  await p.goto(`${app.url}/searches/${id}`);
  const card = p.getByTestId("search-results");
  await expectVisible(card.getByTestId("counter-sanctions"));
  return card;
}

describe("one result, one count", () => {
  test(
    "by name alone: the counter, the summary and the review box count the same matches and near misses",
    async () => {
      const search = await screened(COMMON_NAME);
      const counts = search.hitCounts;
      expect(counts.matches).toBeGreaterThanOrEqual(3);
      const card = await openResult(page, search.id);
      expect(await card.getByTestId("counter-sanctions").locator("p").first().textContent()).toBe(String(counts.matches));
      const summary = plainText(await card.getByTestId("ai-summary").textContent());
      expect(summary).toContain(`The name matched ${counts.matches} entries in 1 sanctions dataset:`);
      const review = page.getByTestId("review-open-hits");
      await expectVisible(review);
      const parts = [`${counts.open.matches} matches`, ...(counts.open.nearMisses > 0 ? [`${counts.open.nearMisses} near miss`] : [])];
      const text = plainText(await review.textContent());
      expect(text.startsWith(`${counts.open.total} open hits: `)).toBe(true);
      for (const part of parts) expect(text).toContain(part);
      if (counts.nearMisses > 0) {
        expect(plainText(await card.getByTestId("counter-sanctions-note").textContent())).toMatch(
          new RegExp(`^${counts.nearMisses} near miss(es)? waits? for a decision$`),
        );
      }
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "with a birth year none is born in: 0 matches, and the counter, the summary and the review box say the near misses wait",
    async () => {
      const search = await screened(COMMON_NAME, { birthDate: OTHER_BIRTH_YEAR });
      const counts = search.hitCounts;
      expect(counts.matches).toBe(0);
      expect(counts.nearMisses).toBeGreaterThanOrEqual(3);
      const card = await openResult(page, search.id);
      expect(await card.getByTestId("counter-sanctions").locator("p").first().textContent()).toBe("0");
      expect(plainText(await card.getByTestId("counter-sanctions-note").textContent())).toBe(`${counts.nearMisses} near misses wait for a decision`);
      const summary = plainText(await card.getByTestId("ai-summary").textContent());
      expect(summary).toContain(
        `No match was found in the 1 sanctions dataset searched. ${counts.nearMisses} near misses (listings under the match threshold, not counted as matches) wait for a reviewer's decision.`,
      );
      expect(plainText(await page.getByTestId("review-open-hits").textContent())).toBe(`${counts.open.total} open hits: ${counts.nearMisses} near misses`);
      // The near misses are not hidden in a closed section.
      await expectVisible(card.getByRole("button", { name: /Sanctions/ }).and(card.locator("[aria-expanded=true]")));
      // On a phone the tile and its note are whole on screen.
      await page.setViewportSize({ width: 375, height: 800 });
      try {
        await page.reload();
        const tile = page.getByTestId("search-results").getByTestId("counter-sanctions");
        expect(await fullyVisible(tile)).toBe(true);
        expect(await fullyVisible(tile.getByTestId("counter-sanctions-note"))).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      } finally {
        await page.setViewportSize(DESKTOP);
      }
    },
    TEST_TIMEOUT_MS,
  );
});

describe("no news provider", () => {
  test(
    "a clean name reads Low and 'Adverse media not checked', in en, de, es and fr",
    async () => {
      for (const [code, words] of [
        ["en", en],
        ["de", de],
        ["es", es],
        ["fr", fr],
      ] as const) {
        // Each language its own reader, signed in once, reading their own search.
        const reader = { email: `reader.${code}@example.com`, password: "Reader-password-1", credits: 100 };
        await createUser(app.db, reader);
        const { page: p, context } = await signedInPage(browser, app.url, reader.email, reader.password, { code, words });
        try {
          const created = await p.evaluate(async () => {
            const res = await fetch("/api/searches", {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ searchTerm: "Wilhelmina Quarrendon", entityType: "person" }),
            });
            return (await res.json()) as { id: string };
          });
          const done = await adminApi.get(`/api/admin/searches/${created.id}`);
          expect(done.status).toBe(200);
          const card = await openResult(p, created.id);
          await expectVisible(card.getByTestId("counter-media-note"), 30_000);
          expect(plainText(await card.getByTestId("counter-media-note").textContent())).toBe(tr(words, "search.adverseMediaNotChecked"));
          await expectVisible(card.getByText(tr(words, "risk.low"), { exact: true }).first());
          await expectHidden(card.getByTestId("alert-clean"));
        } finally {
          await context.close();
        }
      }
    },
    TEST_TIMEOUT_MS * 2,
  );
});

describe("the /sanctions lookup", () => {
  test(
    "a lone surname: its partial matches are listed under 'No exact match', and no 'No Results' toast",
    async () => {
      await page.goto(`${app.url}/sanctions`);
      await page.getByRole("tab", { name: "Search" }).click();
      await page.getByLabel("Name to search").fill("Halvorsen");
      await page.getByRole("button", { name: "Search", exact: true }).click();
      const results = page.getByTestId("sanctions-result");
      await expectVisible(results.first());
      const count = await results.count();
      expect(plainText(await page.locator("section h3").first().textContent())).toBe(
        `No exact match for “Halvorsen”; ${count} partial ${count === 1 ? "match" : "matches"}:`,
      );
      await page.waitForTimeout(500);
      expect(await page.getByText("No Results", { exact: true }).count()).toBe(0);
      expect(await page.getByText(/No match for/).count()).toBe(0);
    },
    TEST_TIMEOUT_MS,
  );
});

describe("deleting a search", () => {
  test(
    "the dialog says it leaves the history and is kept; a held search is refused naming the hold; an admin sees who hid one",
    async () => {
      const held = await screened("Held Namesake");
      const hold = await adminApi.post("/api/admin/legal-holds", { searchId: held.id, reason: "Inquiry" });
      expect(hold.status).toBe(201);
      const gone = await screened("Gone Namesake");

      await page.goto(`${app.url}/history`);
      await page.getByRole("button", { name: "Delete search for Held Namesake" }).click();
      const dialog = page.getByRole("alertdialog");
      await expectDialogOpen(dialog);
      const description = plainText(await dialog.textContent());
      expect(description).toContain("leaves your history");
      expect(description).toContain("kept, as the retention rules require, until the retention period ends");
      expect(description).not.toContain("cannot be undone");
      await dialog.getByRole("button", { name: "Delete", exact: true }).click();
      await expectVisible(page.getByText("This search is under legal hold: it stays in your history until the hold is lifted").first());
      await expectVisible(page.getByRole("button", { name: "Delete search for Held Namesake" }));

      await page.getByRole("button", { name: "Delete search for Gone Namesake" }).click();
      await expectDialogOpen(dialog);
      await dialog.getByRole("button", { name: "Delete", exact: true }).click();
      await expectHidden(page.getByRole("button", { name: "Delete search for Gone Namesake" }));

      const { page: adminPage, context } = await signedInPage(browser, app.url, admin.email, admin.password);
      try {
        await adminPage.goto(`${app.url}/searches/${gone.id}`);
        const notice = adminPage.getByTestId("hidden-notice");
        await expectVisible(notice);
        const text = plainText(await notice.textContent());
        expect(text).toContain("Hidden from its owner's history");
        expect(text).toMatch(/Deleted by Ana Lyst on .+\. The record is kept/);
        await adminPage.setViewportSize({ width: 375, height: 800 });
        await adminPage.reload();
        expect(await fullyVisible(notice)).toBe(true);
        expect(await adminPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      } finally {
        await context.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});
