/**
 * Small things an admin and an analyst read: the settings subtitle names what its tabs hold; the audit log shows a
 * change's before and after as "field: before → after", not raw JSON; a name chip of the list search shows an
 * Arabic-script word as the user typed it (with its hamza), not the normalised letters the matcher compares.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { recordAudit } from "../../lib/audit/record.ts";
import { importDatasetFiles } from "../../lib/sanctions/datasets/import.ts";
import { sanctionsService } from "../../server/sanctions/service.ts";
import { fixtureFile } from "../fixtures/sanctions/fixtures.ts";
import { startApp, type TestApp } from "../helpers/app.ts";
import { setEnv } from "../helpers/env.ts";
import { expectVisible, HOOK_TIMEOUT_MS, launchBrowser, newPage, signIn, waitForPath } from "./support/browser.ts";

let restoreEnv: () => void = () => {};
let app: TestApp;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  restoreEnv = setEnv({ DUECHECK_DATASET_SCHEDULER: "0" });
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  const un = { ...fixtureFile("un_xml/consolidated.xml"), sourceUrl: null, etag: null, lastModified: null };
  expect((await importDatasetFiles(app.db, "un_sc_sanctions", [un], { actor: { kind: "cli" }, timeoutMs: 10_000 })).status).toBe("success");
  await sanctionsService(app.server.database).index.refresh();
  await recordAudit(app.db, {
    action: "admin.settings_updated",
    actorKind: "cli",
    targetType: "settings",
    targetId: "pricing",
    details: { before: { manualSearchCost: 10, registrationOpen: true, note: null }, after: { manualSearchCost: 12, registrationOpen: true, note: "raised" } },
  });
  ({ page } = await newPage(browser));
  await signIn(page, app.url, "admin@test.local", "Admin-password-1");
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  restoreEnv();
}, HOOK_TIMEOUT_MS);

describe("smaller items", () => {
  test("the settings subtitle lists what its tabs hold", async () => {
    await page.goto(`${app.url}/admin/settings`);
    await waitForPath(page, "/admin/settings");
    // The tabs come with the settings.
    await expectVisible(page.getByRole("tab").first());
    const tabs = (await page.getByRole("tab").allTextContents()).map((name) => name.trim());
    expect(tabs.length).toBeGreaterThanOrEqual(7);
    const subtitle = page.locator("main p.text-muted-foreground").first();
    await expectVisible(subtitle);
    const text = (await subtitle.textContent()) ?? "";
    for (const tab of tabs) expect(text).toContain(tab);
    expect(text).toBe("Search Pricing, Credit Packages, Registration, Review, Security, Records, and Outgoing requests");
  });

  test("the audit log shows a change as field: before → after, not JSON", async () => {
    await page.goto(`${app.url}/admin/audit`);
    await waitForPath(page, "/admin/audit");
    const row = page.getByTestId("audit-row").filter({ hasText: "admin.settings_updated" });
    await expectVisible(row);
    const changes = row.getByTestId("audit-change");
    // Only what changed, each on its line; the unchanged registrationOpen is not listed.
    // (jsonb keeps the keys in its own order: compared as a set.)
    expect((await changes.allTextContents()).map((line) => line.replace(/\s+/g, " ").trim()).sort()).toEqual(["manualSearchCost: 10 → 12", "note: — → raised"]);
    const cost = changes.filter({ hasText: "manualSearchCost" });
    expect(await cost.locator("del").textContent()).toBe("10");
    expect(await cost.locator("ins").textContent()).toBe("12");
    const cell = (await row.textContent()) ?? "";
    expect(cell).not.toContain("{");
    expect(cell).not.toContain("registrationOpen");
  });

  test("an Arabic-script chip shows the word as typed, the listed transliteration beside it", async () => {
    await page.goto(`${app.url}/sanctions`);
    await waitForPath(page, "/sanctions");
    await page.getByRole("tab", { name: "Search" }).click();
    await page.getByLabel("Name to search").fill("إبراهيم عواد");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const result = page.getByTestId("sanctions-result").filter({ hasText: "IBRAHIM" }).first();
    await expectVisible(result);
    const chips = (await result.getByTestId("match-explanation").locator("li").allTextContents()).join(" | ");
    // The hamza under the alef stays: إبراهيم, not the compared letters ابراهيم.
    expect(chips).toContain("إبراهيم");
    expect(chips).not.toMatch(/(^|[^إ])ابراهيم/);
    expect(chips).toMatch(/إبراهيم → IBRAHIM/i);
  });

  test("at 375 px the case list's filters fold behind one Filters button with the count; keyboard opens it", async () => {
    const small = await newPage(browser, { viewport: { width: 375, height: 800 } });
    try {
      await signIn(small.page, app.url, "admin@test.local", "Admin-password-1");
      await small.page.goto(`${app.url}/cases`);
      await waitForPath(small.page, "/cases");
      const toggle = small.page.getByRole("button", { name: "Filters" });
      await expectVisible(toggle);
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");
      const status = small.page.getByLabel("Status", { exact: true });
      expect(await status.isVisible()).toBe(false);
      expect(await small.page.getByLabel("Tags").isVisible()).toBe(false);

      // Keyboard: focus and Enter open the filters; they lie inside the screen's width.
      await toggle.focus();
      await small.page.keyboard.press("Enter");
      await expectVisible(status);
      expect(await toggle.getAttribute("aria-expanded")).toBe("true");
      for (const label of ["Status", "Priority", "Source", "Tags", "Age"]) {
        const box = (await small.page.getByLabel(label, { exact: true }).boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(375);
      }
      await status.selectOption({ label: "Open" });
      await small.page.waitForURL((url) => url.searchParams.get("status") === "open");
      await expectVisible(small.page.getByRole("button", { name: "Filters (1 active)" }));
      // Reloaded with a filter in the address: folded again, the count still said.
      await small.page.reload();
      const again = small.page.getByRole("button", { name: "Filters (1 active)" });
      await expectVisible(again);
      expect(await small.page.getByLabel("Status", { exact: true }).isVisible()).toBe(false);
      await again.focus();
      await small.page.keyboard.press("Space");
      await expectVisible(small.page.getByLabel("Status", { exact: true }));
    } finally {
      await small.context.close();
    }
  });

  test("at 1366 px the case list's filters are shown without the button", async () => {
    const wide = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    try {
      await signIn(wide.page, app.url, "admin@test.local", "Admin-password-1");
      await wide.page.goto(`${app.url}/cases`);
      await expectVisible(wide.page.getByLabel("Status", { exact: true }));
      await expectVisible(wide.page.getByLabel("Tags"));
      expect(await wide.page.getByTestId("case-filters-toggle").isVisible()).toBe(false);
    } finally {
      await wide.context.close();
    }
  });
});
