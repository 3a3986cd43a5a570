/**
 * The audit log screen against the real server: reached from the admin menu, it names itself, filters by actor,
 * action, target and dates (kept in the address across a reload), pages with Load more, shows long details whole, and
 * its CSV link downloads exactly the filtered entries. An ordinary user gets the 'not allowed' state.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { schema } from "../../data/db.ts";
import { recordAudit } from "../../lib/audit/record.ts";
import { en } from "../../web/src/i18n/words.ts";
import { checkResults } from "../fixtures/monitoring.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { waitFor } from "../helpers/wait.ts";
import { expectVisible, HOOK_TIMEOUT_MS, launchBrowser, plainText, signedInPage } from "./support/browser.ts";
import { tr } from "./support/translate.ts";

let app: TestApp;
let browser: Browser;
let annSearchId: string;
const LONG_REASON = "The subject's birth date differs from the listing's by eleven years and the nationality does not match either";

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  const ann = await createUser(app.db, { email: "ann@example.com", password: "Ann-password-1!" });
  await createUser(app.db, { email: "plain@example.com", password: "Plain-password-1!" });
  // 60 decisions by Ann (more than one page of 50), one note, and an old decision outside the date range.
  const [search] = await app.db
    .insert(schema.searches)
    .values({
      userId: ann.id,
      organisationId: ann.organisationId,
      searchTerm: "Timeline Subject",
      status: "completed",
      riskLevel: "low",
      creditsUsed: 10,
      results: checkResults({ matches: [], media: [], level: "low" }),
    })
    .returning();
  annSearchId = search.id;
  for (let i = 0; i < 60; i++) {
    await recordAudit(app.db, {
      action: "review.decided",
      actorKind: "user",
      actorUserId: ann.id,
      targetType: "search",
      targetId: `s-${i}`,
      details: { reason: LONG_REASON },
    });
  }
  await recordAudit(app.db, { action: "review.note_added", actorKind: "user", actorUserId: ann.id, targetType: "search", targetId: "s-7" });
  await app.db
    .insert(schema.auditLog)
    .values({ action: "review.decided", actorKind: "user", actorUserId: ann.id, targetType: "search", targetId: "old", at: new Date("2020-03-04T10:00:00Z") });
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

test("filters in the address, paging, readable details and the CSV export", async () => {
  const { context, page } = await signedInPage(browser, app.url, "admin@test.local", "Admin-password-1");
  try {
    await page.getByRole("link", { name: tr(en, "nav.adminAudit"), exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/admin/audit");
    await expectVisible(page.getByRole("heading", { name: tr(en, "audit.title") }));

    await page.getByLabel(tr(en, "audit.filter.actor")).fill("ann@example.com");
    await page.getByLabel(tr(en, "audit.filter.action")).fill("review.*");
    await page.getByLabel(tr(en, "audit.filter.from")).fill("2021-01-01");
    await page.getByRole("button", { name: tr(en, "audit.filter.apply") }).click();
    await page.waitForURL((url) => url.searchParams.get("actor") === "ann@example.com" && url.searchParams.get("action") === "review.*");
    const total = page.getByTestId("audit-total");
    await waitFor("61 entries", async () => plainText(await total.textContent()) === "61 entries", 10_000);
    const rows = page.getByTestId("audit-row");
    await waitFor("50 rows", async () => (await rows.count()) === 50, 10_000);
    // The long reason is shown whole, not cut.
    await expectVisible(rows.nth(1).getByText(LONG_REASON));

    // Scrolling to the end of the list loads the next page, as a reader scrolls (the Load more button, there for the
    // keyboard, is gone once it starts loading: clicking it raced the scroll).
    await page.getByTestId("load-more").scrollIntoViewIfNeeded();
    await waitFor("61 rows", async () => (await rows.count()) === 61, 20_000);

    // A reload keeps the filters; a target filter narrows to the note and the decision on s-7.
    await page.reload();
    expect(await page.getByLabel(tr(en, "audit.filter.actor")).inputValue()).toBe("ann@example.com");
    await waitFor("61 entries", async () => plainText(await total.textContent()) === "61 entries", 10_000);
    await page.getByLabel(tr(en, "audit.filter.targetId")).fill("s-7");
    await page.getByRole("button", { name: tr(en, "audit.filter.apply") }).click();
    await waitFor("2 rows", async () => (await rows.count()) === 2, 10_000);
    await expectVisible(rows.getByText("review.note_added"));

    const href = (await page.getByTestId("audit-export").getAttribute("href"))!;
    expect(href).toContain("/api/admin/audit/export?");
    expect(new URL(href, app.url).searchParams.get("targetId")).toBe("s-7");
    const answer = await context.request.get(new URL(href, app.url).toString());
    expect(answer.status()).toBe(200);
    const lines = (await answer.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines.slice(1).every((l) => l.includes(",ann@example.com,review.") && l.includes(",s-7,"))).toBe(true);
  } finally {
    await context.close();
  }
});

test("an admin opening another user's search sees its timeline", async () => {
  const { context, page } = await signedInPage(browser, app.url, "admin@test.local", "Admin-password-1");
  try {
    await page.goto(`${app.url}/?view=${annSearchId}`);
    await expectVisible(page.getByRole("heading", { name: "Timeline Subject" }));
    await expectVisible(page.getByTestId("timeline").getByTestId("timeline-event").first());
  } finally {
    await context.close();
  }
});

test("an ordinary user sees no menu entry and a 'not allowed' state", async () => {
  const { context, page } = await signedInPage(browser, app.url, "plain@example.com", "Plain-password-1!");
  try {
    await page.goto(`${app.url}/admin/audit`);
    await expectVisible(page.getByTestId("admin-not-allowed"));
    expect(await page.getByRole("link", { name: tr(en, "nav.adminAudit"), exact: true }).count()).toBe(0);
  } finally {
    await context.close();
  }
});
