/**
 * Every screen names itself in the header: each route of web/src/router.tsx (read from its source, so a new route
 * is visited without changing this test) is opened as an administrator, and the header must name the screen, never
 * just the product's name. The browser tab's title names it too.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { HttpClient } from "../../support/http-client.ts";
import en from "../../web/src/i18n/en.json";
import { startApp, type TestApp } from "../helpers/app.ts";
import { SCREENING_TEST_ENV, setEnv } from "../helpers/env.ts";
import { type NewsServer, startGdeltServer } from "../helpers/news-servers.ts";
import { HOOK_TIMEOUT_MS, launchBrowser, newPage, signIn } from "./support/browser.ts";

const ADMIN = { email: "admin@test.local", password: "Admin-password-1" };
const ROUTER_SOURCE = await Bun.file(new URL("../../web/src/router.tsx", import.meta.url)).text();
/** The pages outside the signed-in shell and its header (sign-in, registration, password reset…): children of the root. */
const OUTSIDE_SHELL = new Set([...ROUTER_SOURCE.matchAll(/getParentRoute: \(\) => rootRoute,\s*path: "([^"]+)"/g)].map((m) => m[1]));
/** Every path the router declares inside the shell. */
const PATHS = [...ROUTER_SOURCE.matchAll(/path: "([^"]+)"/g)].map((m) => m[1]).filter((path) => !OUTSIDE_SHELL.has(path));

let app: TestApp;
let browser: Browser;
let page: Page;
let gdelt: NewsServer;
let restoreEnv: () => void = () => {};
const params: Record<string, string> = {};
/** The screens a new user found unnamed, by the name they must show. */
const EXPECTED: Record<string, string> = {
  "/automatic-screening": "Automatic Screening",
  "/reports": "Reports",
  "/buy-credits": "Buy Credits",
  "/batch/$batchId": "Batch Results",
  "/searches/$searchId": "Search Result",
  "/admin/dashboard": "Dashboard",
  "/admin/users": "User Management",
  "/admin/activity": "Activity Monitoring",
  "/admin/audit": "Audit Log",
  "/admin/settings": "System Settings",
};

beforeAll(async () => {
  gdelt = startGdeltServer(() => Response.json({}));
  restoreEnv = setEnv({ ...SCREENING_TEST_ENV, DUECHECK_NEWS_PROVIDERS: "gdelt", DUECHECK_GDELT_URL: gdelt.url });
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  const admin = new HttpClient(app.url);
  await admin.signIn(ADMIN.email, ADMIN.password);
  const search = await admin.post("/api/searches", { searchTerm: "Header Check", entityType: "person" });
  expect(search.status).toBe(201);
  const batch = await admin.post("/api/batch-jobs", { name: "Header batch", totalEntities: 1 });
  const entity = await admin.post("/api/monitoring/entities", { searchTerm: "Header Watch", entityType: "company", frequency: "weekly" });
  params.searchId = search.json.id;
  params.batchId = batch.json.id;
  params.entityId = entity.json.id;
  params.organisationId = (await admin.get("/api/auth/me")).json.organisation.id;
  params.watchlistId = (await admin.post("/api/organisation/watchlists", { name: "Header watchlist" })).json.id;
  // No screening here needs review, so there is no case: the case page of an unknown id still names its screen.
  params.caseId = crypto.randomUUID();
  ({ page } = await newPage(browser));
  await signIn(page, app.url, ADMIN.email, ADMIN.password);
}, 2 * HOOK_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await gdelt?.stop();
  restoreEnv();
}, HOOK_TIMEOUT_MS);

/** The header's screen name once it is more than the product's name (or what it still says after 5 s). */
async function screenName(path: string) {
  await page.goto(`${app.url}${path}`);
  const header = page.getByTestId("screen-name");
  await header.waitFor();
  await page
    .waitForFunction((product) => document.querySelector('[data-testid="screen-name"]')?.textContent !== product, en["app.name"], { timeout: 5_000 })
    .catch(() => {});
  return { header: await header.textContent(), title: await page.title() };
}

describe("screen names", () => {
  test("the router's source lists the screens this test visits", () => {
    expect([...OUTSIDE_SHELL].sort()).toEqual(["/confirm-email", "/forgot-password", "/login", "/register", "/reset-password"]);
    for (const path of ["/", "/searches/$searchId", "/batch/$batchId", "/automatic-screening", "/reports", "/buy-credits", "/admin/activity"]) {
      expect(PATHS).toContain(path);
    }
  });

  test(
    "every route names its screen in the header and the tab's title",
    async () => {
      const unnamed: string[] = [];
      for (const route of PATHS) {
        const path = route.replace(/\$(\w+)/g, (_, name: string) => {
          expect(params[name]).toBeDefined();
          return params[name];
        });
        const { header, title } = await screenName(path);
        const wrong = !header || header === en["app.name"] || (EXPECTED[route] !== undefined && header !== EXPECTED[route]);
        if (wrong || title !== `${header} · ${en["app.name"]}`) unnamed.push(`${route}: "${header}" / "${title}"`);
      }
      expect(unnamed).toEqual([]);
    },
    PATHS.length * 10_000,
  );
});
