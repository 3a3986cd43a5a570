/**
 * The auditor's read-only app in Chromium: signed in, they see another user's searches in the admin activity and
 * open one with its hits, and find no way to screen, buy credits or decide; a POST made from the page is 403.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { schema } from "../../data/db.ts";
import { en } from "../../web/src/i18n/words.ts";
import { checkResults } from "../fixtures/monitoring.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { setEnv } from "../helpers/env.ts";
import { expectVisible, HOOK_TIMEOUT_MS, launchBrowser, newPage, submitCredentials, waitForPath } from "./support/browser.ts";
import { tr } from "./support/translate.ts";

const t = (key: string, options?: Record<string, string | number>) => tr(en, key, options);
const PASSWORD = "Auditor-screens-1!";

let app: TestApp;
let browser: Browser;
let page: Page;
let restoreEnv: () => void = () => {};
let searchId: string;

beforeAll(async () => {
  restoreEnv = setEnv({ DUECHECK_REPORT_CHECK_SECONDS: "0", DUECHECK_DATASET_SCHEDULER: "0", DUECHECK_MONITORING_SCAN_SECONDS: "0" });
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  const rosa = await createUser(app.db, { email: "rosa@example.com", password: PASSWORD, fullName: "Rosa Reporter" });
  await createUser(app.db, { email: "audrey@example.com", password: PASSWORD, fullName: "Audrey Auditor", role: "auditor" });
  const [search] = await app.db
    .insert(schema.searches)
    .values({
      userId: rosa.id,
      organisationId: rosa.organisationId,
      searchTerm: "Viktor Petrov",
      status: "completed",
      riskLevel: "high",
      reviewStatus: "needs_review",
      openHits: 1,
      results: checkResults({ matches: [["us_ofac_sdn", "ofac-1", "PETROV, Viktor"]], level: "high" }),
    })
    .returning();
  searchId = search.id;
  ({ page } = await newPage(browser));
  await submitCredentials(page, app.url, "audrey@example.com", PASSWORD);
  await waitForPath(page, "/");
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  restoreEnv();
});

test("the start screen says the access is read-only, and no menu item screens or buys credits", async () => {
  await expectVisible(page.getByRole("heading", { name: t("readOnly.title"), level: 1 }));
  expect(await page.getByRole("heading", { name: t("search.title") }).count()).toBe(0);
  const nav = page.getByRole("navigation", { name: t("nav.main") });
  const links = await nav.getByRole("link").allTextContents();
  expect(links).toContain(t("nav.history"));
  expect(links).toContain(t("nav.adminActivity"));
  for (const hidden of [t("nav.newSearch"), t("nav.batch"), t("nav.apiAccess"), t("nav.adminSettings")]) expect(links).not.toContain(hidden);
  expect(await page.getByRole("link", { name: t("credits.buy") }).count()).toBe(0);
});

test("the activity lists another user's search; opened, it shows its hit with no way to decide", async () => {
  await page.getByRole("link", { name: t("readOnly.activity") }).click();
  await waitForPath(page, "/admin/activity");
  await expectVisible(page.getByText("Viktor Petrov").first());
  await page.goto(`${app.url}/?view=${searchId}`);
  await expectVisible(page.getByText("PETROV, Viktor").first());
  await expectVisible(page.getByTestId("hit-undecided").first());
  expect(await page.getByRole("button", { name: t("reviews.decideLabel", { name: "PETROV, Viktor" }) }).count()).toBe(0);
  expect(await page.getByRole("button", { name: t("reviews.decide.open") }).count()).toBe(0);
});

test("a POST made from the page is refused with 403 and screens nothing", async () => {
  const answer = await page.evaluate(async () => {
    const res = await fetch("/api/searches", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ searchTerm: "Sneaky Screen", entityType: "person" }),
    });
    return { status: res.status, body: await res.json() };
  });
  expect(answer).toEqual({ status: 403, body: expect.objectContaining({ error: "The auditor role is read-only" }) });
  const rows = await app.db.select().from(schema.searches);
  expect(rows.map((r) => r.searchTerm)).toEqual(["Viktor Petrov"]);
});
