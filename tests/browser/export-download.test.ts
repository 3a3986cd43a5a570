/**
 * Export PDF and Export Excel on a search's results in Chromium: a click downloads the file in the same tab and opens
 * no new one (a tab opened for an attachment stayed blank); the accessible name says a file is downloaded.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { schema } from "../../data/db.ts";
import { checkResults } from "../fixtures/monitoring.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { setEnv } from "../helpers/env.ts";
import { expectVisible, HOOK_TIMEOUT_MS, launchBrowser, signedInPage } from "./support/browser.ts";

const PASSWORD = "Export-download-1";
let app: TestApp;
let browser: Browser;
let restoreEnv: () => void = () => {};
let searchId: string;

beforeAll(async () => {
  restoreEnv = setEnv({ DUECHECK_DATASET_SCHEDULER: "0", DUECHECK_REPORT_CHECK_SECONDS: "0" });
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  const owner = await createUser(app.db, { email: "exporter@example.com", password: PASSWORD, fullName: "Eva Exporter" });
  const [search] = await app.db
    .insert(schema.searches)
    .values({
      userId: owner.id,
      organisationId: owner.organisationId,
      searchTerm: "Viktor Petrov",
      status: "completed",
      riskLevel: "high",
      reviewStatus: "needs_review",
      openHits: 1,
      results: checkResults({ matches: [["us_ofac_sdn", "ofac-1", "PETROV, Viktor"]], level: "high" }),
    })
    .returning();
  searchId = search.id;
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  restoreEnv();
}, HOOK_TIMEOUT_MS);

describe("exporting a search's results", () => {
  for (const [label, extension] of [
    ["Export PDF", ".pdf"],
    ["Export Excel", ".xlsx"],
  ] as const) {
    test(`${label} downloads the file and leaves no blank tab`, async () => {
      const { context, page } = await signedInPage(browser, app.url, "exporter@example.com", PASSWORD);
      try {
        const path = `/searches/${searchId}`;
        await page.goto(`${app.url}${path}`);
        const link = page.getByRole("link", { name: `${label} (downloads the file)` });
        await expectVisible(link);
        expect(context.pages()).toHaveLength(1);
        const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
        expect(download.suggestedFilename().endsWith(extension)).toBe(true);
        expect(await download.failure()).toBeNull();
        // No other tab or window came up, and this one still shows the results.
        await page.waitForTimeout(500);
        expect(context.pages()).toHaveLength(1);
        expect(new URL(page.url()).pathname).toBe(path);
        await expectVisible(page.getByText("PETROV, Viktor").first());
      } finally {
        await context.close();
      }
    });
  }
});
