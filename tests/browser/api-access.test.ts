/**
 * /api-access against the real server: a key is generated and shown in full once (copied to the clipboard),
 * listed masked with its usage, deleted after a confirmation; the Documentation tab renders the server's
 * OpenAPI document of the public API.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { authenticateApiKey } from "../../lib/auth/api-keys.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { expectDialogOpen, expectHidden, expectVisible, HOOK_TIMEOUT_MS, launchBrowser, newPage, signIn, waitForPath } from "./support/browser.ts";

const user = { email: "dev@example.com", password: "Integrate-2024!", fullName: "Dana Developer" };

let app: TestApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** The full key, as the creation dialog showed it. */
let fullKey: string;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  await createUser(app.db, user);
  ({ context, page } = await newPage(browser));
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: app.url });
  await signIn(page, app.url, user.email, user.password);
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
}, HOOK_TIMEOUT_MS);

const keyRows = (p: Page) => p.getByTestId("api-key-row");

describe("API access", () => {
  test("the menu leads to the API Keys tab, empty at first", async () => {
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "API Access" }).click();
    await waitForPath(page, "/api-access");
    await expectVisible(page.getByRole("heading", { name: "API Access", level: 1 }));
    expect(await page.getByRole("tab", { name: "API Keys" }).getAttribute("aria-selected")).toBe("true");
    await expectVisible(page.getByText("No API keys yet"));
  });

  test("a name is required; the new key is shown in full once, copied, and then only masked", async () => {
    await page.getByRole("button", { name: "Generate Your First API Key" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Generate Key" }).click();
    await expectVisible(dialog.getByText("Please enter a name for your API key."));

    await dialog.getByLabel("Key name").fill("  Production server ");
    await dialog.getByRole("button", { name: "Generate Key" }).click();
    await expectVisible(dialog.getByRole("heading", { name: "Your new API key" }));
    await expectVisible(page.getByText("API Key Generated"));
    fullKey = await dialog.getByTestId("new-api-key").inputValue();
    expect(fullKey).toMatch(/^dck_\S{20,}$/);
    await expectVisible(dialog.getByText("It will not be shown again."));

    await dialog.getByRole("button", { name: "Copy" }).click();
    await expectVisible(page.getByText("Copied", { exact: true }));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(fullKey);

    await dialog.getByRole("button", { name: "Done" }).click();
    await expectHidden(dialog);
    await expectVisible(keyRows(page).first());
    const row = keyRows(page).filter({ hasText: "Production server" });
    const masked = (await row.locator("code").textContent())!;
    expect(masked.startsWith(fullKey.slice(0, 12))).toBe(true);
    expect(masked).toContain("•");
    expect(await row.getByTestId("api-key-last-used").getByText("Never", { exact: true }).count()).toBe(1);
    await expectVisible(row.getByText("0 requests"));
    // The full key is nowhere on the page any more, nor after a reload.
    expect(await page.content()).not.toContain(fullKey);
    await page.reload();
    await expectVisible(keyRows(page).first());
    expect(await page.content()).not.toContain(fullKey);
  });

  test("the list shows a key's use: last used and the request count", async () => {
    expect(await authenticateApiKey(app.db, `Bearer ${fullKey}`)).toBeTruthy();
    await page.reload();
    const row = keyRows(page).filter({ hasText: "Production server" });
    await expectVisible(row.getByText("1 request", { exact: true }));
    await expectHidden(row.getByTestId("api-key-last-used").getByText("Never", { exact: true }));
  });

  test("delete asks first: Cancel keeps the key, Delete removes it with the toast", async () => {
    const row = keyRows(page).filter({ hasText: "Production server" });
    await row.getByRole("button", { name: "Delete API key Production server" }).click();
    const confirm = page.getByRole("alertdialog");
    await expectDialogOpen(confirm);
    await expectVisible(confirm.getByText("Delete this API key?"));
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expectHidden(confirm);
    expect(await keyRows(page).count()).toBe(1);

    await row.getByRole("button", { name: "Delete API key Production server" }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectVisible(page.getByText("API Key Deleted"));
    await expectVisible(page.getByText("No API keys yet"));
    expect(await authenticateApiKey(app.db, `Bearer ${fullKey}`).catch(() => null)).toBeFalsy();
  });

  test("the Documentation tab renders the public API: endpoints, bearer auth, response codes and rate limits", async () => {
    await page.getByRole("tab", { name: "Documentation" }).click();
    const docs = page.getByTestId("api-docs");
    await expectVisible(docs);
    await expectVisible(docs.getByText("Authorization: Bearer YOUR_API_KEY"));
    await expectVisible(docs.getByTestId("api-endpoint").first());
    const endpoints = await docs
      .getByTestId("api-endpoint")
      .evaluateAll((cards) => cards.map((c) => `${c.getAttribute("data-method")} ${c.getAttribute("data-path")}`));
    expect(endpoints.some((e) => /^post (\/api\/v1)?\/search$/.test(e))).toBe(true);
    expect(endpoints.some((e) => /^get (\/api\/v1)?\/search\/\{searchId\}$/.test(e))).toBe(true);
    expect(endpoints.some((e) => /^post (\/api\/v1)?\/batch$/.test(e))).toBe(true);
    // The search endpoint documents its JSON body, with the required term.
    const search = docs.locator('[data-testid="api-endpoint"][data-method="post"]').filter({ hasText: "searchTerm" }).first();
    await expectVisible(search.getByText("application/json").first());
    const codes = await docs.getByTestId("api-response-codes").locator("dt").allTextContents();
    for (const code of ["200", "400", "401", "402", "429", "500"]) expect(codes).toContain(code);
    const limits = await docs.getByTestId("api-rate-limits").locator("li").allTextContents();
    expect(limits).toEqual(["100 requests per minute", "1,000 requests per hour", "10,000 requests per day"]);
  });
});
