/**
 * Legal holds and every user's batches and monitoring in the admin screens, in Chromium against the real server: an
 * admin sets a hold on a user (by email) and on a search (by id), lifts one with a reason, and the list (active,
 * lifted, in the address) follows across a reload; an auditor reads the same list with no way to set or lift, and
 * reads another user's batch (with its rows) and monitored entity with their owner.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { schema } from "../../data/db.ts";
import { en } from "../../web/src/i18n/words.ts";
import { checkResults } from "../fixtures/monitoring.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { waitFor } from "../helpers/wait.ts";
import {
  expectDialogOpen,
  expectHidden,
  expectVisible,
  HOOK_TIMEOUT_MS,
  launchBrowser,
  newPage,
  plainText,
  signedInPage,
  submitCredentials,
  waitForPath,
} from "./support/browser.ts";
import { tr } from "./support/translate.ts";

const t = (key: string, options?: Record<string, string | number>) => tr(en, key, options);
const PASSWORD = "Records-password-1!";

let app: TestApp;
let browser: Browser;
let searchId: string;
let batchId: string;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  const rosa = await createUser(app.db, { email: "rosa@example.com", password: PASSWORD });
  await createUser(app.db, { email: "audrey@example.com", password: PASSWORD, role: "auditor" });
  const [batch] = await app.db
    .insert(schema.batchJobs)
    .values({
      userId: rosa.id,
      organisationId: rosa.organisationId,
      name: "Rosa's suppliers",
      status: "completed",
      totalEntities: 1,
      processedEntities: 1,
      completedAt: new Date(),
    })
    .returning();
  batchId = batch.id;
  const [search] = await app.db
    .insert(schema.searches)
    .values({
      userId: rosa.id,
      organisationId: rosa.organisationId,
      batchJobId: batch.id,
      searchTerm: "Held Supplier Ltd",
      entityType: "company",
      status: "completed",
      riskLevel: "low",
      results: checkResults({ matches: [], level: "low" }),
    })
    .returning();
  searchId = search.id;
  await app.db
    .insert(schema.monitoredEntities)
    .values({ userId: rosa.id, organisationId: rosa.organisationId, searchTerm: "Watched Trading GmbH", entityType: "company", frequency: "weekly" });
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** The auditor signed in: their start screen says the access is read-only (there is no search screen to wait for). */
async function auditorPage() {
  const opened = await newPage(browser);
  await submitCredentials(opened.page, app.url, "audrey@example.com", PASSWORD);
  await waitForPath(opened.page, "/");
  await expectVisible(opened.page.getByRole("heading", { name: t("readOnly.title"), level: 1 }));
  return opened;
}

const rowOf = (page: Page, text: string) => page.getByTestId("legal-hold-row").filter({ hasText: text });

