/** The signed-in shell: auth guard, 404 page, sidebar toggle with its cookie, and the mobile sheet. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { createUser, startApp } from "../helpers/app.ts";
import { cookie, expectHidden, expectVisible, HOOK_TIMEOUT_MS, launchBrowser, newPage, signIn, waitForPath } from "./support/browser.ts";

const user = { email: "alan@example.com", password: "Enigma-1936!", fullName: "Alan Turing" };

let app: Awaited<ReturnType<typeof startApp>>;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  await createUser(app.db, user);
  ({ context, page } = await newPage(browser));
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
}, HOOK_TIMEOUT_MS);

describe("shell", () => {
  test("a protected screen sends a signed-out visitor to /login", async () => {
    await page.goto(`${app.url}/settings/2fa`);
    await waitForPath(page, "/login");
    await expectVisible(page.getByRole("button", { name: "Sign in" }));
  });

  test("an unknown path shows the 404 page", async () => {
    await signIn(page, app.url, user.email, user.password);
    await page.goto(`${app.url}/no/such/page`);
    await expectVisible(page.getByRole("heading", { name: "404 Page Not Found" }));
    await page.getByRole("link", { name: "Back to New Search" }).click();
    await waitForPath(page, "/");
  });

  test("the sidebar lists only built screens and highlights the active one", async () => {
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    expect(await nav.getByRole("link").allTextContents()).toEqual([
      "New Search",
      "Batch Processing",
      "Search History",
      "Cases",
      "Reports",
      "Sanctions Data",
      "Automatic Screening",
      "API Access",
      "Organisation",
      "Watchlists",
      "Team audit log",
    ]);
    expect(await nav.getByRole("link", { name: "New Search" }).getAttribute("aria-current")).toBe("page");
    await expectHidden(page.getByText("Administration"));
  });

  test("Ctrl+B collapses the sidebar and stores sidebar_state", async () => {
    const sidebar = page.locator('[data-slot="sidebar"]');
    expect(await sidebar.getAttribute("data-state")).toBe("expanded");

    await page.keyboard.press("Control+b");
    await page.waitForFunction(() => document.querySelector('[data-slot="sidebar"]')?.getAttribute("data-state") === "collapsed");
    expect((await cookie(context, "sidebar_state"))?.value).toBe("false");
    await expectHidden(page.getByTestId("sidebar-user-name"));

    // The state survives a reload, and the shortcut expands it again.
    await page.reload();
    await expectVisible(page.getByRole("heading", { name: "Due Diligence Search" }));
    expect(await sidebar.getAttribute("data-state")).toBe("collapsed");
    await page.keyboard.press("Control+b");
    await page.waitForFunction(() => document.querySelector('[data-slot="sidebar"]')?.getAttribute("data-state") === "expanded");
    expect((await cookie(context, "sidebar_state"))?.value).toBe("true");
  });

  test("below 768 px the sidebar is a slide-in sheet", async () => {
    await page.setViewportSize({ width: 375, height: 740 });
    await expectHidden(page.getByTestId("sidebar-user-name"));
    await page.getByRole("button", { name: "Toggle sidebar" }).click();
    const sheet = page.getByRole("dialog");
    await expectVisible(sheet.getByText(user.fullName));
    await sheet.getByRole("link", { name: "Edit Profile" }).click();
    await waitForPath(page, "/profile");
    await expectHidden(sheet);
  });

  test("the theme toggle switches to dark and remembers it", async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole("button", { name: "Toggle theme" }).click();
    await page.getByRole("menuitemradio", { name: "Dark" }).click();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem("vite-ui-theme"))).toBe("dark");
  });

  test("an administrator sees Unlimited credits", async () => {
    const admin = await newPage(browser);
    try {
      await signIn(admin.page, app.url, "admin@test.local", "Admin-password-1");
      await expectVisible(admin.page.getByTestId("sidebar-credits").getByText("Unlimited"));
      // Nothing to buy: no Buy Credits in the sidebar nor on the profile's balance card.
      expect(await admin.page.getByTestId("sidebar-user").getByRole("link", { name: "Buy Credits" }).count()).toBe(0);
      await admin.page.goto(`${app.url}/profile`);
      await expectVisible(admin.page.getByTestId("credit-balance").getByText("Unlimited"));
      expect(await admin.page.getByRole("link", { name: "Buy Credits" }).count()).toBe(0);
    } finally {
      await admin.context.close();
    }
  });
});
