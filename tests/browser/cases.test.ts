/**
 * Cases in the browser against the real server, pipeline and database: a small OFAC list (Dmitri Orlov listed). A
 * screening with his hit opens a case; the analyst finds it on /cases, decides its hits on the search's review screen
 * and closes it with an outcome; an analyst escalates a case and a reviewer of the organisation takes it from
 * "Escalated"; a case past its due date carries a written "Overdue" mark, also at 375 px in German. One app, one
 * browser and the same members for every test; each test screens another subject (another birth date), so it has a
 * case of its own.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Locator, Page } from "playwright-core";
import { createUser as createMember } from "../../lib/auth/users.ts";
import { changeCaseStatus } from "../../lib/cases/status.ts";
import { manualClock } from "../../lib/clock.ts";
import { sanctionsService } from "../../server/sanctions/service.ts";
import { HttpClient } from "../../support/http-client.ts";
import { de } from "../../web/src/i18n/words.ts";
import { importReviewList } from "../fixtures/review-list.ts";
import { keepOnlyDatasets } from "../fixtures/screening.ts";
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
  setLanguages,
  signedInPage,
  signIn,
  waitForPath,
} from "./support/browser.ts";
import { tr } from "./support/translate.ts";

const TEST_TIMEOUT_MS = 90_000;
const OWNER = { email: "owner@example.com", password: "Owner-password-1", fullName: "Olga Owner" };
const ANALYST = { email: "analyst@example.com", password: "Analyst-password-1", fullName: "Ana Lyst" };
const REVIEWER = { email: "reviewer@example.com", password: "Reviewer-password-1", fullName: "Rita Viewer" };
const AUDITOR = { email: "auditor@example.com", password: "Auditor-password-1", fullName: "Audrey Tor" };

let app: TestApp;
let stopApp: () => Promise<void>;
let browser: Browser;
let organisationId: string;
let analystId: string;
let analystApi: HttpClient;
let analystPage: Page;
let reviewerPage: Page;

/** A member made straight into the owner's organisation with the role (as an accepted invitation leaves them). */
async function member(person: typeof ANALYST, role: "analyst" | "reviewer" | "auditor") {
  const user = await createMember(
    app.db,
    { email: person.email, password: person.password, fullName: person.fullName, phoneNumber: "0123456789", company: "Acme Compliance", position: role },
    { membership: { organisationId, role } },
  );
  return user.id;
}

beforeAll(async () => {
  ({ app, stop: stopApp } = await startScreeningApp({}, { ...SCREENING_TEST_ENV, DUECHECK_NEWS_TIMEOUT_MS: "1000" }));
  browser = await launchBrowser();
  await keepOnlyDatasets(app.db, ["us_ofac_sdn"]);
  expect((await importReviewList(app.db)).status).toBe("success");
  await sanctionsService(app.server.database).index.refresh();
  organisationId = (await createUser(app.db, { ...OWNER, credits: 1000 })).organisationId;
  analystId = await member(ANALYST, "analyst");
  await member(REVIEWER, "reviewer");
  await member(AUDITOR, "auditor");
  analystApi = new HttpClient(app.url);
  await analystApi.signIn(ANALYST.email, ANALYST.password);
  ({ page: analystPage } = await signedInPage(browser, app.url, ANALYST.email, ANALYST.password));
  ({ page: reviewerPage } = await signedInPage(browser, app.url, REVIEWER.email, REVIEWER.password));
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await stopApp?.();
}, HOOK_TIMEOUT_MS);

/** The analyst's screening of Dmitri Orlov born on the day, over the API and completed: it is in a case. */
async function screenedOrlov(birthDate: string): Promise<{ searchId: string; caseId: string; search: any }> {
  const created = await analystApi.post("/api/searches", { searchTerm: "Dmitri Orlov", entityType: "person", details: { birthDate } });
  expect(created.status).toBe(201);
  const done = await analystApi.get(`/api/searches/${created.json.id}?wait=30`);
  expect(done.json.status).toBe("completed");
  expect(done.json.caseId).toEqual(expect.any(String));
  return { searchId: created.json.id, caseId: done.json.caseId, search: done.json };
}

