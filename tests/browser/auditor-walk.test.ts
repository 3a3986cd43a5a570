/**
 * An organisation's auditor walks every main screen in Chromium and is offered no action the server would refuse:
 * no enabled button, link or switch that assigns, decides, escalates, deletes, adds, uploads, closes or otherwise
 * changes something. The read-only rule is lib/auth/roles.ts (isReadOnly, canDecide, canScreen); the screens only
 * leave out what it refuses.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { schema } from "../../data/db.ts";
import { createUser as createMember } from "../../lib/auth/users.ts";
import { HttpClient } from "../../support/http-client.ts";
import { checkResults } from "../fixtures/monitoring.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { setEnv } from "../helpers/env.ts";
import { expectVisible, HOOK_TIMEOUT_MS, launchBrowser, newPage, submitCredentials, waitForPath } from "./support/browser.ts";

const PASSWORD = "Auditor-walk-1!";
/** Words of an action that changes something; a control named with one of them must not be offered enabled. */
const CHANGE =
  /\b(assign|unassign|decide|escalate|delete|remove|add|upload|close|reopen|clear|confirm|dismiss|approve|reject|revoke|import|disable|enable|pause|resume|regenerate|new search|start new search|screen now|re-?check|create|invite|save|buy|download all|run)\b/i;

/** Controls that change only what the page shows, not a record. */
const VIEW_SWITCHES = ["switch: Whole team", "button: Clear filters"];

let app: TestApp;
let browser: Browser;
let page: Page;
let restoreEnv: () => void = () => {};
let searchId: string;
let caseId: string;
let organisationId: string;
let adminPage: Page;

beforeAll(async () => {
  restoreEnv = setEnv({ DUECHECK_REPORT_CHECK_SECONDS: "0", DUECHECK_DATASET_SCHEDULER: "0", DUECHECK_MONITORING_SCAN_SECONDS: "0" });
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  const rosa = await createUser(app.db, { email: "rosa@example.com", password: PASSWORD, fullName: "Rosa Reporter" });
  organisationId = rosa.organisationId;
  // The instance's auditor: reads every organisation's records and the admin screens, and changes nothing.
  await createUser(app.db, { email: "ines@example.com", password: PASSWORD, fullName: "Ines Inspector", role: "auditor" });
  await createMember(
    app.db,
    { email: "otto@example.com", password: PASSWORD, fullName: "Otto Auditor" },
    { membership: { organisationId: rosa.organisationId, role: "auditor" } },
  );
  const [search] = await app.db
    .insert(schema.searches)
    .values({
      userId: rosa.id,
      organisationId: rosa.organisationId,
      searchTerm: "Viktor Petrov",
      status: "completed",
      riskLevel: "high",
      reviewStatus: "needs_review",
      openHits: 1,
      results: checkResults({ matches: [["us_ofac_sdn", "ofac-1", "PETROV, Viktor"]], level: "high" }),
    })
    .returning();
  searchId = search.id;
  const http = new HttpClient(app.url);
  await http.signIn("rosa@example.com", PASSWORD);
  const opened = await http.post("/api/cases", { title: "Viktor Petrov", subject: { name: "Viktor Petrov", entityType: "person" } });
  expect(opened.status).toBe(201);
  caseId = opened.json.id;
  expect((await http.post(`/api/cases/${caseId}/searches`, { searchId })).status).toBeLessThan(300);
  ({ page } = await newPage(browser));
  await submitCredentials(page, app.url, "otto@example.com", PASSWORD);
  await waitForPath(page, "/");
  ({ page: adminPage } = await newPage(browser));
  await submitCredentials(adminPage, app.url, "ines@example.com", PASSWORD);
  await waitForPath(adminPage, "/");
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  restoreEnv();
}, HOOK_TIMEOUT_MS);

/** The visible, enabled controls of the page's main area and dialogs whose name is a change, as "role: name". */
async function changeActions(p: Page): Promise<string[]> {
  const controls = await p.evaluate(() => {
    const root = document.querySelector("main") ?? document.body;
    const found: string[] = [];
    for (const el of root.querySelectorAll<HTMLElement>(
      "button, a[href], [role=button], [role=switch], [role=menuitem], input[type=submit], input[type=file]",
    )) {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (box.width === 0 || box.height === 0 || style.visibility === "hidden") continue;
      if ((el as HTMLButtonElement).disabled || el.getAttribute("aria-disabled") === "true") continue;
      const labelledBy = el
        .getAttribute("aria-labelledby")
        ?.split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? "")
        .join(" ");
      const label = el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent : null;
      const name = (el.getAttribute("aria-label") || labelledBy || label || el.textContent || "").replace(/\s+/g, " ").trim();
      const role = el.getAttribute("role") ?? (el.tagName === "A" ? "link" : el.tagName === "INPUT" ? `input ${(el as HTMLInputElement).type}` : "button");
      found.push(`${role}: ${name}`);
    }
    return found;
  });
  return controls.filter((c) => !VIEW_SWITCHES.includes(c) && (c.startsWith("switch") || c.startsWith("input file") || CHANGE.test(c.replace(/^[^:]+: /, ""))));
}

