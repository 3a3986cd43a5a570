/**
 * /api-access against the real server: keys are made with scopes and an expiry date and listed with them, a key's use
 * over HTTP shows when and from which address, a key is rotated (the new one shown once, the old one marked as working
 * until the end of its grace), a key without the review scope is refused a decision naming the scope, an instance
 * admin may grant admin (in German, at 375 px), and the Documentation tab explains the MCP server and the scopes.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Locator, Page } from "playwright-core";
import de from "../../web/src/i18n/de.json";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import {
  expectDialogOpen,
  expectHidden,
  expectVisible,
  fullyVisible,
  HOOK_TIMEOUT_MS,
  launchBrowser,
  newPage,
  setLanguages,
  signIn,
} from "./support/browser.ts";
import { tr } from "./support/translate.ts";

const user = { email: "integrator@example.com", password: "Integrate-2024!", fullName: "Ida Integrator" };
const admin = { email: "admin@test.local", password: "Admin-password-1" };

let app: TestApp;
let browser: Browser;
let page: Page;
/** The full keys, as the dialogs showed them. */
const keys: Record<"reviewer" | "standard" | "rotated", string> = { reviewer: "", standard: "", rotated: "" };

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  await createUser(app.db, user);
  ({ page } = await newPage(browser));
  await signIn(page, app.url, user.email, user.password);
  await page.goto(`${app.url}/api-access`);
  await expectVisible(page.getByText("No API keys yet"));
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
}, HOOK_TIMEOUT_MS);

const keyRows = (p: Page) => p.getByTestId("api-key-row");
const scopesOf = (row: Locator) => row.getByTestId("api-key-scope-badges").locator("li").allTextContents();

/** A day as a date box takes it (YYYY-MM-DD), `days` from today in this machine's time zone (the browser's too). */
function dayFromToday(days: number) {
  const at = new Date();
  at.setDate(at.getDate() + days);
  const day = `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, "0")}-${String(at.getDate()).padStart(2, "0")}`;
  return { day, shown: new Intl.DateTimeFormat("en", { dateStyle: "medium" }).format(new Date(at.getFullYear(), at.getMonth(), at.getDate())) };
}

