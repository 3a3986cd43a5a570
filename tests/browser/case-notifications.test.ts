/**
 * The notification bell in the browser against the real server, pipeline and database (no SMTP: the bell is where the
 * member hears of it). A case given to the analyst by the owner shows as 1 on the bell, named in its accessible label;
 * opened from the keyboard, the bell's entry leads to the case and counts as read; /notifications lists it and keeps
 * its filter over a reload. The morning digest (its scheduler on a test clock) lists an overdue case with its written
 * "Overdue" mark in the bell, also at 375 px in German, and "mark all as read" empties the count.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { schema } from "../../data/db.ts";
import { createUser as createMember } from "../../lib/auth/users.ts";
import { manualClock } from "../../lib/clock.ts";
import { startDigestScheduler } from "../../lib/notifications/digest-scheduler.ts";
import { sanctionsService } from "../../server/sanctions/service.ts";
import { HttpClient } from "../../support/http-client.ts";
import { de } from "../../web/src/i18n/words.ts";
import { importReviewList } from "../fixtures/review-list.ts";
import { keepOnlyDatasets } from "../fixtures/screening.ts";
import { createUser, type TestApp } from "../helpers/app.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import { startScreeningApp } from "../helpers/screening-app.ts";
import {
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

let app: TestApp;
let stopApp: () => Promise<void>;
let browser: Browser;
let analystId: string;
let ownerApi: HttpClient;
let analystApi: HttpClient;
let analystPage: Page;

beforeAll(async () => {
  ({ app, stop: stopApp } = await startScreeningApp({}, { ...SCREENING_TEST_ENV, DUECHECK_NEWS_TIMEOUT_MS: "1000" }));
  browser = await launchBrowser();
  await keepOnlyDatasets(app.db, ["us_ofac_sdn"]);
  expect((await importReviewList(app.db)).status).toBe("success");
  await sanctionsService(app.server.database).index.refresh();
  const organisationId = (await createUser(app.db, { ...OWNER, credits: 1000 })).organisationId;
  const analyst = await createMember(
    app.db,
    { ...ANALYST, phoneNumber: "0123456789", company: "Acme Compliance", position: "analyst" },
    { membership: { organisationId, role: "analyst" } },
  );
  analystId = analyst.id;
  ownerApi = new HttpClient(app.url);
  await ownerApi.signIn(OWNER.email, OWNER.password);
  analystApi = new HttpClient(app.url);
  await analystApi.signIn(ANALYST.email, ANALYST.password);
  ({ page: analystPage } = await signedInPage(browser, app.url, ANALYST.email, ANALYST.password));
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await stopApp?.();
}, HOOK_TIMEOUT_MS);

/** The analyst's screening of Dmitri Orlov born on the day, completed: it is in a case, which the owner gives them. */
async function caseGivenToAnalyst(birthDate: string): Promise<string> {
  const created = await analystApi.post("/api/searches", { searchTerm: "Dmitri Orlov", entityType: "person", details: { birthDate } });
  expect(created.status).toBe(201);
  const done = await analystApi.get(`/api/searches/${created.json.id}?wait=30`);
  expect(done.json.caseId).toEqual(expect.any(String));
  expect((await ownerApi.put(`/api/cases/${done.json.caseId}/assignee`, { assignee: analystId })).status).toBe(200);
  return done.json.caseId;
}

const bell = (page: Page) => page.getByTestId("notification-bell");
const textOf = async (page: Page, testId: string) => plainText(await page.getByTestId(testId).first().textContent());

