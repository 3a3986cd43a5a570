/**
 * Cases made by hand in the browser against the real server, pipeline and database: an analyst opens a case from
 * "New case" on /cases, adds the team's screening of the subject from the case page, tags it, and finds it again with
 * the list's tag filter, which a reload keeps; the age filter too. A second case for the subject is refused with a
 * link to the first, and the dialog works by keyboard at 375 px.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Locator, Page } from "playwright-core";
import { createUser as createMember } from "../../lib/auth/users.ts";
import { HttpClient } from "../../support/http-client.ts";
import { createUser, type TestApp } from "../helpers/app.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import { startScreeningApp } from "../helpers/screening-app.ts";
import {
  expectDialogOpen,
  expectHidden,
  expectVisible,
  fullyVisible,
  HOOK_TIMEOUT_MS,
  launchBrowser,
  newPage,
  plainText,
  signedInPage,
  signIn,
  waitForPath,
} from "./support/browser.ts";

const TEST_TIMEOUT_MS = 90_000;
const OWNER = { email: "owner@example.com", password: "Owner-password-1", fullName: "Olga Owner" };
const ANALYST = { email: "analyst@example.com", password: "Analyst-password-1", fullName: "Ana Lyst" };

let app: TestApp;
let stopApp: () => Promise<void>;
let browser: Browser;
let analystApi: HttpClient;
let page: Page;

beforeAll(async () => {
  ({ app, stop: stopApp } = await startScreeningApp({}, { ...SCREENING_TEST_ENV, DUECHECK_NEWS_TIMEOUT_MS: "1000" }));
  browser = await launchBrowser();
  const organisationId = (await createUser(app.db, { ...OWNER, credits: 1000 })).organisationId;
  await createMember(
    app.db,
    { ...ANALYST, phoneNumber: "0123456789", company: "Acme Compliance", position: "analyst" },
    { membership: { organisationId, role: "analyst" } },
  );
  analystApi = new HttpClient(app.url);
  await analystApi.signIn(ANALYST.email, ANALYST.password);
  ({ page } = await signedInPage(browser, app.url, ANALYST.email, ANALYST.password));
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await stopApp?.();
}, HOOK_TIMEOUT_MS);

const textOf = async (locator: Locator) => plainText(await locator.textContent());
const caseRow = (p: Page, caseId: string) => p.locator(`[data-testid="case-row"][data-case-id="${caseId}"]`);

/** The analyst's screening of the name over the API, completed (a name on no list: it is in no case). */
async function screened(name: string) {
  const created = await analystApi.post("/api/searches", { searchTerm: name, entityType: "person" });
  expect(created.status).toBe(201);
  const done = await analystApi.get(`/api/searches/${created.json.id}?wait=30`);
  expect([done.json.status, done.json.caseId]).toEqual(["completed", null]);
  return done.json;
}

/** "New case" on /cases, filled in and sent; the dialog is returned. */
async function openByHand(p: Page, title: string, name: string) {
  await p.goto(`${app.url}/cases`);
  await p.getByRole("button", { name: "New case" }).click();
  const dialog = p.getByTestId("new-case-dialog");
  await expectDialogOpen(dialog);
  await dialog.getByLabel("Title", { exact: true }).fill(title);
  await dialog.getByLabel("Name of the person or company").fill(name);
  await dialog.getByRole("button", { name: "Open case" }).click();
  return dialog;
}