/** A call of the public API with a key, as an integration makes it. */
function callApi(key: string, path: string, init: RequestInit = {}) {
  return fetch(`${app.url}/api/v1${path}`, { ...init, headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" } });
}

describe("API keys with scopes, expiry and rotation", () => {
  test("the dialog offers the scopes with screen and read checked, and says what is wrong under the fields", async () => {
    await page.getByRole("button", { name: "Generate Your First API Key" }).click();
    const dialog = page.getByRole("dialog");
    await expectDialogOpen(dialog);
    const scope = (name: string) => dialog.getByRole("checkbox", { name, exact: true });
    await expectVisible(scope("screen"));
    expect(await scope("screen").isChecked()).toBe(true);
    expect(await scope("read").isChecked()).toBe(true);
    expect(await scope("review").isChecked()).toBe(false);
    expect(await scope("monitor").isChecked()).toBe(false);
    // Only an instance admin may grant admin.
    expect(await scope("admin").count()).toBe(0);
    await expectVisible(dialog.getByText("Decide hits and work on cases."));

    await dialog.getByLabel("Key name").fill("Reviewer bot");
    // Toggled by keyboard, as a person tabbing through the form does.
    await scope("screen").focus();
    await page.keyboard.press("Space");
    await scope("read").click();
    const expiry = dialog.getByLabel("Expiry date");
    await expiry.fill(dayFromToday(-1).day);
    await dialog.getByRole("button", { name: "Generate Key" }).click();
    await expectVisible(dialog.getByText("Choose at least one scope."));
    await expectVisible(dialog.getByText("Choose a date after today."));
    expect(await expiry.getAttribute("aria-invalid")).toBe("true");
    const described = (await expiry.getAttribute("aria-describedby")) ?? "";
    const dateMessage = dialog.getByText("Choose a date after today.");
    expect(described.split(" ")).toContain((await dateMessage.getAttribute("id")) ?? "none");
    // Nothing was made.
    expect(await keyRows(page).count()).toBe(0);
  });

  test("a key with review and an expiry date is shown once with its scopes, then listed with them", async () => {
    const dialog = page.getByRole("dialog");
    const expiry = dayFromToday(30);
    await dialog.getByRole("checkbox", { name: "read", exact: true }).click();
    await dialog.getByRole("checkbox", { name: "review", exact: true }).click();
    await dialog.getByLabel("Expiry date").fill(expiry.day);
    await dialog.getByRole("button", { name: "Generate Key" }).click();
    await expectVisible(dialog.getByRole("heading", { name: "Your new API key" }));
    keys.reviewer = await dialog.getByTestId("new-api-key").inputValue();
    expect(keys.reviewer).toMatch(/^dck_\S{20,}$/);
    const details = dialog.getByTestId("new-api-key-details");
    expect(await scopesOf(details)).toEqual(["read", "review"]);
    await expectVisible(details.getByText(expiry.shown));
    await dialog.getByRole("button", { name: "Done" }).click();
    await expectHidden(dialog);

    const row = keyRows(page).filter({ hasText: "Reviewer bot" });
    await expectVisible(row);
    expect(await scopesOf(row)).toEqual(["read", "review"]);
    expect((await row.getByTestId("api-key-expiry").textContent())?.trim()).toBe(expiry.shown);
    await expectVisible(row.getByTestId("api-key-last-used").getByText("Never", { exact: true }));
  });

  test("a key made with the defaults has screen and read and never expires", async () => {
    await page.getByRole("button", { name: "Generate New Key" }).click();
    const dialog = page.getByRole("dialog");
    await expectDialogOpen(dialog);
    await dialog.getByLabel("Key name").fill("Nightly sync");
    await dialog.getByRole("button", { name: "Generate Key" }).click();
    keys.standard = await dialog.getByTestId("new-api-key").inputValue();
    expect(await scopesOf(dialog.getByTestId("new-api-key-details"))).toEqual(["screen", "read"]);
    await dialog.getByRole("button", { name: "Done" }).click();
    await expectHidden(dialog);

    const row = keyRows(page).filter({ hasText: "Nightly sync" });
    await expectVisible(row);
    expect(await scopesOf(row)).toEqual(["screen", "read"]);
    expect((await row.getByTestId("api-key-expiry").textContent())?.trim()).toBe("Never");
    expect(await keyRows(page).count()).toBe(2);
  });

  test("a call with a key shows when and from which address it was last used", async () => {
    const res = await callApi(keys.standard, "/sanctions/search?term=Smith");
    expect([200, 503]).toContain(res.status);
    await page.reload();
    const row = keyRows(page).filter({ hasText: "Nightly sync" });
    await expectVisible(row);
    const lastUsed = row.getByTestId("api-key-last-used");
    await expectVisible(lastUsed.locator("time"));
    expect(await lastUsed.textContent()).toMatch(/from (127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
    await expectVisible(row.getByText("1 request", { exact: true }));
    // The other key was not used.
    await expectVisible(keyRows(page).filter({ hasText: "Reviewer bot" }).getByTestId("api-key-last-used").getByText("Never", { exact: true }));
  });

  test("a key without the review scope is refused a decision with 403 naming the scope; one with it gets past", async () => {
    const decision = { hitId: "sanctions:1", decision: "false_positive", reason: "common_name" };
    const path = `/search/${crypto.randomUUID()}/decisions`;
    const refused = await callApi(keys.standard, path, { method: "POST", body: JSON.stringify(decision) });
    expect(refused.status).toBe(403);
    expect(JSON.stringify(await refused.json())).toContain("does not have the review scope");
    // The reviewer's key is let through to the search, which is not there.
    const allowed = await callApi(keys.reviewer, path, { method: "POST", body: JSON.stringify(decision) });
    expect(allowed.status).toBe(404);
  });

  test("rotating with the default grace shows the new key once and marks the old one as rotated", async () => {
    const row = keyRows(page).filter({ hasText: "Nightly sync" });
    const rotate = row.getByRole("button", { name: "Rotate API key Nightly sync" });
    await rotate.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expectDialogOpen(dialog);
    await expectVisible(dialog.getByRole("heading", { name: "Rotate “Nightly sync”" }));
    expect(await dialog.getByRole("radio", { name: "24 hours (default)" }).isChecked()).toBe(true);
    expect(await dialog.getByRole("radio").count()).toBe(4);
    await dialog.getByRole("button", { name: "Rotate key" }).click();

    await expectVisible(dialog.getByRole("heading", { name: "Your rotated API key" }));
    await expectVisible(dialog.getByText("The old secret keeps working for 24 hours."));
    keys.rotated = await dialog.getByTestId("rotated-api-key").inputValue();
    expect(keys.rotated).toMatch(/^dck_\S{20,}$/);
    expect(keys.rotated).not.toBe(keys.standard);
    expect(await scopesOf(dialog.getByTestId("new-api-key-details"))).toEqual(["screen", "read"]);
    await dialog.getByRole("button", { name: "Copy" }).focus();
    await dialog.getByRole("button", { name: "Done" }).click();
    await expectHidden(dialog);

    const rows = keyRows(page).filter({ hasText: "Nightly sync" });
    await expectVisible(rows.nth(1));
    expect(await rows.count()).toBe(2);
    const old = rows.filter({ has: page.getByTestId("api-key-rotated") });
    await expectVisible(old.getByText(/^Rotated — works until /));
    // The old key is not rotated again; its replacement is.
    expect(await old.getByRole("button", { name: /^Rotate/ }).count()).toBe(0);
    const replacement = rows.filter({ hasNot: page.getByTestId("api-key-rotated") });
    await expectVisible(replacement.getByRole("button", { name: "Rotate API key Nightly sync" }));
    expect((await replacement.getByTestId("api-key-expiry").textContent())?.trim()).toBe("Never");
    // The full new key is nowhere on the page any more; both secrets work during the grace period.
    expect(await page.content()).not.toContain(keys.rotated);
    expect((await callApi(keys.standard, "/sanctions/search?term=Smith")).status).not.toBe(401);
    expect((await callApi(keys.rotated, "/sanctions/search?term=Smith")).status).not.toBe(401);
  });

  test("the Documentation tab explains the MCP server, its tools and the scopes", async () => {
    await page.getByRole("tab", { name: "Documentation" }).click();
    const mcp = page.getByTestId("mcp-docs");
    await expectVisible(mcp);
    await expectVisible(page.getByRole("heading", { name: "MCP", level: 2 }));
    expect(await mcp.getByTestId("mcp-endpoint").textContent()).toBe(`${app.url}/mcp`);
    await expectVisible(mcp.getByText("Authorization: Bearer <API key>"));
    await expectVisible(mcp.getByText("duecheck mcp --user EMAIL"));
    const tools = mcp.getByTestId("mcp-tools").locator("li");
    await expectVisible(tools.first());
    expect(await tools.locator("code").allTextContents()).toEqual([
      "screen",
      "get_screening",
      "search_lists",
      "compare_names",
      "list_open_hits",
      "decide_hit",
      "monitor_entity",
    ]);
    expect(await tools.filter({ hasText: "decide_hit" }).locator("[data-slot=badge]").textContent()).toBe("review");
    expect(await tools.filter({ hasText: "monitor_entity" }).locator("[data-slot=badge]").textContent()).toBe("monitor");
    const config = JSON.parse((await mcp.getByTestId("mcp-config").textContent()) ?? "{}");
    expect(config.mcpServers.duecheck).toEqual({ url: `${app.url}/mcp`, headers: { Authorization: "Bearer YOUR_API_KEY" } });
    const scopes = page.getByTestId("scopes-docs");
    await expectVisible(page.getByRole("heading", { name: "Scopes", level: 2 }));
    expect(await scopes.locator("dt").allTextContents()).toEqual(["screen", "read", "review", "monitor", "admin"]);
  });

  test("an instance admin may grant admin; in German at 375 px the keys are cards that fit", async () => {
    const phone = await newPage(browser, { viewport: { width: 375, height: 800 } });
    try {
      await signIn(phone.page, app.url, admin.email, admin.password);
      await setLanguages(phone.page, "de");
      await phone.page.goto(`${app.url}/api-access`);
      await phone.page.getByRole("button", { name: tr(de, "apiAccess.generateFirst") }).click();
      const dialog = phone.page.getByRole("dialog");
      await expectDialogOpen(dialog);
      await expectVisible(dialog.getByText(tr(de, "apiAccess.scopeHint.admin")));
      await dialog.getByLabel(tr(de, "apiAccess.nameLabel")).fill("Verwaltung");
      await dialog.getByRole("checkbox", { name: "admin", exact: true }).click();
      await dialog.getByRole("checkbox", { name: "screen", exact: true }).click();
      await dialog.getByRole("checkbox", { name: "read", exact: true }).click();
      await dialog.getByRole("button", { name: tr(de, "apiAccess.generate") }).click();
      await expectVisible(dialog.getByTestId("new-api-key"));
      expect(await scopesOf(dialog.getByTestId("new-api-key-details"))).toEqual(["admin"]);
      await dialog.getByRole("button", { name: tr(de, "apiAccess.done") }).click();
      await expectHidden(dialog);

      const row = keyRows(phone.page).filter({ hasText: "Verwaltung" });
      await expectVisible(row);
      expect(await scopesOf(row)).toEqual(["admin"]);
      expect((await row.getByTestId("api-key-expiry").textContent())?.trim()).toBe(tr(de, "apiAccess.noExpiry"));
      const rotate = row.getByRole("button", { name: tr(de, "apiAccess.rotateLabel", { name: "Verwaltung" }) });
      expect(await fullyVisible(rotate)).toBe(true);
      expect(await fullyVisible(row.getByTestId("api-key-scope-badges"))).toBe(true);
      // Nothing scrolls sideways: neither the page nor the keys' frame.
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      const frame = phone.page.getByRole("region", { name: tr(de, "apiAccess.keysTitle") });
      expect(await frame.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    } finally {
      await phone.context.close();
    }
  });
});
