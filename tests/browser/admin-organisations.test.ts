/**
 * The instance admin's organisations screen in Chromium against the real server: the menu entry, the list with its
 * figures and its name filter (kept in the address across a reload), one organisation opened with its members, credits
 * added through the dialog, and a suspension confirmed and lifted; the screen also fits a 375 px phone.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { schema } from "../../data/db.ts";
import { createUser as createAccount } from "../../lib/auth/users.ts";
import { en } from "../../web/src/i18n/words.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { waitFor } from "../helpers/wait.ts";
import { expectDialogOpen, expectHidden, expectVisible, HOOK_TIMEOUT_MS, launchBrowser, plainText, signedInPage, waitForPath } from "./support/browser.ts";
import { tr } from "./support/translate.ts";

const t = (key: string, options?: Record<string, string | number>) => tr(en, key, options);
const PASSWORD = "Organisations-password-1!";

let app: TestApp;
let browser: Browser;
let organisationId: string;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  const owner = await createUser(app.db, { email: "olga@example.com", password: PASSWORD, fullName: "Olga Owner", credits: 30 });
  organisationId = owner.organisationId;
  await app.db.update(schema.organisations).set({ name: "Northwind Traders" }).where(eq(schema.organisations.id, organisationId));
  await createAccount(
    app.db,
    { email: "anton@example.com", password: PASSWORD, fullName: "Anton Analyst" },
    { membership: { organisationId, role: "analyst" }, withholdWelcomeCredits: true },
  );
  await app.db
    .insert(schema.searches)
    .values([1, 2].map((i) => ({ userId: owner.id, organisationId, searchTerm: `Term ${i}`, entityType: "person" as const, status: "completed" as const })));
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const row = (page: Page, name: string) => page.getByTestId("admin-organisation-row").filter({ hasText: name });

test("the admin lists, filters and opens an organisation, adds credits and suspends it", async () => {
  const { context, page } = await signedInPage(browser, app.url, "admin@test.local", "Admin-password-1");
  try {
    await page
      .getByRole("navigation", { name: t("nav.main") })
      .getByRole("link", { name: t("nav.adminOrganisations") })
      .click();
    await waitForPath(page, "/admin/organisations");
    await expectVisible(page.getByRole("heading", { name: t("adminOrganisations.title"), level: 1 }));
    expect(plainText(await page.locator("header").first().textContent())).toContain(t("nav.adminOrganisations"));

    await page.getByLabel(t("adminOrganisations.filterLabel")).fill("northwind");
    await waitFor("the filter in the address", async () => new URL(page.url()).searchParams.get("q") === "northwind", 10_000);
    await waitFor("one organisation listed", async () => (await page.getByTestId("admin-organisation-row").count()) === 1, 10_000);
    await page.reload();
    await waitFor("still filtered after a reload", async () => (await page.getByTestId("admin-organisation-row").count()) === 1, 10_000);
    expect(await page.getByLabel(t("adminOrganisations.filterLabel")).inputValue()).toBe("northwind");
    const cells = (await row(page, "Northwind Traders").locator("td").allTextContents()).map(plainText);
    expect(cells).toEqual(["Northwind Traders", "2", "30", "2", t("adminOrganisations.active")]);

    await page.getByRole("link", { name: t("adminOrganisations.open", { name: "Northwind Traders" }) }).click();
    await waitForPath(page, `/admin/organisations/${organisationId}`);
    await expectVisible(page.getByRole("heading", { name: "Northwind Traders", level: 1 }));
    expect(await page.getByTestId("member-row").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-email")))).toEqual([
      "olga@example.com",
      "anton@example.com",
    ]);

    await page.getByRole("button", { name: t("adminOrganisations.addCredits") }).click();
    const credits = page.getByTestId("organisation-credits-dialog");
    await expectDialogOpen(credits);
    await credits.getByLabel(t("adminOrganisations.amount")).fill("125");
    await credits.getByLabel(t("adminOrganisations.reason")).fill("Pilot project");
    await credits.getByRole("button", { name: t("adminOrganisations.addCredits") }).click();
    await expectHidden(credits);
    await waitFor("the new balance", async () => plainText(await page.getByTestId("organisation-balance").textContent()) === "155", 10_000);
    const [organisation] = await app.db.select().from(schema.organisations).where(eq(schema.organisations.id, organisationId));
    expect(organisation.credits).toBe(155);

    await page.getByRole("button", { name: t("adminOrganisations.suspend"), exact: true }).click();
    const confirm = page.getByTestId("suspend-dialog");
    await expectDialogOpen(confirm);
    expect(plainText(await confirm.textContent())).toContain(t("adminOrganisations.suspendTitle", { name: "Northwind Traders" }));
    await confirm.getByRole("button", { name: t("adminOrganisations.suspend") }).click();
    await expectHidden(confirm);
    await waitFor(
      "shown as suspended",
      async () => plainText(await page.getByTestId("organisation-status").textContent()) === t("adminOrganisations.suspended"),
      10_000,
    );
    const refused = await fetch(`${app.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: app.url },
      body: JSON.stringify({ email: "anton@example.com", password: PASSWORD }),
    });
    expect(refused.status).toBe(403);

    // The address survives a reload; lifting the suspension is confirmed too.
    await page.reload();
    await expectVisible(page.getByRole("heading", { name: "Northwind Traders", level: 1 }));
    await page.getByRole("button", { name: t("adminOrganisations.unsuspend") }).click();
    await expectDialogOpen(confirm);
    await confirm.getByRole("button", { name: t("adminOrganisations.unsuspend") }).click();
    await expectHidden(confirm);
    await waitFor(
      "active again",
      async () => plainText(await page.getByTestId("organisation-status").textContent()) === t("adminOrganisations.active"),
      10_000,
    );
  } finally {
    await context.close();
  }
});

test("at 375 px the list and the organisation fit the screen, and the move dialog opens from a member's row", async () => {
  const { context, page } = await signedInPage(browser, app.url, "admin@test.local", "Admin-password-1");
  try {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`${app.url}/admin/organisations?q=northwind`);
    await expectVisible(row(page, "Northwind Traders"));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.goto(`${app.url}/admin/organisations/${organisationId}`);
    await expectVisible(page.getByRole("heading", { name: "Northwind Traders", level: 1 }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByRole("button", { name: t("adminOrganisations.moveUserLabel", { name: "Anton Analyst" }) }).click();
    const dialog = page.getByTestId("move-user-dialog");
    await expectDialogOpen(dialog);
    expect(plainText(await dialog.textContent())).toContain(t("adminOrganisations.moveUserDescription", { name: "Northwind Traders" }));
    await dialog.getByRole("button", { name: t("common.cancel") }).click();
    await expectHidden(dialog);
  } finally {
    await context.close();
  }
});
