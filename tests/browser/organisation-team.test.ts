/**
 * An organisation's members as a team in the browser, against the real server and pipeline (a small OFAC list with
 * Dmitri Orlov listed, no news): an invited colleague finds the owner's screening in the history with "Whole team"
 * on and reads it; a false positive one member remembers shows as cleared on a colleague's later screening; the
 * owner turns "Members see each other's screenings" off, an analyst reads the setting without changing it, and a
 * change the server refuses is shown in its words; the owner caps a colleague's monthly spending, past which their
 * search is refused 402, and sets four-eyes review for the team.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { sanctionsService } from "../../server/sanctions/service.ts";
import { HttpClient } from "../../support/http-client.ts";
import { importReviewList } from "../fixtures/review-list.ts";
import { keepOnlyDatasets } from "../fixtures/screening.ts";
import { createUser, type TestApp } from "../helpers/app.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import { startScreeningApp } from "../helpers/screening-app.ts";
import {
  expectDialogOpen,
  expectHidden,
  expectVisible,
  fullyVisible,
  HOOK_TIMEOUT_MS,
  launchBrowser,
  newPage,
  plainText,
  signedInPage,
  signIn,
  waitForPath,
} from "./support/browser.ts";

const TEST_TIMEOUT_MS = 90_000;
const ORLOV = "ORLOV, Dmitri Pavlovich";
const OWNER = { email: "olivia@example.com", password: "Owner-password-1", fullName: "Olivia Olsen" };
const COLLEAGUE = { email: "carl@example.com", password: "Colleague-pass-2", fullName: "Carl Colleague" };
const PHONE = { width: 375, height: 740 };
const SEES_TEAM = "Members see each other's screenings";

let app: TestApp;
let stopApp: () => Promise<void>;
let browser: Browser;
let ownerApi: HttpClient;

beforeAll(async () => {
  ({ app, stop: stopApp } = await startScreeningApp({}, { ...SCREENING_TEST_ENV, DUECHECK_NEWS_TIMEOUT_MS: "2000" }));
  browser = await launchBrowser();
  await keepOnlyDatasets(app.db, ["us_ofac_sdn"]);
  expect((await importReviewList(app.db)).status).toBe("success");
  await sanctionsService(app.server.database).index.refresh();
  await createUser(app.db, { ...OWNER, credits: 1000 });
  ownerApi = new HttpClient(app.url);
  await ownerApi.signIn(OWNER.email, OWNER.password);
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await stopApp?.();
}, HOOK_TIMEOUT_MS);

/** A search of Dmitri Orlov by this member, started over the API and completed (the organisation's credits). */
async function screenedOrlov(http: HttpClient): Promise<string> {
  const created = await http.post("/api/searches", { searchTerm: "Dmitri Orlov", entityType: "person" });
  expect(created.status).toBe(201);
  const done = await http.get(`/api/searches/${created.json.id}?wait=30`);
  expect(done.json.status).toBe("completed");
  return created.json.id;
}

const textOf = async (locator: Locator) => plainText(await locator.textContent());
const historyItem = (page: Page, id: string) => page.getByTestId("history-item").filter({ has: page.locator(`a[href="/searches/${id}"]`) });
const teamSwitch = (page: Page) => page.getByRole("switch", { name: "Whole team" });
const seesTeamSwitch = (page: Page) => page.getByTestId("organisation-settings").getByRole("switch", { name: SEES_TEAM });