const textOf = async (locator: Locator) => plainText(await locator.textContent());
const caseRow = (page: Page, caseId: string) => page.locator(`[data-testid="case-row"][data-case-id="${caseId}"]`);
const views = (page: Page) => page.getByRole("navigation", { name: "Case views" });
const fact = (page: Page, name: string) => page.getByTestId(`case-fact-${name}`);

async function openCase(page: Page, caseId: string) {
  await page.goto(`${app.url}/cases/${caseId}`);
  await expectVisible(page.getByTestId("case-page"));
}

describe("cases", () => {
  test(
    "from a screening to closing: found on /cases, hits decided on the review screen, closed with an outcome",
    async () => {
      const { searchId, caseId } = await screenedOrlov("1961-04-03");
      const page = analystPage;

      // The sidebar entry; the view is in the address and survives a reload.
      await page.goto(`${app.url}/`);
      await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Cases" }).click();
      await waitForPath(page, "/cases");
      await expectVisible(page.getByRole("heading", { name: "Cases", level: 1 }));
      await views(page).getByRole("link", { name: "Unassigned" }).click();
      await page.waitForURL((url) => url.searchParams.get("view") === "unassigned");
      await page.reload();
      expect(await views(page).getByRole("link", { name: "Unassigned" }).getAttribute("aria-current")).toBe("page");
      const row = caseRow(page, caseId);
      await expectVisible(row);
      expect(await textOf(row.getByTestId("case-priority"))).toBe("Sanctions");
      expect(await textOf(row.getByTestId("case-status"))).toBe("Open");
      expect(await textOf(row.getByTestId("case-assignee"))).toBe("Unassigned");
      expect(await textOf(row.getByTestId("case-due"))).toMatch(/^Due /);
      expect(await row.getByTestId("case-overdue").count()).toBe(0);
      // The status filter is in the address too: no closed case is listed yet.
      await page.getByLabel("Status").selectOption("closed");
      await page.waitForURL((url) => url.searchParams.get("status") === "closed");
      await expectHidden(row);
      await page.getByLabel("Status").selectOption("");
      await expectVisible(row);

      // The case page names itself; the analyst takes it.
      await row.getByRole("link", { name: "Open the case Dmitri Orlov" }).click();
      await waitForPath(page, `/cases/${caseId}`);
      await expectVisible(page.getByRole("heading", { name: "Dmitri Orlov", level: 1 }));
      expect(await textOf(fact(page, "subject"))).toContain("Dmitri Orlov");
      expect(await textOf(fact(page, "status"))).toBe("Open");
      expect(await textOf(fact(page, "outcome"))).toBe("No outcome yet");
      await page.getByRole("button", { name: "Assign to me" }).click();
      await page.waitForFunction(() => document.querySelector('[data-testid="case-fact-assignee"]')?.textContent === "Ana Lyst");
      await expectVisible(page.getByRole("button", { name: "Hand back" }));

      // Closing with a hit undecided: the server's 409 is shown in the dialog, and nothing changes.
      await page.getByRole("button", { name: "Close case" }).click();
      const close = page.getByTestId("case-close-dialog");
      await expectDialogOpen(close);
      await close.getByRole("radio", { name: "False positive" }).click();
      await close.getByRole("button", { name: "Close case" }).click();
      await expectVisible(close.getByTestId("case-dialog-error"));
      expect(await textOf(close.getByTestId("case-dialog-error"))).toMatch(/not decided yet/);
      await close.getByRole("button", { name: "Cancel" }).click();
      await expectHidden(close);
      expect(await textOf(fact(page, "status"))).toBe("Open");

      // The search opens its review screen, where every hit is decided.
      await page.getByTestId("case-search").getByRole("link").click();
      await waitForPath(page, `/reviews/${searchId}`);
      const item = page.getByTestId("review-item");
      await expectVisible(item.getByTestId("review-hit"));
      const decide = item.getByRole("button", { name: /^Decide on / });
      while ((await decide.count()) > 0) {
        const before = await decide.count();
        await decide.first().click();
        const dialog = page.getByTestId("decide-dialog");
        await expectDialogOpen(dialog);
        await dialog.getByRole("radio", { name: "False positive" }).click();
        await dialog.getByRole("radio", { name: "Common name" }).click();
        await dialog.getByRole("button", { name: "Save decision" }).click();
        await expectHidden(dialog);
        await page.waitForFunction(([selector, n]) => document.querySelectorAll(selector).length < n, [
          '[data-testid="review-item"] [data-testid="hit-undecided"]',
          before,
        ] as const);
      }

      // Back on the case: closed with its outcome, which a reload keeps.
      await openCase(page, caseId);
      expect(await textOf(fact(page, "open-hits"))).toBe("0");
      await page.getByRole("button", { name: "Close case" }).click();
      await expectDialogOpen(close);
      await close.getByRole("radio", { name: "False positive" }).click();
      await close.getByRole("button", { name: "Close case" }).click();
      await expectHidden(close);
      await page.waitForFunction(() => document.querySelector('[data-testid="case-fact-status"]')?.textContent === "Closed");
      await page.reload();
      await expectVisible(page.getByTestId("case-page"));
      expect(await textOf(fact(page, "status"))).toBe("Closed");
      expect(await textOf(fact(page, "outcome"))).toBe("False positive");
      await expectVisible(page.getByRole("button", { name: "Reopen" }));
      expect(await page.getByRole("button", { name: "Close case" }).count()).toBe(0);
      expect(await page.getByRole("button", { name: "Escalate" }).count()).toBe(0);
      const closing = page.locator('[data-testid="case-event"][data-kind="status_changed"]').last();
      expect(await textOf(closing)).toContain("Closed · False positive");
      expect(await textOf(closing)).toContain("Ana Lyst");

      // Notes are added on a closed case too.
      await page.getByLabel("Add a note").fill("Registry extract on file: other person");
      await page.getByRole("button", { name: "Save note" }).click();
      await expectVisible(page.getByTestId("case-note").filter({ hasText: "Registry extract on file: other person" }));

      // Listed as closed.
      await page.goto(`${app.url}/cases?status=closed`);
      expect(await textOf(caseRow(page, caseId).getByTestId("case-status"))).toBe("Closed");
      expect(await textOf(caseRow(page, caseId).getByTestId("case-due"))).toBe("False positive");

      // Reopening asks for a reason, which the timeline keeps; the outcome is cleared.
      await openCase(page, caseId);
      await page.getByRole("button", { name: "Reopen" }).click();
      const reopen = page.getByTestId("case-reopen-dialog");
      await expectDialogOpen(reopen);
      await reopen.getByRole("button", { name: "Reopen" }).click();
      await expectVisible(reopen.getByText("This field is required", { exact: false }));
      await reopen.getByLabel("Reason").fill("The customer sent a new passport");
      await reopen.getByRole("button", { name: "Reopen" }).click();
      await expectHidden(reopen);
      await page.waitForFunction(() => document.querySelector('[data-testid="case-fact-status"]')?.textContent === "Open");
      expect(await textOf(fact(page, "outcome"))).toBe("No outcome yet");
      expect(await textOf(page.locator('[data-testid="case-event"][data-kind="reopened"]').last())).toContain("The customer sent a new passport");
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "escalation between two members: the analyst escalates with a reason, a reviewer takes it from Escalated",
    async () => {
      const { caseId } = await screenedOrlov("1962-05-04");
      const reason = "Same birth year as the listing: check the passport";

      await openCase(analystPage, caseId);
      await analystPage.getByRole("button", { name: "Assign to me" }).click();
      await analystPage.waitForFunction(() => document.querySelector('[data-testid="case-fact-assignee"]')?.textContent === "Ana Lyst");
      // An analyst cannot give a case to someone else: the screen does not offer it.
      expect(await analystPage.getByLabel("Assign to a member").count()).toBe(0);
      await analystPage.getByRole("button", { name: "Escalate" }).click();
      const dialog = analystPage.getByTestId("case-escalate-dialog");
      await expectDialogOpen(dialog);
      // A reason is required.
      await dialog.getByRole("button", { name: "Escalate" }).click();
      await expectVisible(dialog.getByText("This field is required", { exact: false }));
      await dialog.getByLabel("What should the reviewers look at?").fill(reason);
      await dialog.getByRole("button", { name: "Escalate" }).click();
      await expectHidden(dialog);
      await expectVisible(fact(analystPage, "status").getByTestId("case-escalated"));
      expect(await textOf(fact(analystPage, "assignee"))).toBe("Unassigned");
      await expectVisible(analystPage.getByTestId("case-note").filter({ hasText: reason }));
      // It left the analyst's "Mine".
      await analystPage.goto(`${app.url}/cases?view=mine`);
      await expectVisible(analystPage.getByTestId("case-total"));
      expect(await caseRow(analystPage, caseId).count()).toBe(0);

      // The reviewer finds it under Escalated and takes it.
      await reviewerPage.goto(`${app.url}/cases`);
      await views(reviewerPage).getByRole("link", { name: "Escalated" }).click();
      await reviewerPage.waitForURL((url) => url.searchParams.get("view") === "escalated");
      const row = caseRow(reviewerPage, caseId);
      await expectVisible(row.getByTestId("case-escalated"));
      await row.getByRole("link").first().click();
      await waitForPath(reviewerPage, `/cases/${caseId}`);
      await expectVisible(reviewerPage.getByTestId("case-note").filter({ hasText: reason }));
      await reviewerPage.getByRole("button", { name: "Assign to me" }).click();
      await reviewerPage.waitForFunction(() => document.querySelector('[data-testid="case-fact-assignee"]')?.textContent === "Rita Viewer");
      await expectHidden(fact(reviewerPage, "status").getByTestId("case-escalated"));
      // A reviewer may give it to a member (here back to the analyst, then take it again).
      // Each member is offered with the open cases they hold.
      const analystOption = reviewerPage.getByLabel("Assign to a member").locator("option", { hasText: "Ana Lyst" });
      expect(await analystOption.textContent()).toMatch(/^Ana Lyst · \d+ open cases?$/);
      await reviewerPage.getByLabel("Assign to a member").selectOption((await analystOption.getAttribute("value")) ?? "");
      await reviewerPage.getByRole("button", { name: "Assign", exact: true }).click();
      await reviewerPage.waitForFunction(() => document.querySelector('[data-testid="case-fact-assignee"]')?.textContent === "Ana Lyst");
      await reviewerPage.goto(`${app.url}/cases?view=escalated`);
      await expectVisible(reviewerPage.getByTestId("case-total"));
      expect(await caseRow(reviewerPage, caseId).count()).toBe(0);

      // A page opened before a change: the server's 409 is shown in its words.
      await openCase(analystPage, caseId);
      await analystPage.evaluate(async (id) => {
        await fetch(`/api/cases/${id}/status`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ status: "investigating" }),
        });
      }, caseId);
      await analystPage.getByRole("button", { name: "Hand back" }).click();
      await expectVisible(analystPage.getByTestId("case-action-error"));
      expect(await textOf(analystPage.getByTestId("case-action-error"))).toContain("The case was changed by someone else at the same time");

      // The auditor reads the case and is offered no action.
      const auditor = await newPage(browser);
      try {
        await auditor.page.goto(`${app.url}/login`);
        await auditor.page.getByLabel("Email").fill(AUDITOR.email);
        await auditor.page.getByLabel("Password").fill(AUDITOR.password);
        await auditor.page.getByRole("button", { name: "Sign in" }).click();
        await auditor.page.waitForURL((url) => url.pathname !== "/login", { timeout: 30_000 });
        await openCase(auditor.page, caseId);
        await expectVisible(auditor.page.getByRole("heading", { name: "Dmitri Orlov", level: 1 }));
        expect(await auditor.page.getByTestId("case-actions").count()).toBe(0);
        expect(await auditor.page.getByLabel("Add a note").count()).toBe(0);
      } finally {
        await auditor.context.close();
      }
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "the overdue mark: in the Overdue view, on the case, and at 375 px in German",
    async () => {
      const { search, caseId } = await screenedOrlov("1963-06-05");
      // The case is closed and reopened two days ago on the injectable clock (as the lib tests move time): due a
      // day later, so a day past due now.
      const hits = search.results.sanctionsList.flatMap((row: any) => row.hits);
      for (const hit of hits) {
        const res = await analystApi.post(`/api/searches/${search.id}/decisions`, { hitId: hit.hitId, decision: "false_positive", reason: "common_name" });
        expect(res.status).toBe(201);
      }
      expect((await analystApi.post(`/api/cases/${caseId}/status`, { status: "closed", outcome: "false_positive" })).status).toBe(200);
      const actor = { id: analystId, role: "user" as const, organisationId, organisationRole: "analyst" as const, kind: "user" as const };
      const twoDaysAgo = manualClock(new Date(Date.now() - 48 * 3_600_000));
      await changeCaseStatus({ db: app.db, clock: twoDaysAgo }, actor, caseId, { status: "investigating", reason: "A new registry extract" });

      await analystPage.goto(`${app.url}/cases?view=overdue`);
      await expectVisible(analystPage.getByRole("heading", { name: "Cases", level: 1 }));
      expect(await views(analystPage).getByRole("link", { name: "Overdue" }).getAttribute("aria-current")).toBe("page");
      const row = caseRow(analystPage, caseId);
      expect(await textOf(row.getByTestId("case-overdue"))).toBe("Overdue");
      expect(await textOf(row.getByTestId("case-status"))).toBe("Investigating");
      await row.getByRole("link").first().click();
      await waitForPath(analystPage, `/cases/${caseId}`);
      expect(await textOf(fact(analystPage, "due"))).toContain("Overdue");

      // 375 px in German: the list names itself, its rows stack, nothing is cut off.
      const narrow = await newPage(browser, { viewport: { width: 375, height: 800 } });
      try {
        await signIn(narrow.page, app.url, ANALYST.email, ANALYST.password);
        await setLanguages(narrow.page, "de");
        await narrow.page.goto(`${app.url}/cases?view=overdue`);
        await expectVisible(narrow.page.getByRole("heading", { name: tr(de, "cases.title"), level: 1 }));
        const narrowRow = caseRow(narrow.page, caseId);
        expect(await textOf(narrowRow.getByTestId("case-overdue"))).toBe(tr(de, "cases.overdue"));
        // On a phone the filters fold behind one button (collapsible-filters.tsx): opened to check they fit.
        await narrow.page.getByRole("button", { name: tr(de, "cases.filters.toggle") }).click();
        for (const part of [
          narrowRow.getByRole("link").first(),
          narrowRow.getByTestId("case-overdue"),
          narrowRow.getByTestId("case-assignee"),
          narrowRow.getByTestId("case-due"),
          narrow.page.getByRole("link", { name: tr(de, "cases.views.escalated") }),
          narrow.page.getByLabel(tr(de, "cases.filters.source")),
        ]) {
          expect(await fullyVisible(part)).toBe(true);
        }
        expect(await narrow.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
        // The case page too.
        await narrowRow.getByRole("link").first().click();
        await expectVisible(narrow.page.getByRole("heading", { name: "Dmitri Orlov", level: 1 }));
        expect(await fullyVisible(narrow.page.getByTestId("case-fact-due"))).toBe(true);
        expect(await fullyVisible(narrow.page.getByRole("button", { name: tr(de, "cases.actions.close") }))).toBe(true);
        expect(await narrow.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      } finally {
        await narrow.context.close();
      }
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "a refusal in the reader's language: closing with undecided hits says how many, in German",
    async () => {
      const { search, caseId } = await screenedOrlov("1964-07-06");
      const undecided = search.results.sanctionsList.flatMap((row: any) => row.hits).length;
      const german = await newPage(browser);
      try {
        // Signed in whatever language the analyst's profile already has, then in German.
        await german.page.goto(`${app.url}/login`);
        await german.page.getByLabel("Email").fill(ANALYST.email);
        await german.page.getByLabel("Password").fill(ANALYST.password);
        await german.page.getByRole("button", { name: "Sign in" }).click();
        await german.page.waitForURL((url) => url.pathname !== "/login", { timeout: 30_000 });
        await setLanguages(german.page, "de");
        await openCase(german.page, caseId);
        await german.page.getByRole("button", { name: tr(de, "cases.actions.close") }).click();
        const close = german.page.getByTestId("case-close-dialog");
        await expectDialogOpen(close);
        await close.getByRole("radio", { name: tr(de, "cases.outcome.false_positive") }).click();
        await close.getByRole("button", { name: tr(de, "cases.actions.close") }).click();
        await expectVisible(close.getByTestId("case-dialog-error"));
        expect(await textOf(close.getByTestId("case-dialog-error"))).toContain(tr(de, "refusals.undecidedHits", { count: undecided }));
        await close.getByRole("button", { name: tr(de, "common.cancel") }).click();
        expect(await textOf(fact(german.page, "status"))).toBe(tr(de, "cases.status.open"));
      } finally {
        await german.context.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});