describe("cases opened by hand", () => {
  test(
    "opened from /cases, a search added, tagged, and found by tag and age; a reload keeps the filters",
    async () => {
      const search = await screened("Quentin Nobodysson");
      // Another case of the team, untagged: the tag filter leaves it out.
      const other = await analystApi.post("/api/cases", { title: "Untagged case", subject: { name: "Other Subject", entityType: "person" } });
      expect(other.status).toBe(201);

      // The form checks with the server's rules before sending: a title is required.
      await page.goto(`${app.url}/cases`);
      await page.getByRole("button", { name: "New case" }).click();
      const dialog = page.getByTestId("new-case-dialog");
      await expectDialogOpen(dialog);
      await dialog.getByLabel("Name of the person or company").fill("Quentin Nobodysson");
      await dialog.getByRole("button", { name: "Open case" }).click();
      await expectVisible(dialog.getByText("Title is required"));
      await dialog.getByLabel("Title", { exact: true }).fill("Onboarding Quentin");
      await dialog.getByRole("button", { name: "Open case" }).click();

      // The case page, named by its title, opened at media priority.
      await page.waitForURL((url) => /^\/cases\/[0-9a-f-]{36}$/.test(url.pathname));
      const caseId = new URL(page.url()).pathname.split("/").at(-1)!;
      await expectVisible(page.getByRole("heading", { name: "Onboarding Quentin", level: 1 }));
      expect(await textOf(page.getByTestId("case-fact-priority"))).toBe("Media");
      expect(await textOf(page.locator('[data-testid="case-event"][data-kind="opened"]'))).toContain("Ana Lyst");

      // The team's screening of the subject is offered, and added with one button.
      const candidate = page.getByTestId("case-search-candidate");
      await expectVisible(candidate);
      expect(await textOf(candidate)).toContain("Quentin Nobodysson");
      await candidate.getByRole("button", { name: /^Add the search Quentin Nobodysson of / }).click();
      await expectVisible(page.getByTestId("case-search"));
      await expectHidden(candidate);
      expect((await analystApi.get(`/api/searches/${search.id}`)).json.caseId).toBe(caseId);
      await expectVisible(page.locator('[data-testid="case-event"][data-kind="search_added"]'));

      // Tags, by keyboard: trimmed and lower case; a comma is refused here, as the server would.
      const tagBox = page.getByLabel("Add a tag");
      await tagBox.fill("  Onboarding ");
      await tagBox.press("Enter");
      await expectVisible(page.getByTestId("case-tag").filter({ hasText: "onboarding" }));
      await tagBox.fill("kyc,2026");
      await tagBox.press("Enter");
      await expectVisible(page.getByTestId("case-tags").getByRole("alert"));
      await tagBox.fill("KYC");
      await tagBox.press("Enter");
      await expectVisible(page.getByTestId("case-tag").filter({ hasText: "kyc" }));
      expect(await page.getByTestId("case-tag").allTextContents()).toEqual(["onboarding", "kyc"]);
      await expectVisible(page.locator('[data-testid="case-event"][data-kind="tags_changed"]').filter({ hasText: "onboarding, kyc" }));

      // The list filtered by tag: the address keeps it, a reload too.
      await page.goto(`${app.url}/cases`);
      await expectVisible(caseRow(page, other.json.id));
      await page.getByLabel("Tags", { exact: true }).fill("KYC");
      await page.getByLabel("Tags", { exact: true }).press("Enter");
      await page.waitForURL((url) => url.searchParams.get("tag") === "kyc");
      await expectHidden(caseRow(page, other.json.id));
      const row = caseRow(page, caseId);
      await expectVisible(row);
      expect(await row.getByTestId("case-row-tag").allTextContents()).toEqual(["onboarding", "kyc"]);
      await page.reload();
      await expectVisible(caseRow(page, caseId));
      expect(await page.getByLabel("Tags", { exact: true }).inputValue()).toBe("kyc");
      expect(await caseRow(page, other.json.id).count()).toBe(0);

      // Older than a week: the case opened today is not; kept by a reload, then dropped.
      await page.getByLabel("Age", { exact: true }).selectOption("7");
      await page.waitForURL((url) => url.searchParams.get("olderThan") === "7" && url.searchParams.get("tag") === "kyc");
      await expectHidden(caseRow(page, caseId));
      await page.reload();
      expect(await page.getByLabel("Age", { exact: true }).inputValue()).toBe("7");
      await expectVisible(page.getByText("No cases in this view."));
      await page.getByLabel("Age", { exact: true }).selectOption("");
      await expectVisible(caseRow(page, caseId));
      await page.getByRole("button", { name: "Clear the tag filter" }).click();
      await expectVisible(caseRow(page, other.json.id));
      await page.waitForURL((url) => !url.searchParams.has("tag"));

      // A second case for the subject: refused, with a link to the first.
      const again = await openByHand(page, "Again", "QUENTIN nobodysson");
      const error = again.getByTestId("new-case-error");
      await expectVisible(error);
      expect(await textOf(error)).toContain("The subject already has a case that is not closed.");
      await error.getByRole("link", { name: "Open that case" }).click();
      await waitForPath(page, `/cases/${caseId}`);
      await expectVisible(page.getByRole("heading", { name: "Onboarding Quentin", level: 1 }));
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "Add to case on a search's result page: the search in no case goes into its subject's case, opened for it",
    async () => {
      const search = await screened("Xaver Nohits");
      await page.goto(`${app.url}/searches/${search.id}`);
      const add = page.getByTestId("add-to-case");
      await expectVisible(add);
      await add.click();
      await page.waitForURL((url) => /^\/cases\/[0-9a-f-]{36}$/.test(url.pathname));
      const caseId = new URL(page.url()).pathname.split("/").at(-1)!;
      await expectVisible(page.getByRole("heading", { name: "Xaver Nohits", level: 1 }));
      expect(await page.getByTestId("case-search").allTextContents()).toEqual([expect.stringContaining("Xaver Nohits")]);
      // A second screening of the subject joins that case, not a new one.
      const again = await screened("Xaver Nohits");
      await page.goto(`${app.url}/searches/${again.id}`);
      await page.getByTestId("add-to-case").click();
      await waitForPath(page, `/cases/${caseId}`);
      await expectVisible(page.getByTestId("case-search").nth(1));
      // In a case now, the result page offers the case instead.
      await page.goto(`${app.url}/searches/${again.id}`);
      await expectVisible(page.getByTestId("search-review").getByRole("link", { name: "Open the case" }));
      expect(await page.getByTestId("add-to-case").count()).toBe(0);
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "at 375 px the button, the dialog and the filters fit, and the dialog is used by keyboard",
    async () => {
      const { context, page: narrow } = await newPage(browser, { viewport: { width: 375, height: 740 } });
      await signIn(narrow, app.url, ANALYST.email, ANALYST.password);
      await narrow.goto(`${app.url}/cases`);
      const button = narrow.getByRole("button", { name: "New case" });
      expect(await fullyVisible(button)).toBe(true);
      // On a phone the filters fold behind one button (collapsible-filters.tsx).
      await narrow.getByRole("button", { name: "Filters" }).click();
      expect(await fullyVisible(narrow.getByLabel("Tags", { exact: true }))).toBe(true);
      expect(await fullyVisible(narrow.getByLabel("Age", { exact: true }))).toBe(true);
      await button.focus();
      await narrow.keyboard.press("Enter");
      const dialog = narrow.getByTestId("new-case-dialog");
      await expectDialogOpen(dialog);
      await dialog.getByLabel("Title", { exact: true }).focus();
      await narrow.keyboard.type("Keyboard case");
      await narrow.keyboard.press("Tab");
      await narrow.keyboard.type("Kira Keyboard");
      expect(await fullyVisible(dialog.getByRole("button", { name: "Open case" }))).toBe(true);
      await narrow.keyboard.press("Enter");
      await narrow.waitForURL((url) => /^\/cases\/[0-9a-f-]{36}$/.test(url.pathname));
      await expectVisible(narrow.getByRole("heading", { name: "Keyboard case", level: 1 }));
      expect(await fullyVisible(narrow.getByLabel("Add a tag"))).toBe(true);
      await context.close();
    },
    TEST_TIMEOUT_MS,
  );
});
