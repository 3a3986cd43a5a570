/**
 * What a result and the Sanctions Search tab say of a listing and of the search's cost, in Chromium against the real
 * server with an imported OFAC SDN list (Karimov: born 14 Mar 1968 in Tashkent, an alias, an address): birth dates in
 * the interface language, the hit's listing details behind a keyboard-operable disclosure, and the daily re-screening
 * a search starts, said on the form and on the result with a one-click Stop monitoring.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { sanctionsService } from "../../server/sanctions/service.ts";
import { de } from "../../web/src/i18n/words.ts";
import { importSdn, keepOnlyDatasets } from "../fixtures/screening.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { SCREENING_TEST_ENV, setEnv } from "../helpers/env.ts";
import { expectHidden, expectVisible, HOOK_TIMEOUT_MS, launchBrowser, newPage, signedInPage, signIn } from "./support/browser.ts";
import { tr } from "./support/translate.ts";

const RESULT_TIMEOUT_MS = 30_000;
const analyst = { email: "details.analyst@example.com", password: "Screening-2024!", fullName: "Dana Example" };

let app: TestApp;
let browser: Browser;
let page: Page;
let restoreEnv: () => void = () => {};

beforeAll(async () => {
  restoreEnv = setEnv({ ...SCREENING_TEST_ENV, DUECHECK_NEWS_PROVIDERS: "none" });
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  await createUser(app.db, { ...analyst, credits: 100 });
  await keepOnlyDatasets(app.db, ["us_ofac_sdn"]);
  await importSdn(app.db);
  await sanctionsService(app.server.database).index.refresh();
  ({ page } = await newPage(browser));
  await signIn(page, app.url, analyst.email, analyst.password);
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  restoreEnv();
}, HOOK_TIMEOUT_MS);

describe("a search's result", () => {
  test("the form says the subject is then re-screened daily at 1 credit a day", async () => {
    await page.goto(`${app.url}/`);
    await expectVisible(page.getByTestId("monitoring-cost"));
    expect(await page.getByTestId("monitoring-cost").textContent()).toBe(
      "Its subject is then re-screened every day for 1 credit a day; you can stop that on the result.",
    );
  });

  test("the hit card's listing details open with the keyboard: aliases, place of birth, address, entry id", async () => {
    await page.getByLabel("Name of person or company").fill("Rustam Karimov");
    await page.getByRole("button", { name: "Run Due Diligence Check" }).click();
    await expectVisible(page.getByTestId("search-results"), RESULT_TIMEOUT_MS);
    const hit = page.getByTestId("sanctions-hit").filter({ hasText: "KARIMOV, Rustam Alievich" });
    await expectVisible(hit);
    const toggle = hit.getByRole("button", { name: "Listing details" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await hit.getByText("Tashkent, Uzbekistan").count()).toBe(0);
    await toggle.focus();
    await page.keyboard.press("Enter");
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    const details = hit.getByTestId("listing-details");
    await expectVisible(details.getByText("KARIMOV ALIAS"));
    const text = (await details.textContent()) ?? "";
    expect(text).toContain("Place of birthTashkent, Uzbekistan");
    expect(text).toContain("AddressesTashkent, Uzbekistan");
    expect(text).toContain("List entry ID5001");
    await page.keyboard.press("Enter");
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
  });

  test("the result says the subject is monitored at 1 credit a day; Stop monitoring ends it in one click", async () => {
    const note = page.getByTestId("search-monitoring");
    await expectVisible(note);
    expect(await note.textContent()).toContain("This subject is re-screened every day for 1 credit a day (automatic screening).");
    await note.getByRole("button", { name: "Stop monitoring" }).click();
    await expectHidden(note);
    const entities = await page.evaluate(async () => (await fetch("/api/monitoring/entities")).json());
    expect(entities.total).toBe(0);
  });
});

describe("the Sanctions Search tab", () => {
  test("shows birth dates as the interface language writes them, not in ISO form", async () => {
    await page.goto(`${app.url}/sanctions`);
    await page.getByRole("tab", { name: "Search" }).click();
    await page.getByLabel("Name to search").fill("Rustam Karimov");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const result = page.getByTestId("sanctions-result").filter({ hasText: "KARIMOV, Rustam Alievich" });
    await expectVisible(result.getByText("Mar 14, 1968"));
    expect(await result.getByText("1968-03-14").count()).toBe(0);

    const user = { ...analyst, email: "details.de@example.com" };
    await createUser(app.db, { ...user, credits: 100 });
    const { context, page: german } = await signedInPage(browser, app.url, user.email, user.password, { code: "de", words: de });
    try {
      await german.goto(`${app.url}/sanctions`);
      await german.getByRole("tab", { name: tr(de, "sanctions.tabSearch") }).click();
      await german.getByLabel(tr(de, "sanctions.searchLabel")).fill("Rustam Karimov");
      await german.getByRole("button", { name: tr(de, "sanctions.searchButton"), exact: true }).click();
      await expectVisible(german.getByTestId("sanctions-result").getByText("14.03.1968"));
    } finally {
      await context.close();
    }
  });
});
