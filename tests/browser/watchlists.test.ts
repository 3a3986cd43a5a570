/**
 * An organisation's owner keeps a watchlist in Chromium: creates it on /organisation/watchlists, imports a CSV with a
 * bad line (the rejected line is shown with its number and why, the good ones are kept and listed), and a search of
 * a listed name shows the watchlist's row on the result page, marked as the organisation's own; the screens fit a
 * 375 px phone.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { sanctionsService } from "../../server/sanctions/service.ts";
import { importReviewList } from "../fixtures/review-list.ts";
import { keepOnlyDatasets } from "../fixtures/screening.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { SCREENING_TEST_ENV, setEnv } from "../helpers/env.ts";
import { expectDialogOpen, expectVisible, HOOK_TIMEOUT_MS, launchBrowser, newPage, plainText, signIn, waitForPath } from "./support/browser.ts";

const RESULT_TIMEOUT_MS = 30_000;
const owner = { email: "watchlist.owner@example.com", password: "Screening-2024!", fullName: "Wanda Owner" };

let app: TestApp;
let browser: Browser;
let page: Page;
let restoreEnv: () => void = () => {};

beforeAll(async () => {
  restoreEnv = setEnv({ ...SCREENING_TEST_ENV, DUECHECK_NEWS_PROVIDERS: "none" });
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  await createUser(app.db, { ...owner, credits: 100 });
  await keepOnlyDatasets(app.db, ["us_ofac_sdn"]);
  await importReviewList(app.db);
  await sanctionsService(app.server.database).index.refresh();
  ({ page } = await newPage(browser));
  await signIn(page, app.url, owner.email, owner.password);
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  restoreEnv();
}, HOOK_TIMEOUT_MS);

const CSV = [
  "name,entityType,aliases,birthDate,nationality,identifiers,reason",
  "Viktor Testovsky,person,Viktor Testowski,1970-05-12,RU,passport:AB1234567,Fraud at onboarding",
  "Ada Unknownkind,person,,,,fingerprint:12345,",
  "Northwind Shell Trading Ltd,company,,,,,Refused onboarding",
].join("\n");

describe("an organisation's watchlist", () => {
  test("created from the menu; a CSV import shows its rejected line and keeps the good ones", async () => {
    await page.goto(`${app.url}/`);
    await page.getByRole("link", { name: "Watchlists" }).first().click();
    await waitForPath(page, "/organisation/watchlists");
    await expectVisible(page.getByRole("heading", { name: "Watchlists", level: 1 }));
    expect(await page.title()).toContain("Watchlists");
    await page.getByRole("button", { name: "Create watchlist" }).click();
    const dialog = page.getByTestId("create-watchlist-dialog");
    await expectDialogOpen(dialog);
    await dialog.getByLabel("Name").fill("Exited customers");
    await dialog.getByRole("button", { name: "Create watchlist" }).click();
    await expectVisible(page.getByRole("heading", { name: "Exited customers", level: 1 }));
    expect(page.url()).toMatch(/\/organisation\/watchlists\/wl_\w+$/);

    await page.getByLabel("CSV file").setInputFiles({ name: "exited.csv", mimeType: "text/csv", buffer: Buffer.from(CSV) });
    await page.getByTestId("watchlist-import-submit").click();
    const result = page.getByTestId("watchlist-import-result");
    await expectVisible(result, 30_000);
    expect(plainText(await result.textContent())).toContain("2 entries imported");
    const rejected = page.getByTestId("watchlist-import-rejected");
    expect(plainText(await rejected.textContent())).toBe(
      'Line 3: unknown identifier kind "fingerprint" (known: passport, national_id, tax_id, imo, lei, crypto_wallet)',
    );
    const entries = page.getByTestId("watchlist-entries");
    await expectVisible(entries.getByText("Viktor Testovsky", { exact: true }));
    await expectVisible(entries.getByText("Northwind Shell Trading Ltd"));
    expect(await entries.getByText("Ada Unknownkind").count()).toBe(0);

    // The address survives a reload.
    await page.reload();
    await expectVisible(page.getByRole("heading", { name: "Exited customers", level: 1 }));
    await expectVisible(page.getByTestId("watchlist-entry-count").getByText("2 entries"));
  });

  test("a search of a listed name shows the watchlist's row on the result page, marked as the organisation's own", async () => {
    await page.goto(`${app.url}/`);
    await page.getByLabel("Name of person or company").fill("Viktor Testovsky");
    await page.getByRole("button", { name: "Run Due Diligence Check" }).click();
    await expectVisible(page.getByTestId("search-results"), RESULT_TIMEOUT_MS);
    const row = page.getByTestId("sanctions-row").filter({ hasText: "Exited customers" });
    await expectVisible(row);
    await expectVisible(row.getByTestId("internal-list"));
    expect(plainText(await row.getByTestId("internal-list").textContent())).toBe("Your watchlist");
    expect(await row.getAttribute("data-match")).toBe("true");
    await expectVisible(row.getByText("Viktor Testovsky").first());
  });

  test("at 375 px the watchlists and a watchlist fit the screen", async () => {
    await page.setViewportSize({ width: 375, height: 740 });
    try {
      await page.goto(`${app.url}/organisation/watchlists`);
      await expectVisible(page.getByRole("link", { name: "Exited customers" }));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await page.getByRole("link", { name: "Exited customers" }).click();
      await expectVisible(page.getByRole("heading", { name: "Exited customers", level: 1 }));
      await expectVisible(page.getByTestId("watchlist-entries"));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });
});
