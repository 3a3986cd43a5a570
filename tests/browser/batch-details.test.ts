/**
 * Subjects with their details in Chromium: the batch preview shows a customer file's birth date, nationality and
 * customer reference (read from its own header names) and names the columns it does not read, at 1366 px and at
 * 375 px; the results carry the details back; the decide dialog offers only the reasons the search can support
 * (the others disabled, saying what is missing) and, with the written-reason setting on, asks for the words a
 * cleared sanctions match needs.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Locator, Page } from "playwright-core";
import { updateSystemSettings } from "../../lib/settings/system-settings.ts";
import { sanctionsService } from "../../server/sanctions/service.ts";
import { HttpClient } from "../../support/http-client.ts";
import { de, en, es, fr } from "../../web/src/i18n/words.ts";
import { importReviewList } from "../fixtures/review-list.ts";
import { keepOnlyDatasets } from "../fixtures/screening.ts";
import { createUser, type TestApp } from "../helpers/app.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import { startScreeningApp } from "../helpers/screening-app.ts";
import { expectDialogOpen, expectHidden, expectVisible, HOOK_TIMEOUT_MS, launchBrowser, newPage, plainText, setLanguages, signIn } from "./support/browser.ts";
import { tr } from "./support/translate.ts";

const ORLOV = "ORLOV, Dmitri Pavlovich";
const analyst = { email: "analyst@example.com", password: "Analyst-password-1", fullName: "Ana Lyst" };
const CUSTOMERS = [
  "Name,Type,Date of birth,Nationality,Customer reference,Segment,Branch",
  "Dmitri Orlov,person,1975,de,CUST-0001,retail,Leipzig",
  "Seafarer Maritime Ltd,company,,,CUST-0002,shipping,Hamburg",
].join("\n");

let app: TestApp;
let stopApp: () => Promise<void>;
let browser: Browser;
let api: HttpClient;

beforeAll(async () => {
  ({ app, stop: stopApp } = await startScreeningApp({}, { ...SCREENING_TEST_ENV, DUECHECK_NEWS_TIMEOUT_MS: "2000" }));
  browser = await launchBrowser();
  await keepOnlyDatasets(app.db, ["us_ofac_sdn"]);
  expect((await importReviewList(app.db)).status).toBe("success");
  await sanctionsService(app.server.database).index.refresh();
  await createUser(app.db, { ...analyst, credits: 1000 });
  api = new HttpClient(app.url);
  await api.signIn(analyst.email, analyst.password);
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await stopApp?.();
}, HOOK_TIMEOUT_MS);

async function pageAt(width: number) {
  const { context, page } = await newPage(browser, { viewport: { width, height: 900 } });
  await signIn(page, app.url, analyst.email, analyst.password);
  return { context, page };
}

const textOf = async (locator: Locator) => plainText(await locator.textContent());

/** The element's box lies within the page's width: nothing is cut off or pushed sideways. */
async function withinWidth(locator: Locator, width: number) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width + 0.5);
}

describe("the batch preview", () => {
  for (const width of [1366, 375]) {
    test(`at ${width} px: birth date, nationality and customer reference shown; unknown columns and a bad line named`, async () => {
      const { context, page } = await pageAt(width);
      try {
        await page.goto(`${app.url}/batch`);
        await page
          .getByLabel(tr(en, "batch.fileLabel"), { exact: true })
          .setInputFiles({ name: "customers.csv", mimeType: "text/csv", buffer: Buffer.from(CUSTOMERS) });
        const preview = page.getByTestId("batch-preview");
        await expectVisible(preview);
        const headers = await preview.getByRole("columnheader").allTextContents();
        for (const key of ["batch.details.customerRef", "batch.details.birthDate", "batch.details.nationality"]) {
          expect(headers).toContain(tr(en, key));
        }
        const orlovRow = preview.getByRole("row").filter({ hasText: "Dmitri Orlov" });
        const cells = (await orlovRow.getByRole("cell").allTextContents()).map((c) => plainText(c));
        expect(cells).toEqual(expect.arrayContaining(["CUST-0001", "1975", "DE"]));
        // The company gave no birth date: said, not left blank.
        const seafarer = preview.getByRole("row").filter({ hasText: "Seafarer Maritime Ltd" });
        expect(await seafarer.getByRole("img", { name: tr(en, "batch.details.none") }).count()).toBe(2);

        const unknown = page.getByTestId("batch-unknown-columns");
        await expectVisible(unknown);
        expect(await textOf(unknown)).toContain(tr(en, "batch.details.unknownColumns", { count: 2, names: "Segment, Branch" }));
        await withinWidth(unknown, width);

        // A bad birth date is named with its line and reason, and nothing is previewed.
        await page
          .getByLabel(tr(en, "batch.fileLabel"), { exact: true })
          .setInputFiles({ name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from("name,dob\nGood Row,1961\nBad Row,31/12/1961\n") });
        const refused = page.getByTestId("batch-csv-error");
        await expectVisible(refused);
        const reason = tr(en, "Birth date must be a year (1956) or a date (1956-03-04)");
        expect(await textOf(refused)).toContain(tr(en, "batch.csv.line", { line: 3, reason }));
        await expectHidden(preview);
      } finally {
        await context.close();
      }
    }, 60_000);
  }

  test("the results show each row's customer reference and details under its name", async () => {
    const created = await api.post("/api/batch-jobs", { name: "Customers", totalEntities: 1, status: "processing" });
    const added = await api.post(`/api/batch-jobs/${created.json.id}/entities`, {
      entities: [{ searchTerm: "Dmitri Orlov", birthDate: "1975", nationality: "DE", customerRef: "CUST-0001" }],
    });
    expect(added.status).toBe(200);
    const { context, page } = await pageAt(1366);
    try {
      await page.goto(`${app.url}/batch/${created.json.id}`);
      const details = page.getByTestId("batch-result-details");
      await expectVisible(details, 30_000);
      const text = await textOf(details);
      expect(text).toContain(`${tr(en, "batch.details.customerRef")}: CUST-0001`);
      expect(text).toContain(`${tr(en, "batch.details.birthDate")}: 1975`);
      expect(text).toContain(`${tr(en, "batch.details.nationality")}: DE`);
    } finally {
      await context.close();
    }
  }, 60_000);
});

