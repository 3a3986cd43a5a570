/**
 * The dates on /sanctions: a list that was only imported shows "Never" as its last download (not the import time),
 * and its version shows the publisher's date (the UN list's dateGenerated) beside the import time; an OFAC version,
 * whose CSVs carry no date, shows none. At 1366 px and 375 px the date stays inside its row.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { importDatasetFiles } from "../../lib/sanctions/datasets/import.ts";
import { fixtureFile, fixtureFolder } from "../fixtures/sanctions/fixtures.ts";
import { startApp, type TestApp } from "../helpers/app.ts";
import { setEnv } from "../helpers/env.ts";
import { expectVisible, fullyVisible, HOOK_TIMEOUT_MS, launchBrowser, newPage, signIn, waitForPath } from "./support/browser.ts";

const UN = "UN Security Council Consolidated List";
const SDN = "OFAC Specially Designated Nationals (SDN) List";

let restoreEnv: () => void = () => {};
let app: TestApp;
let browser: Browser;

const stored = (file: { name: string; content: Uint8Array }) => ({ ...file, sourceUrl: null, etag: null, lastModified: null });

beforeAll(async () => {
  restoreEnv = setEnv({ DUECHECK_DATASET_SCHEDULER: "0" });
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  for (const [id, files] of [
    ["un_sc_sanctions", [fixtureFile("un_xml/consolidated.xml")]],
    ["us_ofac_sdn", fixtureFolder("ofac_csv/sdn")],
  ] as const) {
    expect((await importDatasetFiles(app.db, id, files.map(stored), { actor: { kind: "cli" }, timeoutMs: 10_000 })).status).toBe("success");
  }
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  restoreEnv();
}, HOOK_TIMEOUT_MS);

async function sanctionsPage(width: number): Promise<Page> {
  const { page } = await newPage(browser, { viewport: { width, height: 900 } });
  await signIn(page, app.url, "admin@test.local", "Admin-password-1");
  await page.goto(`${app.url}/sanctions`);
  await waitForPath(page, "/sanctions");
  return page;
}

describe("dataset dates on /sanctions", () => {
  for (const width of [1366, 375]) {
    test(`an imported list shows no download time and its version the publisher's date (${width} px)`, async () => {
      const page = await sanctionsPage(width);
      try {
        const un = page.getByRole("article", { name: UN });
        await expectVisible(un);
        const lastDownload = un.locator("dt", { hasText: "Last download" }).locator("xpath=following-sibling::dd");
        expect((await lastDownload.textContent())?.trim()).toBe("Never");
        const published = un.getByTestId("dataset-version-published");
        await expectVisible(published);
        expect(await published.textContent()).toMatch(/^Publisher’s date: .*2026/);
        expect(await published.locator("time").getAttribute("datetime")).toBe("2026-02-27T00:00:09.554Z");
        expect(await fullyVisible(published)).toBe(true);
        // The import time is there too, as the version's own date.
        await expectVisible(un.getByTestId("dataset-version").locator("time").first());

        const sdn = page.getByRole("article", { name: SDN });
        await expectVisible(sdn.getByTestId("dataset-version"));
        expect(await sdn.getByTestId("dataset-version-published").count()).toBe(0);
        expect((await sdn.locator("dt", { hasText: "Last download" }).locator("xpath=following-sibling::dd").textContent())?.trim()).toBe("Never");
      } finally {
        await page.context().close();
      }
    });
  }
});
