/**
 * Review decisions in the browser against the real server, pipeline and database: a small OFAC list (Dmitri Orlov
 * listed), GDELT on a loopback stand-in with one negative article about him. An analyst decides hits on the result
 * page; a reviewer finds the case that needs a decision and decides its search's hits from the keyboard; four eyes
 * needs a second person; a remembered false positive clears the next screening until the listing changes. One app,
 * one browser and the same people for every test.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Locator, Page } from "playwright-core";
import { getSystemSetting, updateSystemSettings } from "../../lib/settings/system-settings.ts";
import { sanctionsService } from "../../server/sanctions/service.ts";
import { HttpClient } from "../../support/http-client.ts";
import { importReviewList, REVIEW_ENTRIES_CHANGED } from "../fixtures/review-list.ts";
import { keepOnlyDatasets } from "../fixtures/screening.ts";
import { createUser, type TestApp } from "../helpers/app.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import { startScreeningApp } from "../helpers/screening-app.ts";
import { expectDialogOpen, expectHidden, expectVisible, HOOK_TIMEOUT_MS, launchBrowser, plainText, signedInPage } from "./support/browser.ts";

const TEST_TIMEOUT_MS = 90_000;
const ORLOV = "ORLOV, Dmitri Pavlovich";
/** A negative article: the second flagged hit of every search of Dmitri Orlov. */
const ARTICLE = "Dmitri Orlov charged with fraud and money laundering";
const NEWS = {
  "Dmitri Orlov": [
    {
      title: ARTICLE,
      url: "https://news.example/orlov-charged",
      seendate: "20260301T100000Z",
      domain: "news.example",
      language: "English",
      sourcecountry: "United Kingdom",
    },
  ],
};
const analyst = { email: "analyst@example.com", password: "Analyst-password-1", fullName: "Ana Lyst" };
const reviewer = { email: "reviewer@example.com", password: "Reviewer-password-1", fullName: "Rita Viewer" };
const admin = { email: "admin@test.local", password: "Admin-password-1" };

let app: TestApp;
let stopApp: () => Promise<void>;
let browser: Browser;
let analystPage: Page;
let reviewerPage: Page;
let analystApi: HttpClient;

beforeAll(async () => {
  ({ app, stop: stopApp } = await startScreeningApp(NEWS, { ...SCREENING_TEST_ENV, DUECHECK_NEWS_TIMEOUT_MS: "2000" }));
  browser = await launchBrowser();
  await keepOnlyDatasets(app.db, ["us_ofac_sdn"]);
  expect((await importReviewList(app.db)).status).toBe("success");
  await sanctionsService(app.server.database).index.refresh();
  await createUser(app.db, { ...analyst, credits: 1000 });
  await createUser(app.db, { ...reviewer, role: "reviewer" });
  analystApi = new HttpClient(app.url);
  await analystApi.signIn(analyst.email, analyst.password);
  ({ page: analystPage } = await signedInPage(browser, app.url, analyst.email, analyst.password));
  ({ page: reviewerPage } = await signedInPage(browser, app.url, reviewer.email, reviewer.password));
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await stopApp?.();
}, HOOK_TIMEOUT_MS);

/** The analyst's search of Dmitri Orlov, started over the API and completed. */
async function screenedOrlov(): Promise<string> {
  const created = await analystApi.post("/api/searches", { searchTerm: "Dmitri Orlov", entityType: "person" });
  expect(created.status).toBe(201);
  const done = await analystApi.get(`/api/searches/${created.json.id}?wait=30`);
  expect(done.json.status).toBe("completed");
  return created.json.id;
}

/** What a person reads in the element, spaces as one. */
const textOf = async (locator: Locator) => plainText(await locator.textContent());

const caseRow = (page: Page, caseId: string) => page.locator(`[data-testid="case-row"][data-case-id="${caseId}"]`);
const hitOn = (page: Page, name: string) => page.getByTestId("sanctions-hit").filter({ hasText: name });
const articleOn = (page: Page) => page.getByTestId("media-item").filter({ hasText: ARTICLE });
const statusBeside = (page: Page) => page.getByTestId("search-results").getByTestId("review-status").first();