describe("the decide dialog", () => {
  async function screened(body: Record<string, unknown> = {}) {
    const created = await api.post("/api/searches", { searchTerm: "Dmitri Orlov", entityType: "person", ...body });
    expect((await api.get(`/api/searches/${created.json.id}?wait=30`)).json.status).toBe("completed");
    return created.json.id as string;
  }

  async function openDialog(page: Page, searchId: string) {
    await page.goto(`${app.url}/?view=${searchId}`);
    await expectVisible(page.getByTestId("search-results"), 30_000);
    await page
      .getByTestId("sanctions-hit")
      .filter({ hasText: ORLOV })
      .getByRole("button", { name: tr(en, "reviews.decideLabel", { name: ORLOV }) })
      .click();
    const dialog = page.getByTestId("decide-dialog");
    await expectDialogOpen(dialog);
    await dialog.getByRole("radio", { name: tr(en, "reviews.decision.false_positive") }).click();
    return dialog;
  }

  test("a search without details: the reasons comparing a birth date, nationality or gender are disabled, saying why", async () => {
    const searchId = await screened();
    const { context, page } = await pageAt(1366);
    try {
      const dialog = await openDialog(page, searchId);
      const birth = dialog.getByRole("radio", { name: tr(en, "review.reason.different_birth_date") });
      expect(await birth.isDisabled()).toBe(true);
      expect(await dialog.getByRole("radio", { name: tr(en, "review.reason.different_nationality") }).isDisabled()).toBe(true);
      expect(await dialog.getByRole("radio", { name: tr(en, "review.reason.different_gender") }).isDisabled()).toBe(true);
      expect(await dialog.getByRole("radio", { name: tr(en, "review.reason.common_name") }).isDisabled()).toBe(false);
      // The explanation is tied to the disabled choice.
      const hint = await birth.getAttribute("aria-describedby");
      expect(plainText(await page.locator(`[id="${hint}"]`).textContent())).toBe(tr(en, "clearance.unavailable.birthDate"));
    } finally {
      await context.close();
    }
  }, 60_000);

  test("with a country searched, different nationality is offered; with the setting on, clearing the match asks for 20 characters", async () => {
    const searchId = await screened({ country: "DE" });
    await updateSystemSettings(app.db, { writtenReasonToClearMatch: true });
    const { context, page } = await pageAt(375);
    try {
      const dialog = await openDialog(page, searchId);
      expect(await dialog.getByRole("radio", { name: tr(en, "review.reason.different_nationality") }).isDisabled()).toBe(false);
      expect(await dialog.getByRole("radio", { name: tr(en, "review.reason.different_birth_date") }).isDisabled()).toBe(true);
      await dialog.getByRole("radio", { name: tr(en, "review.reason.common_name") }).click();
      const words = dialog.getByRole("textbox", { name: tr(en, "clearance.matchTextLabel", { min: 20 }) });
      await expectVisible(words);
      await words.fill("Not him");
      await dialog.getByRole("button", { name: tr(en, "reviews.decide.save") }).click();
      await expectVisible(dialog.getByText(tr(en, "clearance.matchTextShort", { min: 20 })));
      expect((await api.get(`/api/searches/${searchId}`)).json.review.decisions).toEqual([]);
      await words.fill("Our customer is a teacher in Leipzig");
      await dialog.getByRole("button", { name: tr(en, "reviews.decide.save") }).click();
      await expectHidden(dialog);
      const decisions = (await api.get(`/api/searches/${searchId}`)).json.review.decisions;
      expect(decisions).toEqual([expect.objectContaining({ reason: "common_name", text: "Our customer is a teacher in Leipzig" })]);
    } finally {
      await updateSystemSettings(app.db, { writtenReasonToClearMatch: false });
      await context.close();
    }
  }, 60_000);
});

describe("the admin settings", () => {
  test("the Review tab shows the written-reason setting, off, with its label in en, de, es and fr", async () => {
    const admin = { email: "settings-admin@example.com", password: "Settings-admin-1", fullName: "Set Tings" };
    await createUser(app.db, { ...admin, role: "admin" });
    const { context, page } = await newPage(browser);
    try {
      await signIn(page, app.url, admin.email, admin.password);
      for (const [code, words] of Object.entries({ en, de, es, fr }) as [string, Record<string, string>][]) {
        await setLanguages(page, code);
        await page.goto(`${app.url}/admin/settings`);
        await page.getByRole("tab", { name: tr(words, "reviews.settings.tab") }).click();
        const setting = page.getByRole("switch", { name: tr(words, "clearance.setting") });
        await expectVisible(setting);
        expect(await setting.getAttribute("aria-checked")).toBe("false");
        await expectVisible(page.getByText(tr(words, "clearance.settingHint")));
      }
    } finally {
      await context.close();
    }
  }, 60_000);
});
