/**
 * A PEP hit on the result page, in Chromium against the real server: a FollowTheMoney PEP file made for the test
 * (tests/fixtures/pep-ftm.ts) added and imported with `duecheck datasets add` / `import`; the listing shows the
 * person's role, the position with its country, level and dates, and for a spouse whose spouse they are; the risk
 * reasons say which position it is.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { getSystemSetting, updateSystemSettings } from "../../lib/settings/system-settings.ts";
import { pepFtmFile } from "../fixtures/pep-ftm.ts";
import { keepOnlyDatasets } from "../fixtures/screening.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { runCli } from "../helpers/cli.ts";
import { SCREENING_TEST_ENV, setEnv } from "../helpers/env.ts";
import { importSdnFixture } from "../helpers/sdn-fixture.ts";
import { expectVisible, HOOK_TIMEOUT_MS, launchBrowser, newPage, signedInPage, signIn } from "./support/browser.ts";

const RESULT_TIMEOUT_MS = 30_000;
const ENV = { ...SCREENING_TEST_ENV, DUECHECK_NEWS_PROVIDERS: "none" };
const analyst = { email: "pep.analyst@example.com", password: "Screening-2024!", fullName: "Paula Analyst" };
const admin = { email: "pep.admin@example.com", password: "Screening-2024!", fullName: "Adam Admin", role: "admin" as const };

let app: TestApp;
let browser: Browser;
let page: Page;
let folder: string;
let restoreEnv: () => void = () => {};

beforeAll(async () => {
  restoreEnv = setEnv(ENV);
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  await importSdnFixture(app);
  folder = mkdtempSync(join(tmpdir(), "dc-pep-browser-"));
  writeFileSync(join(folder, "entities.ftm.json"), pepFtmFile());
  const env = { ...app.env, ...ENV };
  const url = "https://data.example.org/invented-peps/entities.ftm.json";
  expect((await runCli(["datasets", "add", "Invented PEPs", "--type", "pep", "--format", "opensanctions_ftm", "--url", url, "--no-auto"], env)).code).toBe(0);
  expect((await runCli(["datasets", "import", "invented_peps", join(folder, "entities.ftm.json")], env)).code).toBe(0);
  await keepOnlyDatasets(app.db, ["us_ofac_sdn", "invented_peps"]);
  await createUser(app.db, { ...analyst, credits: 100 });
  await createUser(app.db, admin);
  ({ page } = await newPage(browser));
  await signIn(page, app.url, analyst.email, analyst.password);
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  rmSync(folder, { recursive: true, force: true });
  restoreEnv();
}, HOOK_TIMEOUT_MS);

async function screen(term: string) {
  await page.goto(`${app.url}/`);
  await page.getByLabel("Name of person or company").fill(term);
  await page.getByRole("button", { name: "Run Due Diligence Check" }).click();
  await expectVisible(page.getByRole("heading", { name: "Search Results" }), RESULT_TIMEOUT_MS);
  return page.getByTestId("search-results");
}

describe("the organisation's country", () => {
  test("the owner sets it in the team settings; it holds after a reload", async () => {
    await page.goto(`${app.url}/organisation`);
    const field = page.getByRole("textbox", { name: "Country of the organisation" });
    await expectVisible(field);
    await field.fill("it");
    await page.getByRole("form", { name: "Country of the organisation" }).getByRole("button", { name: "Save" }).click();
    await expectVisible(page.getByText("The organisation's country is now IT."));
    await page.reload();
    await expectVisible(field);
    expect(await field.inputValue()).toBe("IT");
  }, 60_000);
});

describe("a PEP hit on the result page", () => {
  test("a current PEP: the role and the position with country, level and since when; the reason names it", async () => {
    const card = await screen("Marco Bellandi");
    const listing = card.getByTestId("pep-listing");
    await expectVisible(listing.getByTestId("pep-role").getByText("Politically exposed person"));
    await expectVisible(listing.getByTestId("pep-positions").getByText("Member of the Senate, IT, national, since 2018-03-23, in office"));
    await expectVisible(card.getByText("current national PEP (Member of the Senate, IT, since 2018-03-23)"));
    // The address survives a reload.
    await page.reload();
    await expectVisible(page.getByTestId("pep-positions").getByText("Member of the Senate, IT, national, since 2018-03-23, in office"), RESULT_TIMEOUT_MS);
  }, 60_000);

  test("a spouse: a relative or close associate, and whose spouse", async () => {
    const card = await screen("Livia Bellandi");
    const listing = card.getByTestId("pep-listing");
    await expectVisible(listing.getByTestId("pep-role").getByText("Relative or close associate of a PEP"));
    await expectVisible(listing.getByTestId("pep-related").getByText("spouse: Marco Bellandi"));
    await expectVisible(card.getByText("spouse of a PEP (Marco Bellandi)"));
    expect(await listing.getByTestId("pep-positions").count()).toBe(0);
  }, 60_000);
});

describe("the installation's foreign-PEP setting", () => {
  test("an administrator turns 'foreign PEPs weigh more' off in the settings' Review tab", async () => {
    const { context, page: adminPage } = await signedInPage(browser, app.url, admin.email, admin.password);
    try {
      await adminPage.goto(`${app.url}/admin/settings`);
      await adminPage.getByRole("tab", { name: "Review" }).click();
      const setting = adminPage.getByRole("switch", { name: "Foreign PEPs weigh more" });
      expect(await setting.getAttribute("aria-checked")).toBe("true");
      await setting.click();
      await adminPage.getByRole("button", { name: "Save Changes" }).click();
      await expectVisible(adminPage.getByText("Settings Updated"));
      expect(await getSystemSetting(app.db, "foreignPepHigherRisk")).toBe(false);
    } finally {
      await context.close();
      await updateSystemSettings(app.db, { foreignPepHigherRisk: true });
    }
  }, 60_000);
});
