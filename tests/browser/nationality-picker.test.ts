/**
 * The nationality picker of the search form's More details in Chromium: one entry per current country (Serbia,
 * Germany, Russia, the United Kingdom and Vietnam once each), no pseudo-region, named in the interface language.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { de } from "../../web/src/i18n/words.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { setEnv } from "../helpers/env.ts";
import { expectHidden, expectVisible, HOOK_TIMEOUT_MS, launchBrowser, pickFromLongList, signedInPage } from "./support/browser.ts";
import { tr } from "./support/translate.ts";

const PASSWORD = "Nationality-picker-1";
let app: TestApp;
let browser: Browser;
let restoreEnv: () => void = () => {};

beforeAll(async () => {
  restoreEnv = setEnv({ DUECHECK_DATASET_SCHEDULER: "0" });
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  await createUser(app.db, { email: "picker.en@example.com", password: PASSWORD });
  await createUser(app.db, { email: "picker.de@example.com", password: PASSWORD });
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  restoreEnv();
}, HOOK_TIMEOUT_MS);

/** Opens More details and the nationality list; answers the names offered. */
async function offeredNames(page: Page, words: { details: string; nationality: string }) {
  await page.getByRole("button", { name: new RegExp(`^${words.details}`) }).click();
  await page.getByLabel(words.nationality, { exact: true }).click();
  const options = page.getByRole("option");
  await expectVisible(options.first());
  return options.allTextContents();
}

describe("the nationality picker", () => {
  test("offers each current country once, without Pseudo-Accents or Pseudo-Bidi; a pick is shown by name", async () => {
    const { context, page } = await signedInPage(browser, app.url, "picker.en@example.com", PASSWORD);
    try {
      const names = await offeredNames(page, { details: "More details", nationality: "Nationality" });
      // "None" and 250 countries (249 ISO 3166-1 and Kosovo).
      expect(names.length).toBe(251);
      expect(new Set(names).size).toBe(names.length);
      expect(names.filter((n) => /pseudo/i.test(n))).toEqual([]);
      for (const country of ["Serbia", "Germany", "Russia", "United Kingdom", "Vietnam", "Montenegro"])
        expect(names.filter((n) => n === country)).toHaveLength(1);
      await page.keyboard.press("Escape");
      await expectHidden(page.getByRole("listbox"));
      await pickFromLongList(page, page.getByLabel("Nationality", { exact: true }), "Serbia");
    } finally {
      await context.close();
    }
  });

  test("in German, the countries are named in German, once each", async () => {
    const { context, page } = await signedInPage(browser, app.url, "picker.de@example.com", PASSWORD, { code: "de", words: de });
    try {
      const names = await offeredNames(page, { details: tr(de, "search.details.title"), nationality: tr(de, "search.details.nationality") });
      expect(new Set(names).size).toBe(names.length);
      expect(names.filter((n) => /pseudo/i.test(n))).toEqual([]);
      for (const country of ["Serbien", "Deutschland", "Russland", "Vereinigtes Königreich", "Vietnam"])
        expect(names.filter((n) => n === country)).toHaveLength(1);
    } finally {
      await context.close();
    }
  });
});
