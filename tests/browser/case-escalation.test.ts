/**
 * Escalation between two members in the browser, against the real server, pipeline and database (a small OFAC list,
 * Dmitri Orlov listed): an analyst escalates their case with a reason, from the case page or from a screening's result
 * ("Escalate the case", which took the place of asking for a second opinion); it leaves their "Mine", waits under
 * "Escalated", and a reviewer of the organisation takes it, which ends the escalation. The screening keeps the request
 * on its timeline. Each test screens another subject (another birth date), so it has a case of its own.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Locator, Page } from "playwright-core";
import { createUser as createMember } from "../../lib/auth/users.ts";
import { sanctionsService } from "../../server/sanctions/service.ts";
import { HttpClient } from "../../support/http-client.ts";
import { importReviewList } from "../fixtures/review-list.ts";
import { keepOnlyDatasets } from "../fixtures/screening.ts";
import { createUser, type TestApp } from "../helpers/app.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import { startScreeningApp } from "../helpers/screening-app.ts";
import { expectDialogOpen, expectHidden, expectVisible, HOOK_TIMEOUT_MS, launchBrowser, plainText, signedInPage, waitForPath } from "./support/browser.ts";

const TEST_TIMEOUT_MS = 90_000;
const OWNER = { email: "owner@example.com", password: "Owner-password-1", fullName: "Olga Owner" };
const ANALYST = { email: "analyst@example.com", password: "Analyst-password-1", fullName: "Ana Lyst" };
const REVIEWER = { email: "reviewer@example.com", password: "Reviewer-password-1", fullName: "Rita Viewer" };

let app: TestApp;
let stopApp: () => Promise<void>;
let browser: Browser;
let organisationId: string;
let analystApi: HttpClient;
let analystPage: Page;
let reviewerPage: Page;

/** A member made straight into the owner's organisation with the role (as an accepted invitation leaves them). */
async function member(person: typeof ANALYST, role: "analyst" | "reviewer") {
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
  await member(ANALYST, "analyst");
  await member(REVIEWER, "reviewer");
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
async function screenedOrlov(birthDate: string): Promise<{ searchId: string; caseId: string }> {
  const created = await analystApi.post("/api/searches", { searchTerm: "Dmitri Orlov", entityType: "person", details: { birthDate } });
  expect(created.status).toBe(201);
  const done = await analystApi.get(`/api/searches/${created.json.id}?wait=30`);
  expect(done.json.status).toBe("completed");
  expect(done.json.caseId).toEqual(expect.any(String));
  return { searchId: created.json.id, caseId: done.json.caseId };
}

const textOf = async (locator: Locator) => plainText(await locator.textContent());
const caseRow = (page: Page, caseId: string) => page.locator(`[data-testid="case-row"][data-case-id="${caseId}"]`);
const views = (page: Page) => page.getByRole("navigation", { name: "Case views" });
const fact = (page: Page, name: string) => page.getByTestId(`case-fact-${name}`);

/** The list's view as the member reads it, once loaded. */
async function openView(page: Page, view: string) {
  await page.goto(`${app.url}/cases?view=${view}`);
  await expectVisible(page.getByTestId("case-total"));
}

/** The reviewer finds the case under Escalated, opens it and takes it: it is theirs and no longer escalated. */
async function reviewerTakes(caseId: string, reason: string) {
  await reviewerPage.goto(`${app.url}/cases`);
  await views(reviewerPage).getByRole("link", { name: "Escalated" }).click();
  await reviewerPage.waitForURL((url) => url.searchParams.get("view") === "escalated");
  const row = caseRow(reviewerPage, caseId);
  await expectVisible(row.getByTestId("case-escalated"));
  expect(await textOf(row.getByTestId("case-assignee"))).toBe("Unassigned");
  await row.getByRole("link", { name: "Open the case Dmitri Orlov" }).click();
  await waitForPath(reviewerPage, `/cases/${caseId}`);
  await expectVisible(reviewerPage.getByTestId("case-note").filter({ hasText: reason }));
  const escalated = reviewerPage.locator('[data-testid="case-event"][data-kind="escalated"]').last();
  expect(await textOf(escalated)).toContain("Ana Lyst");
  await reviewerPage.getByRole("button", { name: "Assign to me" }).click();
  await reviewerPage.waitForFunction(() => document.querySelector('[data-testid="case-fact-assignee"]')?.textContent === "Rita Viewer");
  await expectHidden(fact(reviewerPage, "status").getByTestId("case-escalated"));
  // Taken: no longer under Escalated, and in the reviewer's own list.
  await openView(reviewerPage, "escalated");
  expect(await caseRow(reviewerPage, caseId).count()).toBe(0);
  await openView(reviewerPage, "mine");
  await expectVisible(caseRow(reviewerPage, caseId));
}

describe("escalation between two members", () => {
  test(
    "from the case page: the analyst escalates with a reason, it leaves their Mine, and a reviewer takes it from Escalated",
    async () => {
      const { caseId } = await screenedOrlov("1971-02-03");
      const reason = "The listing's birth year is close: check the passport";

      await analystPage.goto(`${app.url}/cases/${caseId}`);
      await expectVisible(analystPage.getByTestId("case-page"));
      await analystPage.getByRole("button", { name: "Assign to me" }).click();
      await analystPage.waitForFunction(() => document.querySelector('[data-testid="case-fact-assignee"]')?.textContent === "Ana Lyst");
      await openView(analystPage, "mine");
      await expectVisible(caseRow(analystPage, caseId));

      await caseRow(analystPage, caseId).getByRole("link", { name: "Open the case Dmitri Orlov" }).click();
      await waitForPath(analystPage, `/cases/${caseId}`);
      await analystPage.getByRole("button", { name: "Escalate" }).click();
      const dialog = analystPage.getByTestId("case-escalate-dialog");
      await expectDialogOpen(dialog);
      // The reason is required, said in the dialog; nothing is sent without it.
      await dialog.getByRole("button", { name: "Escalate" }).click();
      await expectVisible(dialog.getByText("This field is required", { exact: false }));
      await dialog.getByLabel("What should the reviewers look at?").fill(reason);
      await dialog.getByRole("button", { name: "Escalate" }).click();
      await expectHidden(dialog);
      await expectVisible(fact(analystPage, "status").getByTestId("case-escalated"));
      expect(await textOf(fact(analystPage, "assignee"))).toBe("Unassigned");
      // Escalated once: the page no longer offers it.
      expect(await analystPage.getByRole("button", { name: "Escalate" }).count()).toBe(0);

      // It left the analyst's "Mine", and waits under "Escalated", marked, after a reload too.
      await openView(analystPage, "mine");
      expect(await caseRow(analystPage, caseId).count()).toBe(0);
      await openView(analystPage, "escalated");
      await analystPage.reload();
      await expectVisible(caseRow(analystPage, caseId).getByTestId("case-escalated"));

      await reviewerTakes(caseId, reason);
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "from a result: 'Escalate the case' escalates the screening's case, the screening keeps the request, a second try is refused in the dialog",
    async () => {
      const { searchId, caseId } = await screenedOrlov("1972-03-04");
      const reason = "Does the middle name rule him out?";

      await analystPage.goto(`${app.url}/searches/${searchId}`);
      const review = analystPage.getByTestId("search-review");
      await expectVisible(review);
      // The result names its case and opens it.
      await expectVisible(review.getByRole("link", { name: "Open the case" }));
      expect(await review.getByRole("button", { name: "Ask for a second opinion" }).count()).toBe(0);

      await review.getByRole("button", { name: "Escalate the case" }).click();
      const dialog = analystPage.getByTestId("escalate-dialog");
      await expectDialogOpen(dialog);
      await dialog.getByLabel("What should the reviewers look at?").fill(reason);
      await dialog.getByRole("button", { name: "Escalate" }).click();
      await expectHidden(dialog);
      // The screening's own record: escalated, the request on its notes and timeline.
      await analystPage.waitForFunction(
        () => document.querySelector('[data-testid="search-review"] [data-testid="review-status"]')?.textContent === "Escalated",
      );
      await expectVisible(review.getByTestId("case-note").filter({ hasText: reason }));
      const request = review.locator('[data-testid="timeline-event"][data-kind="escalation"]');
      await expectVisible(request);
      expect(await textOf(request)).toContain(reason);

      // Asked again while the case waits: the server's refusal is shown in the dialog, which stays open.
      await review.getByRole("button", { name: "Escalate the case" }).click();
      await expectDialogOpen(dialog);
      await dialog.getByLabel("What should the reviewers look at?").fill("Once more");
      await dialog.getByRole("button", { name: "Escalate" }).click();
      await expectVisible(dialog.getByTestId("dialog-error"));
      expect(await textOf(dialog.getByTestId("dialog-error"))).toContain("The case is already escalated");
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expectHidden(dialog);

      // The case is escalated, the screening named on its timeline; the reviewer takes it.
      await review.getByRole("link", { name: "Open the case" }).click();
      await waitForPath(analystPage, `/cases/${caseId}`);
      await expectVisible(fact(analystPage, "status").getByTestId("case-escalated"));
      await reviewerTakes(caseId, reason);
    },
    TEST_TIMEOUT_MS,
  );
});
