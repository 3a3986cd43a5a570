/**
 * Choosing the lists in use on /sanctions: an admin turns a list off and on with its switch (the server holds the
 * choice across a reload), a user sees no switch, and a site whose downloads cannot reach the network shows the
 * offline notice with the two ways forward on /sanctions and above the search form.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { schema } from "../../data/db.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { setEnv } from "../helpers/env.ts";
import { expectHidden, expectVisible, HOOK_TIMEOUT_MS, launchBrowser, newPage, signIn, waitForPath } from "./support/browser.ts";

const ENV = { DUECHECK_DATASET_SCHEDULER: "0" };
const admin = { email: "admin@test.local", password: "Admin-password-1" };
const analyst = { email: "analyst@example.com", password: "Screening-2024!", fullName: "Ada Analyst" };
const EU = "EU Financial Sanctions Files (FSF)";

let restoreEnv: () => void = () => {};
let app: TestApp;
let browser: Browser;
let page: Page;

const enabledInDb = async (id: string) =>
  (await app.db.select({ enabled: schema.sanctionsDatasets.enabled }).from(schema.sanctionsDatasets).where(eq(schema.sanctionsDatasets.id, id)))[0].enabled;

beforeAll(async () => {
  restoreEnv = setEnv(ENV);
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  await createUser(app.db, analyst);
  ({ page } = await newPage(browser));
  await signIn(page, app.url, admin.email, admin.password);
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  restoreEnv();
}, HOOK_TIMEOUT_MS);

describe("lists in use on /sanctions", () => {
  test("an admin disables a list with its switch (confirmed, with a reason) and enables it again; the choice survives a reload", async () => {
    await page.goto(`${app.url}/sanctions`);
    await waitForPath(page, "/sanctions");
    const card = page.getByRole("article", { name: EU });
    const toggle = card.getByRole("switch", { name: `Use ${EU} in screening` });
    await expectVisible(toggle);
    expect(await toggle.getAttribute("aria-checked")).toBe("true");

    // The switch asks first: Cancel leaves the list on; the confirm button waits for a reason.
    await toggle.click();
    const dialog = page.getByTestId("disable-dataset-dialog");
    await expectVisible(dialog.getByText(`Disable ${EU} for everyone?`));
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expectHidden(dialog);
    expect(await toggle.getAttribute("aria-checked")).toBe("true");
    expect(await enabledInDb("eu_fsf")).toBe(true);

    await toggle.click();
    const confirm = dialog.getByRole("button", { name: "Disable list" });
    expect(await confirm.isDisabled()).toBe(true);
    const reason = dialog.getByLabel("Reason");
    expect(await reason.getAttribute("aria-required")).toBe("true");
    await reason.fill("Not licensed for this site");
    await confirm.click();
    await expectHidden(dialog);
    await expectVisible(page.getByText("List disabled", { exact: true }));
    await expectVisible(card.getByTestId("dataset-disabled"));
    await expectVisible(card.getByText(/searches do not check this list/));
    expect(await enabledInDb("eu_fsf")).toBe(false);
    const [entry] = await app.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, "dataset.disabled"));
    expect(entry).toMatchObject({ targetId: "eu_fsf", details: expect.objectContaining({ reason: "Not licensed for this site" }) });

    await page.reload();
    const again = page.getByRole("article", { name: EU }).getByRole("switch", { name: `Use ${EU} in screening` });
    await expectVisible(again);
    expect(await again.getAttribute("aria-checked")).toBe("false");

    // Keyboard: Space toggles the focused switch.
    await again.focus();
    await page.keyboard.press("Space");
    await expectVisible(page.getByText("List enabled", { exact: true }));
    await page.waitForFunction(() => document.querySelector('[data-testid="dataset-disabled"]') === null);
    expect(await enabledInDb("eu_fsf")).toBe(true);
  });

  test("the downloads cannot reach the network: /sanctions and the search page say so with the ways forward", async () => {
    await app.db
      .update(schema.sanctionsDatasets)
      .set({
        lastDownloadStatus: "failed",
        lastFailureKind: "network",
        lastDownloadError: "could not be fetched: ECONNREFUSED",
        networkFailures: 1,
        nextDownloadAt: new Date(Date.now() + 10 * 60_000),
      })
      .where(eq(schema.sanctionsDatasets.id, "un_sc_sanctions"));
    await page.goto(`${app.url}/sanctions`);
    const notice = page.getByTestId("downloads-offline");
    await expectVisible(notice);
    await expectVisible(notice.getByText("The lists cannot be downloaded: no network"));
    await expectVisible(notice.getByText(/UN Security Council Consolidated List/));
    await expectVisible(notice.getByText(/duecheck datasets import ID PATH/));
    await expectVisible(notice.getByText(/disable the lists you do not need/));
    await expectVisible(notice.getByText(/Next automatic try:/));

    await page.goto(`${app.url}/`);
    await expectVisible(page.getByTestId("downloads-offline"));
    // Disabling the list that cannot be reached ends the notice.
    await page.goto(`${app.url}/sanctions`);
    await page.getByRole("article", { name: "UN Security Council Consolidated List" }).getByRole("switch").click();
    const dialog = page.getByTestId("disable-dataset-dialog");
    await dialog.getByLabel("Reason").fill("No network at this site");
    await dialog.getByRole("button", { name: "Disable list" }).click();
    await expectVisible(page.getByText("List disabled", { exact: true }));
    await page.waitForFunction(() => document.querySelector('[data-testid="downloads-offline"]') === null);
  });

  test("a user sees the lists but no switch", async () => {
    const { page: userPage } = await newPage(browser);
    await signIn(userPage, app.url, analyst.email, analyst.password);
    await userPage.goto(`${app.url}/sanctions`);
    await expectVisible(userPage.getByRole("article", { name: EU }));
    expect(await userPage.getByRole("switch").count()).toBe(0);
    await expectVisible(userPage.getByRole("article", { name: "UN Security Council Consolidated List" }).getByTestId("dataset-disabled"));
  });
});
