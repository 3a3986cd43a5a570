/**
 * The shell as a signed-in person meets it: /login sends them to the search screen instead of showing the
 * form again, and every screen's content has the same width (one page container for all, measured at
 * 1280 px), in English and in German.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { de, en } from "../../web/src/i18n/words.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { DESKTOP, expectVisible, HOOK_TIMEOUT_MS, launchBrowser, newPage, setLanguages, signIn, waitForPath } from "./support/browser.ts";

/** Every screen of the sidebar shell, and an unknown path (the shell's not-found screen). */
const ROUTES = [
  "/",
  "/batch",
  "/history",
  "/cases",
  "/reports",
  "/sanctions",
  "/automatic-screening",
  "/api-access",
  "/organisation",
  "/profile",
  "/credit-history",
  "/settings/2fa",
  "/no-such-screen",
];

/** The Administration screens, measured as the admin sees them. */
const ADMIN_ROUTES = ["/admin/dashboard", "/admin/users", "/admin/activity", "/admin/settings"];

const user = { email: "layout@example.com", password: "Layout-2024!" };

let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  await createUser(app.db, { ...user, credits: 100 });
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
}, HOOK_TIMEOUT_MS);

/** Width of the page container and of the screen's own top element inside it, once the screen's heading shows. */
async function widths(page: Page, path: string) {
  await page.goto(`${app.url}${path}`);
  const container = page.getByTestId("page-container");
  await expectVisible(container.locator("h1"));
  return container.evaluate((element) => ({
    container: Math.round(element.getBoundingClientRect().width),
    screen: Math.round((element.firstElementChild as HTMLElement).getBoundingClientRect().width),
  }));
}

async function expectOneWidth(page: Page, routes = ROUTES) {
  const measured: Record<string, { container: number; screen: number }> = {};
  for (const path of ["/", ...routes]) measured[path] = await widths(page, path);
  const first = measured["/"].container;
  // 1280 px less the sidebar and the padding: the column is as wide as the window allows.
  expect(first).toBeGreaterThan(900);
  for (const path of routes) {
    expect({ path, width: measured[path].container }).toEqual({ path, width: first });
    // The not-found card is a centred message, not a screen column.
    if (path !== "/no-such-screen") expect({ path, width: measured[path].screen }).toEqual({ path, width: first });
  }
}

describe("signed in", () => {
  test("English: /login goes to the search screen; every screen has the same width at 1280 px", async () => {
    const { page } = await newPage(browser, { viewport: DESKTOP });
    await signIn(page, app.url, user.email, user.password);
    await page.goto(`${app.url}/login`);
    await waitForPath(page, "/");
    await expectVisible(page.getByRole("heading", { name: en["search.title"] }));
    expect(await page.getByRole("button", { name: en["login.submit"] }).count()).toBe(0);
    await expectOneWidth(page);
    await page.context().close();
  }, 60_000);

  test("German: the same", async () => {
    const { page } = await newPage(browser, { viewport: DESKTOP });
    await signIn(page, app.url, user.email, user.password);
    await setLanguages(page, "de");
    await page.goto(`${app.url}/login`);
    await waitForPath(page, "/");
    await expectVisible(page.getByRole("heading", { name: de["search.title"] }));
    await expectOneWidth(page);
    await page.context().close();
  }, 60_000);

  test("an administrator's screens have the same width too", async () => {
    const { page } = await newPage(browser, { viewport: DESKTOP });
    await signIn(page, app.url, "admin@test.local", "Admin-password-1");
    await expectOneWidth(page, ADMIN_ROUTES);
    await page.context().close();
  }, 60_000);

  test("signed out, /login shows the form", async () => {
    const { page } = await newPage(browser);
    await page.goto(`${app.url}/login`);
    await expectVisible(page.getByRole("button", { name: en["login.submit"] }));
    expect(new URL(page.url()).pathname).toBe("/login");
    await page.context().close();
  });
});