async function openResult(page: Page, searchId: string) {
  await page.goto(`${app.url}/?view=${searchId}`);
  await expectVisible(page.getByTestId("search-results"));
}

/** The decide dialog as a person fills it: decision, reason, words, remember; then Save. */
async function decideInDialog(page: Page, choice: { decision?: string; reason: string; text?: string; remember?: boolean }) {
  const dialog = page.getByTestId("decide-dialog");
  await expectDialogOpen(dialog);
  if (choice.decision) await dialog.getByRole("radio", { name: choice.decision }).click();
  await dialog.getByRole("radio", { name: choice.reason }).click();
  if (choice.text) await dialog.getByLabel(/Details/).fill(choice.text);
  if (choice.remember) await dialog.getByRole("checkbox", { name: "Remember for this subject and listing" }).click();
  await dialog.getByRole("button", { name: "Save decision" }).click();
}

async function decidedHitText(hit: Locator) {
  await expectVisible(hit.getByTestId("hit-decision"));
  return await textOf(hit.getByTestId("hit-decision"));
}

describe("review decisions", () => {
  test(
    "on the result page: a true match is recorded with who and when, the status follows, a refusal is shown",
    async () => {
      await analystPage.goto(`${app.url}/`);
      await analystPage.getByLabel("Name of person or company").fill("Dmitri Orlov");
      await analystPage.getByRole("button", { name: "Run Due Diligence Check" }).click();
      await expectVisible(analystPage.getByTestId("search-results"), 30_000);
      await expectVisible(statusBeside(analystPage));
      expect(await textOf(statusBeside(analystPage))).toBe("Needs review");

      // "Other" needs words: the form says so and nothing is saved.
      const orlov = hitOn(analystPage, ORLOV);
      await orlov.getByRole("button", { name: `Decide on ${ORLOV}` }).click();
      const dialog = analystPage.getByTestId("decide-dialog");
      await expectDialogOpen(dialog);
      await dialog.getByRole("radio", { name: "True match" }).click();
      // A true match offers only its own reasons.
      await expectHidden(dialog.getByRole("radio", { name: "Common name" }));
      await dialog.getByRole("radio", { name: "Other" }).click();
      await dialog.getByRole("button", { name: "Save decision" }).click();
      await expectVisible(dialog.getByText("Say why when the reason is “Other”"));
      await dialog.getByRole("radio", { name: "Identity confirmed" }).click();
      await dialog.getByRole("button", { name: "Save decision" }).click();
      await expectHidden(dialog);

      const decided = await decidedHitText(orlov);
      expect(decided).toContain("True match");
      expect(decided).toContain("Identity confirmed");
      expect(decided).toContain("Decided by Ana Lyst");
      await expectVisible(orlov.getByRole("button", { name: `Change the decision on ${ORLOV}` }));
      await analystPage.waitForFunction(() => document.querySelector('[data-testid="review-status"]')?.textContent === "Confirmed match");

      // The page was opened before someone else decided the other hit: the server's 409 is shown in the dialog.
      const other = articleOn(analystPage);
      const otherId = await other.getAttribute("data-hit-id");
      await other.getByRole("button", { name: `Decide on ${ARTICLE}` }).click();
      await expectDialogOpen(dialog);
      const searchId = (await analystApi.get("/api/searches?limit=1")).json.items[0].id;
      const meanwhile = await analystApi.post(`/api/searches/${searchId}/decisions`, { hitId: otherId, decision: "false_positive", reason: "common_name" });
      expect(meanwhile.status).toBe(201);
      // The search gave no birth date or nationality: the reasons that compare them are offered but disabled.
      await dialog.getByRole("radio", { name: "False positive" }).click();
      await expectVisible(dialog.getByRole("radio", { name: "Different date of birth" }));
      expect(await dialog.getByRole("radio", { name: "Different date of birth" }).isDisabled()).toBe(true);
      await decideInDialog(analystPage, { reason: "Common name" });
      await expectVisible(dialog.getByTestId("decide-error"));
      expect(await textOf(dialog.getByTestId("decide-error"))).toContain("This hit was already decided");
      await dialog.getByRole("button", { name: "Cancel" }).click();

      // After a reload, from the history: the status beside the risk level, and the decision on the result page.
      await analystPage.goto(`${app.url}/history`);
      const item = analystPage.getByTestId("history-item").first();
      await expectVisible(item.getByTestId("review-status"));
      expect(await textOf(item.getByTestId("review-status"))).toBe("Confirmed match");
      await openResult(analystPage, searchId);
      expect(await textOf(statusBeside(analystPage))).toBe("Confirmed match");
      expect(await decidedHitText(hitOn(analystPage, ORLOV))).toContain("Decided by Ana Lyst");
      expect(await decidedHitText(articleOn(analystPage))).toContain("Common name");

      // Notes and the timeline below the results.
      const notes = analystPage.getByTestId("case-notes");
      await notes.getByRole("button", { name: "Add note" }).click();
      await expectVisible(notes.getByText("This field is required"));
      await notes.getByLabel("Add a note").fill("Passport copy matches the listing.");
      await notes.getByRole("button", { name: "Add note" }).click();
      await expectVisible(notes.getByTestId("case-note").filter({ hasText: "Passport copy matches the listing." }));
      const timeline = analystPage.getByTestId("timeline");
      await expectVisible(timeline.getByTestId("timeline-event").filter({ hasText: "Note added" }));
      expect(
        await timeline
          .getByTestId("timeline-event")
          .filter({ hasText: `${ORLOV}: True match (Identity confirmed)` })
          .count(),
      ).toBe(1);
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "the cases that need a decision: /reviews leads there, and a case's search opens its hits, decided from the keyboard",
    async () => {
      const searchId = await screenedOrlov();
      const caseId = (await analystApi.get(`/api/searches/${searchId}`)).json.caseId;
      expect(caseId).toEqual(expect.any(String));
      // The review queue's address (a bookmark) opens the case list's "Needs decision" view.
      await reviewerPage.goto(`${app.url}/reviews`);
      await reviewerPage.waitForURL((url) => url.pathname === "/cases" && url.searchParams.get("view") === "needs-decision");
      await expectVisible(reviewerPage.getByRole("heading", { name: "Cases", level: 1 }));
      const views = reviewerPage.getByRole("navigation", { name: "Case views" });
      expect(await views.getByRole("link", { name: "Needs decision" }).getAttribute("aria-current")).toBe("page");
      const row = caseRow(reviewerPage, caseId);
      await expectVisible(row);
      expect(await textOf(row.getByTestId("case-assignee"))).toBe("Unassigned");

      await row.getByRole("link", { name: "Open the case Dmitri Orlov" }).click();
      await reviewerPage.waitForURL((url) => url.pathname === `/cases/${caseId}`);
      await reviewerPage.locator(`[data-testid="case-search"] a[href="/reviews/${searchId}"]`).click();
      await reviewerPage.waitForURL((url) => url.pathname === `/reviews/${searchId}`);
      await expectVisible(reviewerPage.getByRole("heading", { name: "Decide the hits", level: 1 }));
      const panel = reviewerPage.getByTestId("review-item");
      await expectVisible(panel.getByTestId("keyboard-hint"));
      expect(await textOf(panel.getByTestId("keyboard-hint"))).toContain("f false positive");
      const hits = panel.getByTestId("review-hit");
      const count = await hits.count();
      expect(count).toBeGreaterThanOrEqual(2);

      // j moves down, k up; f opens the dialog preset to false positive on the hit in focus.
      await hits.first().focus();
      await reviewerPage.keyboard.press("j");
      expect(await hits.nth(1).evaluate((el) => el === document.activeElement)).toBe(true);
      await reviewerPage.keyboard.press("k");
      expect(await hits.first().evaluate((el) => el === document.activeElement)).toBe(true);
      for (let i = 0; i < count; i++) {
        const label = await textOf(hits.nth(i).getByTestId("review-hit-label"));
        await reviewerPage.keyboard.press("f");
        const dialog = reviewerPage.getByTestId("decide-dialog");
        await expectDialogOpen(dialog);
        expect(await textOf(dialog.getByRole("heading"))).toBe("Decide on this hit");
        expect(await dialog.getByText(label, { exact: true }).count()).toBe(1);
        expect(await dialog.getByRole("radio", { name: "False positive" }).getAttribute("aria-checked")).toBe("true");
        await decideInDialog(reviewerPage, { reason: "Common name" });
        await expectHidden(dialog);
        expect(await decidedHitText(hits.nth(i))).toContain("False positive");
        expect(await hits.nth(i).evaluate((el) => el === document.activeElement)).toBe(true);
        await reviewerPage.keyboard.press("j");
      }
      await reviewerPage.waitForFunction(() => document.querySelector('[data-testid="review-item"] [data-testid="review-status"]')?.textContent === "Cleared");
      // Every hit of the case decided: back on the list, it no longer needs a decision.
      await reviewerPage.getByRole("link", { name: "Back to the case" }).click();
      await reviewerPage.waitForURL((url) => url.pathname === `/cases/${caseId}`);
      await reviewerPage.goto(`${app.url}/cases?view=needs-decision`);
      await expectVisible(reviewerPage.getByTestId("case-total"));
      expect(await caseRow(reviewerPage, caseId).count()).toBe(0);

      // The analyst's own result page shows the reviewer's decisions.
      await openResult(analystPage, searchId);
      expect(await textOf(statusBeside(analystPage))).toBe("Cleared");
      expect(await decidedHitText(hitOn(analystPage, ORLOV))).toContain("Decided by Rita Viewer");
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "four eyes: a decision waits for another person; the proposer cannot approve, a reviewer does",
    async () => {
      // The administrator turns four eyes on in the settings.
      const { context: adminContext, page: adminPage } = await signedInPage(browser, app.url, admin.email, admin.password);
      try {
        await adminPage.goto(`${app.url}/admin/settings`);
        await adminPage.getByRole("tab", { name: "Review" }).click();
        await adminPage.getByRole("switch", { name: "Four-eyes review" }).click();
        await adminPage.getByRole("button", { name: "Save Changes" }).click();
        await expectVisible(adminPage.getByText("Settings Updated"));
        expect(await getSystemSetting(app.db, "fourEyesReview")).toBe(true);
      } finally {
        await adminContext.close();
      }

      try {
        const searchId = await screenedOrlov();
        await openResult(analystPage, searchId);
        const orlov = hitOn(analystPage, ORLOV);
        await orlov.getByRole("button", { name: `Decide on ${ORLOV}` }).click();
        await decideInDialog(analystPage, { decision: "False positive", reason: "Common name" });
        await expectVisible(orlov.getByText("Proposed by Ana Lyst, waiting for approval"));
        expect(await orlov.getByRole("button", { name: `Approve the decision on ${ORLOV}` }).count()).toBe(0);
        expect(await textOf(statusBeside(analystPage))).toBe("Needs review");

        // The reviewer finds it awaiting approval, proposes on another hit (which they cannot approve) and approves.
        // A proposal leaves its hit undecided: the case needs a decision, and its search opens the hits.
        const caseId = (await analystApi.get(`/api/searches/${searchId}`)).json.caseId;
        await reviewerPage.goto(`${app.url}/cases?view=needs-decision`);
        await expectVisible(caseRow(reviewerPage, caseId));
        await reviewerPage.goto(`${app.url}/cases/${caseId}`);
        await reviewerPage.locator(`[data-testid="case-search"] a[href="/reviews/${searchId}"]`).click();
        await reviewerPage.waitForURL((url) => url.pathname === `/reviews/${searchId}`);
        const panel = reviewerPage.getByTestId("review-item");
        const proposed = panel.getByTestId("review-hit").filter({ hasText: ORLOV });
        await expectVisible(proposed.getByText("Proposed by Ana Lyst, waiting for approval"));
        const other = panel.getByTestId("review-hit").filter({ hasNotText: ORLOV }).first();
        const otherName = await textOf(other.getByTestId("review-hit-label"));
        await other.getByRole("button", { name: `Decide on ${otherName}` }).click();
        await decideInDialog(reviewerPage, { decision: "False positive", reason: "Common name" });
        await expectVisible(other.getByText("Proposed by Rita Viewer, waiting for approval"));
        expect(await other.getByRole("button", { name: `Approve the decision on ${otherName}` }).count()).toBe(0);

        await proposed.getByRole("button", { name: `Approve the decision on ${ORLOV}` }).click();
        await expectVisible(proposed.getByText(/approved by Rita Viewer/));

        // The proposer sees it approved after a reload, and the reviewer's proposal waiting (a user approves nothing).
        await analystPage.reload();
        expect(await decidedHitText(hitOn(analystPage, ORLOV))).toContain("approved by Rita Viewer");
        await expectVisible(articleOn(analystPage).getByText("Proposed by Rita Viewer, waiting for approval"));
        expect(
          await articleOn(analystPage)
            .getByRole("button", { name: `Approve the decision on ${otherName}` })
            .count(),
        ).toBe(0);
      } finally {
        await updateSystemSettings(app.db, { fourEyesReview: false });
      }
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "a remembered false positive clears the next screening until the listing changes; it can be revoked",
    async () => {
      const first = await screenedOrlov();
      await openResult(analystPage, first);
      const orlov = hitOn(analystPage, ORLOV);
      await orlov.getByRole("button", { name: `Decide on ${ORLOV}` }).click();
      await decideInDialog(analystPage, { decision: "False positive", reason: "Common name", remember: true });
      expect(await decidedHitText(orlov)).toContain("Remembered");

      const second = await screenedOrlov();
      await openResult(analystPage, second);
      const cleared = hitOn(analystPage, ORLOV).getByTestId("clearance-mark");
      await expectVisible(cleared);
      expect(await textOf(cleared)).toMatch(/^Cleared on .+ by Ana Lyst: Common name$/);
      expect(
        await hitOn(analystPage, ORLOV)
          .getByRole("button", { name: `Decide on ${ORLOV}` })
          .count(),
      ).toBe(0);

      // The list is republished with Orlov's listing changed: the hit is flagged again.
      expect((await importReviewList(app.db, REVIEW_ENTRIES_CHANGED)).status).toBe("success");
      await sanctionsService(app.server.database).index.refresh();
      const third = await screenedOrlov();
      await openResult(analystPage, third);
      const changed = hitOn(analystPage, ORLOV);
      await expectVisible(changed.getByTestId("clearance-changed"));
      expect(await textOf(changed.getByTestId("clearance-changed"))).toContain("Listing changed since it was cleared");
      await expectVisible(changed.getByRole("button", { name: `Decide on ${ORLOV}` }));

      // The clearance is listed, and revoked with a reason.
      await analystPage.goto(`${app.url}/reviews/clearances`);
      await expectVisible(analystPage.getByRole("heading", { name: "Remembered Clearances" }));
      const clearance = analystPage.getByTestId("clearance").filter({ hasText: ORLOV });
      await expectVisible(clearance);
      await clearance.getByRole("button", { name: `Revoke the clearance of ${ORLOV}` }).click();
      const dialog = analystPage.getByTestId("revoke-dialog");
      await expectDialogOpen(dialog);
      await dialog.getByRole("button", { name: "Revoke" }).click();
      await expectVisible(dialog.getByText("This field is required"));
      await dialog.getByLabel("Why (required)").fill("The listing now names a passport.");
      await dialog.getByRole("button", { name: "Revoke" }).click();
      await expectHidden(dialog);
      await expectHidden(clearance);
      await analystPage.getByRole("switch", { name: "Show revoked" }).click();
      await analystPage.waitForURL((url) => url.searchParams.get("all") === "true");
      await expectVisible(clearance.getByText("Revoked", { exact: true }));
      expect(await textOf(clearance)).toContain("The listing now names a passport.");
    },
    TEST_TIMEOUT_MS,
  );
});