describe("the notification bell", () => {
  test(
    "a case assigned by another member: the bell shows 1, its entry opens the case from the keyboard, and it counts as read",
    async () => {
      const page = analystPage;
      await page.goto(`${app.url}/`);
      await expectVisible(bell(page));
      expect(await bell(page).getAttribute("aria-label")).toBe("Notifications, none unread");
      expect(await page.getByTestId("notification-count").count()).toBe(0);

      const caseId = await caseGivenToAnalyst("1971-02-03");
      await page.reload();
      await expectVisible(page.getByTestId("notification-count"));
      expect(await textOf(page, "notification-count")).toBe("1");
      expect(await bell(page).getAttribute("aria-label")).toBe("Notifications, 1 unread");

      // From the keyboard: the bell opens its menu with the first entry focused; Enter opens the case.
      await bell(page).focus();
      await page.keyboard.press("Enter");
      const menu = page.getByRole("menu", { name: "Notifications" });
      await expectVisible(menu);
      const entry = menu.getByTestId("notification-item");
      await expectVisible(entry);
      expect(await entry.count()).toBe(1);
      expect(plainText(await entry.textContent())).toContain("Olga Owner assigned you a case");
      expect(plainText(await entry.getByTestId("notification-case").textContent())).toBe("Dmitri Orlov");
      await expect(entry.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
      await page.keyboard.press("Enter");
      await waitForPath(page, `/cases/${caseId}`);
      await expectVisible(page.getByTestId("case-page"));
      await page.getByTestId("notification-count").waitFor({ state: "detached" });
      expect(await bell(page).getAttribute("aria-label")).toBe("Notifications, none unread");

      // The full list: named, its filter in the address over a reload; the read entry is not among the unread.
      await page.goto(`${app.url}/notifications`);
      await expectVisible(page.getByRole("heading", { name: "Notifications", level: 1 }));
      // The heading shows before the list has loaded: wait for its row, then count.
      await expectVisible(page.getByTestId("notifications-row"));
      expect(await page.getByTestId("notifications-row").count()).toBe(1);
      expect(await page.getByTestId("notifications-row").getByTestId("notification-unread").count()).toBe(0);
      await page.getByRole("switch", { name: "Unread only" }).click();
      await page.waitForURL((url) => url.searchParams.get("unread") === "true");
      await page.reload();
      await expectVisible(page.getByText("No unread notifications."));
      expect(await page.getByRole("switch", { name: "Unread only" }).getAttribute("aria-checked")).toBe("true");
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "the morning's overdue case is in the bell with its Overdue mark, also at 375 px in German; mark all as read empties it",
    async () => {
      const caseId = await caseGivenToAnalyst("1972-03-04");
      // A day past due now; the digest's clock says it is morning (digest hour 0 in UTC: any time of today).
      await app.db
        .update(schema.cases)
        .set({ dueAt: new Date(Date.now() - 24 * 3_600_000) })
        .where(eq(schema.cases.id, caseId));
      const digest = startDigestScheduler({ db: app.db, clock: manualClock(new Date()), settings: { hour: 0, timeZone: "UTC" } }, { checkSeconds: 0 });
      try {
        expect((await digest.tick())?.digests).toBe(1);
      } finally {
        await digest.stop();
      }

      const page = analystPage;
      await page.goto(`${app.url}/cases`);
      await expectVisible(page.getByTestId("notification-count"));
      expect(await textOf(page, "notification-count")).toBe("2");
      await bell(page).click();
      const menu = page.getByRole("menu", { name: "Notifications" });
      const overdue = menu.getByTestId("notification-item").filter({ hasText: "Your case is overdue" });
      await expectVisible(overdue);
      expect(await overdue.count()).toBe(1);
      expect(plainText(await overdue.getByTestId("case-overdue").textContent())).toBe("Overdue");
      // The assignment of the same case is late now too, and says so.
      const assigned = menu.getByTestId("notification-item").filter({ hasText: "Olga Owner assigned you a case" }).first();
      expect(plainText(await assigned.getByTestId("case-overdue").textContent())).toBe("Overdue");

      // 375 px in German: the bell and its menu fit, the mark is in words.
      const narrow = await newPage(browser, { viewport: { width: 375, height: 800 } });
      try {
        const { page: small } = narrow;
        await signIn(small, app.url, ANALYST.email, ANALYST.password);
        await setLanguages(small, "de");
        await small.reload();
        await expectVisible(small.getByRole("heading", { name: tr(de, "search.title") }));
        await expectVisible(small.getByTestId("notification-count"));
        expect(await small.getByTestId("notification-bell").getAttribute("aria-label")).toBe(tr(de, "notifications.bell", { count: 2 }));
        await small.getByTestId("notification-bell").click();
        const smallMenu = small.getByRole("menu", { name: tr(de, "notifications.title") });
        const late = smallMenu.getByTestId("notification-item").filter({ hasText: tr(de, "notifications.overdue") });
        expect(plainText(await late.getByTestId("case-overdue").textContent())).toBe(tr(de, "cases.overdue"));
        expect(await fullyVisible(late)).toBe(true);
        expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
        await smallMenu.getByTestId("notification-mark-all").click();
        await small.getByTestId("notification-count").waitFor({ state: "detached" });
        expect(await small.getByTestId("notification-bell").getAttribute("aria-label")).toBe(tr(de, "notifications.bellNone"));
        await small.goto(`${app.url}/notifications`);
        await expectVisible(small.getByRole("heading", { name: tr(de, "notifications.title"), level: 1 }));
        await expectVisible(small.getByTestId("notifications-row"));
        expect(await small.getByTestId("notifications-row").count()).toBe(3);
        expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      } finally {
        await narrow.context.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});