const SCREENS: [string, () => string, string][] = [
  ["a search's result", () => `/searches/${searchId}`, "PETROV, Viktor"],
  ["the review item page", () => `/reviews/${searchId}`, "PETROV, Viktor"],
  ["the review queue", () => "/reviews", "Viktor Petrov"],
  ["the cases list", () => "/cases", "Viktor Petrov"],
  ["a case", () => `/cases/${caseId}`, "Viktor Petrov"],
  ["monitoring", () => "/automatic-screening", ""],
  ["batch", () => "/batch", ""],
  ["history", () => "/history", ""],
  ["sanctions", () => "/sanctions", ""],
  ["the organisation", () => "/organisation", ""],
  ["the watchlists", () => "/organisation/watchlists", ""],
  ["profile", () => "/profile", ""],
  ["reports", () => "/reports", ""],
];

/**
 * One test a screen: opened, with what it shows, and no enabled change action. `stays`: the screen keeps its address
 * (an admin screen the auditor may not read would show the not-allowed state in its place, or send them away).
 */
function walk(screens: [string, () => string, string][], walker: () => Page, stays: boolean) {
  for (const [screen, path, shows] of screens) {
    test(`${screen}: no enabled change action is offered`, async () => {
      const p = walker();
      await p.goto(`${app.url}${path()}`);
      await p.waitForLoadState("networkidle");
      if (shows) await p.getByText(shows).first().waitFor({ state: "visible" });
      else await p.locator("main h1").first().waitFor({ state: "visible" });
      if (stays) expect(new URL(p.url()).pathname).toBe(path());
      expect(await changeActions(p)).toEqual([]);
    });
  }
}

describe("an organisation auditor walks every main screen", () => walk(SCREENS, () => page, false));

/** The admin screens the auditor's menu offers; organisations and settings are the instance admin's alone. */
const ADMIN_SCREENS: [string, () => string, string][] = [
  ["the dashboard", () => "/admin/dashboard", ""],
  ["users", () => "/admin/users", "Rosa Reporter"],
  ["activity", () => "/admin/activity", "Viktor Petrov"],
  ["the audit log", () => "/admin/audit", ""],
  ["legal holds", () => "/admin/legal-holds", ""],
  ["batches", () => "/admin/batches", ""],
  ["monitoring", () => "/admin/monitoring", ""],
];

describe("the instance's auditor walks every admin screen", () => walk(ADMIN_SCREENS, () => adminPage, true));

test("the instance's auditor is offered no menu item to the admin's own screens, and they say so when opened", async () => {
  await adminPage.goto(`${app.url}/admin/dashboard`);
  await adminPage.locator("main h1").first().waitFor({ state: "visible" });
  const menu = adminPage.getByRole("navigation", { name: "Main navigation" });
  for (const name of ["User Management", "Activity Monitoring", "Audit Log"]) await expectVisible(menu.getByRole("link", { name, exact: true }));
  for (const name of ["Organisations", "System Settings"]) expect(await menu.getByRole("link", { name, exact: true }).count()).toBe(0);
  for (const path of ["/admin/organisations", `/admin/organisations/${organisationId}`, "/admin/settings"]) {
    await adminPage.goto(`${app.url}${path}`);
    await expectVisible(adminPage.getByTestId("admin-not-allowed"));
  }
});

test("the same check finds the actions on a member who may take them (the walk can fail)", async () => {
  const { context, page: owner } = await newPage(browser);
  try {
    await submitCredentials(owner, app.url, "rosa@example.com", PASSWORD);
    await waitForPath(owner, "/");
    await owner.goto(`${app.url}/searches/${searchId}`);
    await owner.getByRole("button", { name: "Assign to me" }).waitFor({ state: "visible" });
    const offered = await changeActions(owner);
    expect(offered).toContain("button: Assign to me");
    expect(offered).toContain("button: ← Start New Search");
  } finally {
    await context.close();
  }
});