describe("organisation as a team", () => {
  test(
    "an owner invites a colleague, who sets a password and sees the team's screening",
    async () => {
      const searchId = await screenedOrlov(ownerApi);
      const owner = await signedInPage(browser, app.url, OWNER.email, OWNER.password);
      let colleague: { context: BrowserContext; page: Page } | undefined;
      try {
        // The owner invites from the screen; without SMTP the link is shown once.
        const { page } = owner;
        await page.goto(`${app.url}/organisation`);
        await page.getByRole("button", { name: "Invite a colleague" }).click();
        const dialog = page.getByTestId("invite-member-dialog");
        await expectDialogOpen(dialog);
        await dialog.getByLabel("Email").fill(COLLEAGUE.email);
        await dialog.getByLabel("Full name").fill(COLLEAGUE.fullName);
        await dialog.getByRole("button", { name: "Send invitation" }).click();
        await expectVisible(dialog.getByRole("heading", { name: "Invitation link" }));
        const link = await dialog.getByTestId("invitation-link").inputValue();
        await dialog.getByRole("button", { name: "Done" }).click();
        await expectHidden(dialog);

        // The colleague sets a password with it and signs in.
        colleague = await newPage(browser);
        const mine = colleague.page;
        await mine.goto(link);
        await mine.getByLabel("New password").fill(COLLEAGUE.password);
        await mine.getByLabel("Confirm password").fill(COLLEAGUE.password);
        await mine.getByRole("button", { name: "Set password" }).click();
        await expectVisible(mine.getByTestId("reset-done"));
        await signIn(mine, app.url, COLLEAGUE.email, COLLEAGUE.password);

        // Their own history is empty; the whole team's holds the owner's screening, named by who searched.
        await mine.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Search History" }).click();
        await waitForPath(mine, "/history");
        await expectVisible(mine.getByText("No search history yet"));
        expect(await teamSwitch(mine).getAttribute("aria-checked")).toBe("false");
        // By keyboard, as any switch: focused and toggled with Space.
        await teamSwitch(mine).focus();
        await mine.keyboard.press("Space");
        await mine.waitForURL((url) => url.searchParams.get("scope") === "team");
        const item = historyItem(mine, searchId);
        await expectVisible(item);
        expect(await textOf(item.getByTestId("history-searched-by"))).toBe(`Searched by ${OWNER.fullName}`);
        await expectVisible(mine.getByText("Your team's searches, newest first."));
        // A colleague's search is not theirs to delete.
        expect(await item.getByRole("button", { name: /^Delete search for / }).count()).toBe(0);

        // The choice is in the address: it survives a reload.
        await mine.reload();
        await expectVisible(item);
        expect(await teamSwitch(mine).getAttribute("aria-checked")).toBe("true");

        // They open it and read it.
        await item.getByRole("link", { name: "View Dmitri Orlov" }).click();
        await waitForPath(mine, `/searches/${searchId}`);
        await expectVisible(mine.getByTestId("search-results").getByTestId("result-term").getByText("Dmitri Orlov"));
        await expectVisible(mine.getByTestId("sanctions-hit").filter({ hasText: ORLOV }));

        // Off again, the history is their own: empty.
        await mine.goto(`${app.url}/history?scope=team`);
        await expectVisible(item);
        await teamSwitch(mine).click();
        await mine.waitForURL((url) => !url.searchParams.has("scope"));
        await expectVisible(mine.getByText("No search history yet"));
      } finally {
        await colleague?.context.close();
        await owner.context.close();
      }
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "at 375 px the team's history shows who searched, stacked and wholly in view",
    async () => {
      const { context, page } = await newPage(browser, { viewport: PHONE });
      try {
        await signIn(page, app.url, COLLEAGUE.email, COLLEAGUE.password);
        await page.goto(`${app.url}/history?scope=team`);
        const by = page.getByTestId("history-item").first().getByTestId("history-searched-by");
        await expectVisible(by);
        expect(await fullyVisible(by)).toBe(true);
        expect(await fullyVisible(teamSwitch(page))).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      } finally {
        await context.close();
      }
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "a clearance made by one member hides the hit on the colleague's screening",
    async () => {
      const first = await screenedOrlov(ownerApi);
      const owner = await signedInPage(browser, app.url, OWNER.email, OWNER.password);
      const colleague = await signedInPage(browser, app.url, COLLEAGUE.email, COLLEAGUE.password);
      try {
        // The owner clears Orlov on their own screening and remembers it.
        await owner.page.goto(`${app.url}/searches/${first}`);
        const hit = owner.page.getByTestId("sanctions-hit").filter({ hasText: ORLOV });
        await hit.getByRole("button", { name: `Decide on ${ORLOV}` }).click();
        const dialog = owner.page.getByTestId("decide-dialog");
        await expectDialogOpen(dialog);
        await dialog.getByRole("radio", { name: "False positive" }).click();
        // The search gave no birth date, so that reason is not offered: the name is common.
        await dialog.getByRole("radio", { name: "Common name" }).click();
        await dialog.getByRole("checkbox", { name: "Remember for this subject and listing" }).click();
        await dialog.getByRole("button", { name: "Save decision" }).click();
        await expectHidden(dialog);
        await expectVisible(hit.getByTestId("hit-decision"));
        expect(await textOf(hit.getByTestId("hit-decision"))).toContain("Remembered");

        // The colleague screens the same subject later: the hit is shown cleared, with who cleared it and why.
        const http = new HttpClient(app.url);
        await http.signIn(COLLEAGUE.email, COLLEAGUE.password);
        const second = await screenedOrlov(http);
        await colleague.page.goto(`${app.url}/searches/${second}`);
        const theirs = colleague.page.getByTestId("sanctions-hit").filter({ hasText: ORLOV });
        const cleared = theirs.getByTestId("clearance-mark");
        await expectVisible(cleared);
        expect(await textOf(cleared)).toMatch(new RegExp(`^Cleared on .+ by ${OWNER.fullName}: Common name$`));
        expect(await theirs.getByRole("button", { name: `Decide on ${ORLOV}` }).count()).toBe(0);
      } finally {
        await colleague.context.close();
        await owner.context.close();
      }
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "the owner turns off members seeing each other's screenings; an analyst reads the setting, disabled",
    async () => {
      const owner = await signedInPage(browser, app.url, OWNER.email, OWNER.password);
      const colleague = await signedInPage(browser, app.url, COLLEAGUE.email, COLLEAGUE.password);
      try {
        const { page } = owner;
        await page.goto(`${app.url}/organisation`);
        const setting = seesTeamSwitch(page);
        await expectVisible(setting);
        expect(await setting.getAttribute("aria-checked")).toBe("true");
        expect(await setting.isEnabled()).toBe(true);
        await expectVisible(page.getByTestId("organisation-settings").getByRole("heading", { name: "Team settings" }));
        expect(await page.getByTestId("organisation-settings-read-only").count()).toBe(0);
        await setting.click();
        await expectVisible(page.getByText("Team settings saved"));
        await expectVisible(page.getByRole("switch", { name: SEES_TEAM, checked: false }));
        expect((await ownerApi.get("/api/organisation")).json.settings).toEqual({
          membersSeeTeam: false,
          fourEyes: null,
          requireTwoFactor: null,
          retentionYears: null,
          country: null,
        });
        await page.reload();
        await expectVisible(page.getByRole("switch", { name: SEES_TEAM, checked: false }));

        // The analyst sees the setting as it stands, and cannot move it.
        const mine = colleague.page;
        await mine.goto(`${app.url}/organisation`);
        const theirs = seesTeamSwitch(mine);
        await expectVisible(theirs);
        expect(await theirs.getAttribute("aria-checked")).toBe("false");
        expect(await theirs.isDisabled()).toBe(true);
        await expectVisible(mine.getByText("Only owners and admins change the team settings."));
        // And the team's history holds only their own screening now, none of the owner's.
        await mine.goto(`${app.url}/history?scope=team`);
        await expectVisible(mine.getByTestId("history-searched-by").first());
        expect(await mine.getByTestId("history-searched-by").allTextContents()).toEqual([`Searched by ${COLLEAGUE.fullName}`]);
      } finally {
        await colleague.context.close();
        await owner.context.close();
      }
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "an admin whose role is taken away meanwhile is refused in the server's words, and the switch turns read-only",
    async () => {
      const member = (await ownerApi.get(`/api/organisation/members?q=carl`)).json.items[0];
      expect((await ownerApi.put(`/api/organisation/members/${member.id}`, { role: "admin" })).status).toBe(200);
      const colleague = await signedInPage(browser, app.url, COLLEAGUE.email, COLLEAGUE.password);
      try {
        const { page } = colleague;
        await page.goto(`${app.url}/organisation`);
        const setting = seesTeamSwitch(page);
        await expectVisible(setting);
        expect(await setting.isEnabled()).toBe(true);

        // The owner makes them an analyst again while the screen is open: what the server then says to them.
        expect((await ownerApi.put(`/api/organisation/members/${member.id}`, { role: "analyst" })).status).toBe(200);
        const colleagueApi = new HttpClient(app.url);
        await colleagueApi.signIn(COLLEAGUE.email, COLLEAGUE.password);
        const refused = await colleagueApi.put("/api/organisation/settings", { membersSeeTeam: true });
        expect(refused.status).toBe(403);

        await setting.click();
        await expectVisible(page.getByText("The team settings could not be changed"));
        await expectVisible(page.getByText(refused.json.error));
        // Read again: the switch shows the server's state, and no longer moves.
        await page.waitForFunction(() => document.querySelector("[data-testid=organisation-settings] [role=switch]")?.hasAttribute("disabled"));
        expect(await setting.getAttribute("aria-checked")).toBe("false");
        await expectVisible(page.getByTestId("organisation-settings-read-only"));
        expect((await ownerApi.get("/api/organisation")).json.settings).toEqual({
          membersSeeTeam: false,
          fourEyes: null,
          requireTwoFactor: null,
          retentionYears: null,
          country: null,
        });
      } finally {
        await colleague.context.close();
        expect((await ownerApi.put("/api/organisation/settings", { membersSeeTeam: true })).status).toBe(200);
      }
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "the owner caps a colleague's monthly spending, whose search past it is refused; four-eyes review is the team's choice",
    async () => {
      const owner = await signedInPage(browser, app.url, OWNER.email, OWNER.password);
      try {
        const { page } = owner;
        await page.goto(`${app.url}/organisation`);
        const row = page.locator(`[data-testid=member-row][data-email="${COLLEAGUE.email}"]`);
        await expectVisible(row);
        const before = (await ownerApi.get("/api/organisation/members?q=carl")).json.items[0];
        expect(before.monthlyCreditCap).toBeNull();
        expect(await textOf(row.getByTestId("member-cap-value"))).toBe(`${before.spentThisMonth} credits spent, no cap`);

        // The owner sets the cap to 10 in the dialog; a number the schema refuses is named before anything is sent.
        await row.getByRole("button", { name: `Set cap for ${COLLEAGUE.fullName}` }).click();
        const dialog = page.getByTestId("member-cap-dialog");
        await expectDialogOpen(dialog);
        const cap = dialog.getByLabel("Monthly cap in credits");
        expect(await cap.inputValue()).toBe("");
        await cap.fill("2.5");
        await dialog.getByRole("button", { name: "Save cap" }).click();
        await expectVisible(dialog.getByText("monthlyCreditCap must be a whole number of credits"));
        await cap.fill("10");
        await dialog.getByRole("button", { name: "Save cap" }).click();
        await expectHidden(dialog);
        await expectVisible(page.getByText("Cap saved"));
        await page.waitForFunction(
          (expected) => document.querySelector(`[data-email="carl@example.com"] [data-testid=member-cap-value]`)?.textContent === expected,
          `${before.spentThisMonth} / 10 credits`,
        );
        expect((await ownerApi.get("/api/organisation/members?q=carl")).json.items[0].monthlyCreditCap).toBe(10);

        // The colleague searches until the cap is reached: the refusal names it.
        const http = new HttpClient(app.url);
        await http.signIn(COLLEAGUE.email, COLLEAGUE.password);
        let refused: Awaited<ReturnType<HttpClient["post"]>> | undefined;
        for (let attempt = 0; attempt < 12 && !refused; attempt++) {
          const created = await http.post("/api/searches", { searchTerm: "Dmitri Orlov", entityType: "person" });
          if (created.status !== 201) refused = created;
        }
        expect(refused?.status).toBe(402);
        expect(refused?.json.error).toContain("your cap is 10 credits");

        // Four-eyes review: the owner turns it on; it holds after a reload and on the server, then follows the instance again.
        const settings = page.getByTestId("organisation-settings");
        const fourEyes = settings.getByRole("combobox", { name: "Four-eyes review" });
        expect(await textOf(fourEyes)).toBe("As the instance");
        expect(await fourEyes.isEnabled()).toBe(true);
        await fourEyes.click();
        await page.getByRole("option", { name: "On" }).click();
        await expectVisible(page.getByText("Decisions on hits now wait for a reviewer's approval."));
        await page.reload();
        await expectVisible(fourEyes);
        expect(await textOf(fourEyes)).toBe("On");
        expect((await ownerApi.get("/api/organisation")).json.settings).toEqual({
          membersSeeTeam: true,
          fourEyes: true,
          requireTwoFactor: null,
          retentionYears: null,
          country: null,
        });
        await fourEyes.click();
        await page.getByRole("option", { name: "As the instance" }).click();
        await expectVisible(page.getByText("Four-eyes review now follows this server's setting."));
        expect(await textOf(fourEyes)).toBe("As the instance");
        expect((await ownerApi.get("/api/organisation")).json.settings).toEqual({
          membersSeeTeam: true,
          fourEyes: null,
          requireTwoFactor: null,
          retentionYears: null,
          country: null,
        });
      } finally {
        await owner.context.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});