test("an admin sets holds on a user and on a search, lifts one with a reason, and the lists follow across a reload", async () => {
  const { context, page } = await signedInPage(browser, app.url, "admin@test.local", "Admin-password-1");
  try {
    await page.getByRole("link", { name: t("nav.adminLegalHolds") }).click();
    await page.waitForURL((url) => url.pathname === "/admin/legal-holds");
    await expectVisible(page.getByRole("heading", { name: t("legalHolds.title"), level: 1 }));
    expect(plainText(await page.locator("header").first().textContent())).toContain(t("nav.adminLegalHolds"));
    await expectVisible(page.getByTestId("legal-holds-empty"));

    // A blank reason is named, and nothing is set.
    await page.getByLabel(t("legalHolds.userEmail")).fill("rosa@example.com");
    await page.getByRole("button", { name: t("legalHolds.setButton") }).click();
    await expectVisible(page.getByText(t("legalHolds.reasonRequired")));
    await page.getByLabel(t("legalHolds.reason")).fill("Regulator inquiry 2026-17");
    await page.getByRole("button", { name: t("legalHolds.setButton") }).click();
    await expectVisible(rowOf(page, "rosa@example.com"));
    expect(plainText(await rowOf(page, "rosa@example.com").textContent())).toContain("Regulator inquiry 2026-17");

    await page.getByRole("radio", { name: t("legalHolds.target.search") }).click();
    await page.getByLabel(t("legalHolds.searchId")).fill(searchId);
    await page.getByLabel(t("legalHolds.reason")).fill("Litigation hold");
    await page.getByRole("button", { name: t("legalHolds.setButton") }).click();
    await expectVisible(rowOf(page, "Held Supplier Ltd"));
    await waitFor("two active holds", async () => (await page.getByTestId("legal-hold-row").count()) === 2, 10_000);

    // An unknown user is refused by the server, and the list stays as it was.
    await page.getByRole("radio", { name: t("legalHolds.target.user") }).click();
    await page.getByLabel(t("legalHolds.userEmail")).fill("nobody@example.com");
    await page.getByLabel(t("legalHolds.reason")).fill("Typo");
    await page.getByRole("button", { name: t("legalHolds.setButton") }).click();
    await expectVisible(page.getByText(t("legalHolds.setFailed")).first());
    expect(await page.getByTestId("legal-hold-row").count()).toBe(2);

    await page.reload();
    await waitFor("two active holds after a reload", async () => (await page.getByTestId("legal-hold-row").count()) === 2, 10_000);

    await page.getByRole("button", { name: t("legalHolds.liftLabel", { target: "rosa@example.com" }) }).click();
    const dialog = page.getByTestId("lift-hold-dialog");
    await expectDialogOpen(dialog);
    await dialog.getByLabel(t("legalHolds.liftReason")).fill("Inquiry closed");
    await dialog.getByRole("button", { name: t("legalHolds.lift") }).click();
    await expectHidden(dialog);
    await expectHidden(rowOf(page, "rosa@example.com"));
    expect(await page.getByTestId("legal-hold-row").count()).toBe(1);

    await page.getByTestId("holds-lifted").click();
    await page.waitForURL((url) => url.searchParams.get("show") === "lifted");
    await page.reload();
    await expectVisible(rowOf(page, "rosa@example.com"));
    const lifted = plainText(await rowOf(page, "rosa@example.com").textContent());
    expect(lifted).toContain("Inquiry closed");
    expect(lifted).toContain(t("legalHolds.status.lifted"));
    expect(await page.getByTestId("legal-hold-row").count()).toBe(1);
  } finally {
    await context.close();
  }
  // A long walk through one screen (two holds set, one refused, one lifted, two reloads): more than one test's usual time.
}, 150_000);

test("an auditor reads the holds with no way to set or lift one", async () => {
  const { context, page } = await auditorPage();
  try {
    await page.getByRole("link", { name: t("nav.adminLegalHolds") }).click();
    await page.waitForURL((url) => url.pathname === "/admin/legal-holds");
    await expectVisible(rowOf(page, "Held Supplier Ltd"));
    await expectVisible(page.getByTestId("legal-holds-read-only"));
    expect(await page.getByTestId("set-hold-form").count()).toBe(0);
    expect(await page.getByRole("button", { name: t("legalHolds.lift") }).count()).toBe(0);
    expect(await page.getByRole("button", { name: t("legalHolds.liftLabel", { target: "Held Supplier Ltd" }) }).count()).toBe(0);
  } finally {
    await context.close();
  }
});

test("an auditor reads another user's batch with its rows, and their monitored entity, each with its owner", async () => {
  const { context, page } = await auditorPage();
  try {
    await page.getByRole("link", { name: t("nav.adminBatches") }).click();
    await page.waitForURL((url) => url.pathname === "/admin/batches");
    const row = page.getByTestId("admin-batch-row").filter({ hasText: "Rosa's suppliers" });
    await expectVisible(row);
    expect(plainText(await row.textContent())).toContain("rosa@example.com");
    await row.getByRole("link", { name: "Rosa's suppliers" }).click();
    await page.waitForURL((url) => url.pathname === `/admin/batches/${batchId}`);
    expect(plainText(await page.locator("header").first().textContent())).toContain(t("nav.adminBatches"));
    await expectVisible(page.getByText(t("adminRecords.batches.owner", { email: "rosa@example.com" })));
    await expectVisible(page.getByTestId("batch-result-row").filter({ hasText: "Held Supplier Ltd" }));
    await page.reload();
    await expectVisible(page.getByTestId("batch-result-row").filter({ hasText: "Held Supplier Ltd" }));

    await page.getByRole("link", { name: t("nav.adminMonitoring") }).click();
    await page.waitForURL((url) => url.pathname === "/admin/monitoring");
    const entity = page.getByTestId("admin-entity-row").filter({ hasText: "Watched Trading GmbH" });
    await expectVisible(entity);
    expect(plainText(await entity.textContent())).toContain("rosa@example.com");
    await page.getByLabel(t("adminRecords.monitoring.filterLabel")).fill("nobody-owns-this");
    await page.waitForURL((url) => url.searchParams.get("q") === "nobody-owns-this");
    await expectVisible(page.getByTestId("admin-list-empty"));
  } finally {
    await context.close();
  }
});
