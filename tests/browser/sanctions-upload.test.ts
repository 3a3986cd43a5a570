/**
 * An admin imports a list from files on /sanctions: a bad file is refused with the parser's message and changes
 * nothing; the right files make the new version, shown on the card; a user has no upload button.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { HttpClient } from "../../support/http-client.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { setEnv } from "../helpers/env.ts";
import { expectDialogOpen, expectHidden, expectVisible, HOOK_TIMEOUT_MS, launchBrowser, newPage, signIn, waitForPath } from "./support/browser.ts";

const FIXTURES = join(import.meta.dir, "..", "fixtures", "sanctions");
const ENV = { DUECHECK_DATASET_SCHEDULER: "0" };
let restoreEnv: () => void = () => {};

const admin = { email: "admin@test.local", password: "Admin-password-1" };
const analyst = { email: "analyst@example.com", password: "Screening-2024!", fullName: "Ada Analyst" };

let app: TestApp;
let browser: Browser;
let page: Page;

const unCard = (p: Page) => p.getByRole("article", { name: "UN Security Council Consolidated List" });

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

async function versionsOfUn() {
  const client = new HttpClient(app.url);
  await client.signIn(admin.email, admin.password);
  return ((await client.get("/api/sanctions/datasets")).json as any[]).find((d) => d.id === "un_sc_sanctions").recent_versions;
}

describe("uploading a list on /sanctions", () => {
  test("a bad file is refused with the parser's message; the right file becomes the current version", async () => {
    await page.goto(`${app.url}/sanctions`);
    await waitForPath(page, "/sanctions");
    await expectVisible(unCard(page));
    await unCard(page).getByRole("button", { name: "Upload files: UN Security Council Consolidated List" }).click();
    const dialog = page.getByRole("dialog", { name: "Import UN Security Council Consolidated List from files" });
    await expectDialogOpen(dialog);

    await dialog.getByLabel("Files", { exact: true }).setInputFiles(join(FIXTURES, "un_xml", "malformed", "truncated.xml"));
    await expectVisible(dialog.getByRole("list", { name: "Selected files" }).getByText("truncated.xml"));
    await dialog.getByRole("button", { name: "Import" }).click();
    const error = dialog.getByTestId("upload-error");
    await expectVisible(error, 60_000);
    expect(await error.textContent()).toContain("The files were not imported; the current version is kept.");
    expect(await error.textContent()).toContain("The files cannot be read as un_xml: truncated.xml");
    expect(await versionsOfUn()).toEqual([]);

    await dialog.getByLabel("Files", { exact: true }).setInputFiles(join(FIXTURES, "un_xml", "consolidated.xml"));
    await expectHidden(error);
    // Records every progress text the dialog shows, however briefly.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as any).__progressSeen = seen;
      new MutationObserver(() => {
        for (const el of document.querySelectorAll("[data-testid=upload-progress]")) if (!seen.includes(el.textContent ?? "")) seen.push(el.textContent ?? "");
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await dialog.getByRole("button", { name: "Import" }).click();
    // The progress shows while the file goes up and is imported, then the dialog closes on success.
    await expectHidden(dialog, 60_000);
    await expectVisible(page.getByText("UN Security Council Consolidated List: new version imported"));
    const progress = (await page.evaluate(() => (window as any).__progressSeen)) as string[];
    expect(progress).toContain("Importing… checking the files and storing the new version");
    const versions = await versionsOfUn();
    expect(versions).toHaveLength(1);
    await expectVisible(unCard(page).getByTestId("dataset-version").getByText("Current"));
  }, 120_000);

  test("a user sees no upload button", async () => {
    const { page: userPage } = await newPage(browser);
    await signIn(userPage, app.url, analyst.email, analyst.password);
    await userPage.goto(`${app.url}/sanctions`);
    await expectVisible(unCard(userPage));
    expect(
      await unCard(userPage)
        .getByRole("button", { name: /Upload files/ })
        .count(),
    ).toBe(0);
    await userPage.close();
  }, 60_000);
});
