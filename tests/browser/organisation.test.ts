/**
 * The /organisation screen on an instance without SMTP: an owner invites a colleague and copies the link shown once;
 * the colleague sets a password with it, signs in and finds the organisation with their role, the list read-only;
 * the owner changes a role, is refused the last owner's own demotion and an email that already has an account in the
 * server's words; an admin manages members but not owners; at 375 px in German the list collapses with nothing cut
 * off or overlapping and every word German; a member is removed after confirming.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import messagesDe from "../../lib/i18n/de.json";
import { HttpClient } from "../../support/http-client.ts";
import organisationDe from "../../web/src/organisations/i18n/de.json";
import organisationEn from "../../web/src/organisations/i18n/en.json";
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
  waitForPath,
} from "./support/browser.ts";
import { tr } from "./support/translate.ts";

/** createUser gives every test user the company "Acme Compliance": a new user's own organisation is named after it. */
const ORGANISATION = "Acme Compliance";
const OWNER = { email: "olivia@example.com", password: "Owner-password-1", fullName: "Olivia Olsen" };
const COLLEAGUE = { email: "carl@example.com", password: "Colleague-pass-2", fullName: "Carl Colleague" };
/** Invited and never accepted: a long name and address, the widest row a phone must show. */
const PENDING = { email: "maximiliane.grossherzogin-wittelsbach@compliance-abteilung.example.com", fullName: "Maximiliane Großherzogin-Wittelsbach" };
const PHONE = { width: 375, height: 740 };
const FLOW_TEST_MS = 60_000;

let app: TestApp;
let browser: Browser;
let owner: { context: BrowserContext; page: Page };
/** The link the invitation dialog showed. */
let invitationLink: string;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  await createUser(app.db, OWNER);
  owner = await newPage(browser);
  await owner.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: app.url });
  await signIn(owner.page, app.url, OWNER.email, OWNER.password);
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
}, HOOK_TIMEOUT_MS);

const rows = (page: Page) => page.getByTestId("member-row");
const row = (page: Page, email: string) => page.locator(`[data-testid="member-row"][data-email="${email}"]`);

/** Opens the screen from the main navigation, as a person would. */
async function openFromNavigation(page: Page, name = "Organisation") {
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name }).click();
  await waitForPath(page, "/organisation");
}

describe("organisation", () => {
  test(
    "an owner invites a colleague without SMTP and copies the link, shown once",
    async () => {
      const { page } = owner;
      await openFromNavigation(page);
      await expectVisible(page.getByRole("heading", { name: "Organisation", level: 1 }));
      expect(await page.getByTestId("screen-name").textContent()).toBe("Organisation");
      expect(await page.title()).toBe("Organisation · duecheck");
      expect(await page.getByTestId("organisation-name").textContent()).toBe(ORGANISATION);
      expect(await page.getByTestId("organisation-role").textContent()).toBe("Owner");
      await expectVisible(row(page, OWNER.email));
      expect(await rows(page).count()).toBe(1);
      await expectVisible(row(page, OWNER.email).getByText("You", { exact: true }));

      await page.getByRole("button", { name: "Invite a colleague" }).click();
      const dialog = page.getByTestId("invite-member-dialog");
      await expectDialogOpen(dialog);
      // The server's schema checks the form before anything is sent.
      await dialog.getByRole("button", { name: "Send invitation" }).click();
      await expectVisible(dialog.getByText("Full name is required"));
      await dialog.getByLabel("Email").fill(COLLEAGUE.email);
      await dialog.getByLabel("Full name").fill(COLLEAGUE.fullName);
      await dialog.getByLabel("Role", { exact: true }).click();
      expect(await page.getByRole("option").allTextContents()).toEqual(["Owner", "Admin", "Analyst", "Reviewer", "Auditor"]);
      await page.getByRole("option", { name: "Analyst" }).click();
      await dialog.getByRole("button", { name: "Send invitation" }).click();

      await expectVisible(dialog.getByRole("heading", { name: "Invitation link" }));
      await expectVisible(page.getByText("Invitation created"));
      invitationLink = await dialog.getByTestId("invitation-link").inputValue();
      expect(invitationLink).toStartWith(`${app.url}/reset-password?token=`);
      await expectVisible(dialog.getByText("The link is shown only once. Copy it now."));
      await dialog.getByRole("button", { name: "Copy link" }).click();
      await expectVisible(page.getByText("Link copied", { exact: true }));
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(invitationLink);
      await dialog.getByRole("button", { name: "Done" }).click();
      await expectHidden(dialog);

      // The colleague is listed, invitation pending and never signed in; the link is nowhere on the page any more.
      const invited = row(page, COLLEAGUE.email);
      await expectVisible(invited);
      expect(await invited.getByTestId("member-status").textContent()).toBe("Invitation pending");
      expect(await invited.getByTestId("member-last-login").textContent()).toBe("Never");
      expect(await invited.getByRole("combobox", { name: `Role of ${COLLEAGUE.fullName}` }).textContent()).toBe("Analyst");
      expect(await page.getByTestId("members-count").textContent()).toBe("2 members");
      expect(await page.content()).not.toContain(invitationLink);
    },
    FLOW_TEST_MS,
  );

  test(
    "the colleague opens the link, sets a password, signs in and sees the organisation with their role, read-only",
    async () => {
      const { context, page } = await newPage(browser);
      try {
        await page.goto(invitationLink);
        await page.getByLabel("New password").fill(COLLEAGUE.password);
        await page.getByLabel("Confirm password").fill(COLLEAGUE.password);
        await page.getByRole("button", { name: "Set password" }).click();
        await expectVisible(page.getByTestId("reset-done"));

        await signIn(page, app.url, COLLEAGUE.email, COLLEAGUE.password);
        await openFromNavigation(page);
        expect(await page.getByTestId("organisation-name").textContent()).toBe(ORGANISATION);
        expect(await page.getByTestId("organisation-role").textContent()).toBe("Analyst");
        // The screen's own address survives a reload.
        await page.reload();
        await expectVisible(page.getByRole("heading", { name: "Organisation", level: 1 }));
        expect(new URL(page.url()).pathname).toBe("/organisation");

        // An analyst reads the list: both members, and no invitation, role choice or removal.
        await expectVisible(row(page, OWNER.email));
        expect(await rows(page).count()).toBe(2);
        const me = row(page, COLLEAGUE.email);
        expect(await me.getByTestId("member-role").textContent()).toBe("Analyst");
        expect(await me.getByTestId("member-status").textContent()).toBe("Active");
        expect(await me.getByTestId("member-last-login").locator("time").count()).toBe(1);
        expect(await row(page, OWNER.email).getByTestId("member-role").textContent()).toBe("Owner");
        await expectVisible(page.getByTestId("organisation-read-only"));
        expect(await page.getByRole("button", { name: "Invite a colleague" }).count()).toBe(0);
        // The only choice on the screen is four-eyes review in the team settings, disabled: none in the members' list.
        expect(await page.getByTestId("organisation-members").getByRole("combobox").count()).toBe(0);
        expect(await page.getByTestId("organisation-settings").getByRole("combobox", { name: "Four-eyes review" }).isDisabled()).toBe(true);
        expect(await page.getByRole("button", { name: /^Remove / }).count()).toBe(0);
        expect(await page.getByTestId("organisation-members").getByRole("columnheader").allTextContents()).toEqual([
          "Member",
          "Role",
          "Last sign-in",
          "2FA",
          "Status",
          "Monthly cap",
        ]);
      } finally {
        await context.close();
      }
    },
    FLOW_TEST_MS,
  );

  test(
    "the owner changes a role; the last owner's own demotion and an email that has an account are refused in the server's words",
    async () => {
      const { page } = owner;
      await page.goto(`${app.url}/organisation`);
      const colleague = row(page, COLLEAGUE.email);
      await expectVisible(colleague.getByTestId("member-status").getByText("Active"));

      await colleague.getByRole("combobox", { name: `Role of ${COLLEAGUE.fullName}` }).click();
      await page.getByRole("option", { name: "Reviewer" }).click();
      await expectVisible(page.getByText("Role changed"));
      await page.waitForFunction((email) => document.querySelector(`[data-email="${email}"] [role=combobox]`)?.textContent === "Reviewer", COLLEAGUE.email);

      // What the server says to the same request, to compare with the screen.
      const http = new HttpClient(app.url);
      await http.signIn(OWNER.email, OWNER.password);
      const me = (await http.get("/api/auth/me")).json;
      const lastOwner = await http.put(`/api/organisation/members/${me.id}`, { role: "admin" });
      expect(lastOwner.status).toBe(409);
      const taken = await http.post("/api/organisation/members", { email: COLLEAGUE.email, fullName: "Someone Else", role: "analyst" });
      expect(taken.status).toBe(409);

      const mine = row(page, OWNER.email).getByRole("combobox", { name: `Role of ${OWNER.fullName}` });
      await mine.click();
      await page.getByRole("option", { name: "Admin" }).click();
      await expectVisible(page.getByText("The role could not be changed"));
      await expectVisible(page.getByText(lastOwner.json.error));
      await page.waitForFunction((email) => document.querySelector(`[data-email="${email}"] [role=combobox]`)?.textContent === "Owner", OWNER.email);

      await page.getByRole("button", { name: "Invite a colleague" }).click();
      const dialog = page.getByTestId("invite-member-dialog");
      await expectDialogOpen(dialog);
      await dialog.getByLabel("Email").fill(COLLEAGUE.email);
      await dialog.getByLabel("Full name").fill("Someone Else");
      await dialog.getByRole("button", { name: "Send invitation" }).click();
      await expectVisible(page.getByText("The invitation could not be sent"));
      await expectVisible(page.getByText(taken.json.error));
      // Refused, the form stays as typed to correct.
      expect(await dialog.getByLabel("Email").inputValue()).toBe(COLLEAGUE.email);
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expectHidden(dialog);
    },
    FLOW_TEST_MS,
  );

  test(
    "an admin manages the members but not the owners: an owner's row is read-only, and Owner is not offered",
    async () => {
      const http = new HttpClient(app.url);
      await http.signIn(OWNER.email, OWNER.password);
      const colleague = (await http.get("/api/organisation/members?q=carl")).json.items[0];
      expect((await http.put(`/api/organisation/members/${colleague.id}`, { role: "admin" })).status).toBe(200);

      const { context, page } = await newPage(browser);
      try {
        await signIn(page, app.url, COLLEAGUE.email, COLLEAGUE.password);
        await page.goto(`${app.url}/organisation`);
        expect(await page.getByTestId("organisation-role").textContent()).toBe("Admin");
        const ownerRow = row(page, OWNER.email);
        await expectVisible(ownerRow);
        expect(await ownerRow.getByTestId("member-role").textContent()).toBe("Owner");
        expect(await ownerRow.getByRole("combobox").count()).toBe(0);
        expect(await ownerRow.getByRole("button").count()).toBe(0);
        // Their own role is theirs to change; removing themselves is not offered.
        const mine = row(page, COLLEAGUE.email);
        await mine.getByRole("combobox", { name: `Role of ${COLLEAGUE.fullName}` }).click();
        expect(await page.getByRole("option").allTextContents()).toEqual(["Admin", "Analyst", "Reviewer", "Auditor"]);
        await page.keyboard.press("Escape");
        expect(await mine.getByRole("button", { name: /^Remove / }).count()).toBe(0);

        await page.getByRole("button", { name: "Invite a colleague" }).click();
        const dialog = page.getByTestId("invite-member-dialog");
        await expectDialogOpen(dialog);
        await dialog.getByLabel("Role", { exact: true }).click();
        expect(await page.getByRole("option").allTextContents()).toEqual(["Admin", "Analyst", "Reviewer", "Auditor"]);
      } finally {
        await context.close();
      }
    },
    FLOW_TEST_MS,
  );

  test(
    "at 375 px in German the member list collapses: nothing cut off or overlapping, every word German",
    async () => {
      const http = new HttpClient(app.url);
      await http.signIn(OWNER.email, OWNER.password);
      expect((await http.post("/api/organisation/members", { ...PENDING, role: "auditor" })).status).toBe(201);

      const { context, page } = await newPage(browser, { viewport: PHONE });
      try {
        await signIn(page, app.url, OWNER.email, OWNER.password);
        await setLanguages(page, "de");
        await page.goto(`${app.url}/organisation`);
        const de = (key: string, params?: Record<string, string | number>) => tr(organisationDe, key, params);
        await expectVisible(page.getByRole("heading", { name: de("organisation.title"), level: 1 }));
        await expectVisible(row(page, PENDING.email));
        expect(await rows(page).count()).toBe(3);
        // Collapsed, it is still a table to a screen reader: its rows, and each value named by its column.
        const table = page.getByRole("table", { name: de("organisation.members.title") });
        expect(await table.getByRole("row").count()).toBe(4);
        expect(await table.getByRole("columnheader").count()).toBe(7);

        // Nothing sticks out of the screen sideways, and the page does not scroll sideways. The table's headings,
        // kept for screen readers only (sr-only: a 1 px box that hides its overflow), show nothing to cut off.
        const sideways = await page.evaluate(() => {
          const width = document.documentElement.clientWidth;
          const unseen = (element: Element) => {
            for (let parent = element.parentElement; parent; parent = parent.parentElement) {
              if (getComputedStyle(parent).overflow !== "visible" && parent.getBoundingClientRect().width <= 1) return true;
            }
            return false;
          };
          const out = [...document.querySelectorAll("main *")].filter((element) => {
            if (unseen(element)) return false;
            const rect = element.getBoundingClientRect();
            return rect.width > 1 && (rect.right > width + 0.5 || rect.left < -0.5);
          });
          return { scrollWidth: document.documentElement.scrollWidth, width, out: out.map((e) => `${e.tagName.toLowerCase()}.${e.className}`.slice(0, 80)) };
        });
        expect(sideways.out).toEqual([]);
        expect(sideways.scrollWidth).toBe(sideways.width);

        // Each member's cells: every one wholly in view, none cutting its own text off, none over another.
        for (const email of [OWNER.email, COLLEAGUE.email, PENDING.email]) {
          const cells = row(page, email).locator("td");
          expect(await cells.count()).toBe(7);
          for (const cell of await cells.all()) {
            // The actions cell of the caller's own row is empty: there is nothing to see, so nothing to cut off.
            if (await cell.evaluate((e) => e.textContent?.trim() === "" && !e.querySelector("button"))) continue;
            expect(await fullyVisible(cell)).toBe(true);
            expect(await cell.evaluate((e) => e.scrollWidth <= e.clientWidth + 1 && e.scrollHeight <= e.clientHeight + 1)).toBe(true);
          }
          // Measured at once, in the page's coordinates (fullyVisible scrolls the page between cells).
          const overlaps = await row(page, email).evaluate((tr) => {
            const boxes = [...tr.querySelectorAll(":scope > td")]
              .filter((td) => td.textContent?.trim() !== "" || td.querySelector("button"))
              .map((td) => td.getBoundingClientRect());
            const pairs: string[] = [];
            for (let a = 0; a < boxes.length; a++) {
              for (let b = a + 1; b < boxes.length; b++) {
                const [p, q] = [boxes[a], boxes[b]];
                const x = Math.min(p.right, q.right) - Math.max(p.left, q.left);
                const y = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
                if (x > 1 && y > 1) pairs.push(`${a}/${b}`);
              }
            }
            return pairs;
          });
          expect(overlaps).toEqual([]);
          await cellTextsFit(row(page, email));
        }

        // Every word German: the column names beside each value, roles, states, the summary and the actions.
        const pending = row(page, PENDING.email);
        expect(await pending.getByTestId("stacked-label").allTextContents()).toEqual(
          ["role", "lastLogin", "twoFactor", "status", "cap"].map((column) => de(`organisation.column.${column}`)),
        );
        expect(await pending.getByTestId("member-status").textContent()).toBe(de("organisation.status.pending"));
        expect(await pending.getByTestId("member-last-login").textContent()).toBe(de("organisation.never"));
        expect(await pending.getByTestId("member-2fa").textContent()).toBe(de("organisation.twoFactorOff"));
        expect(await pending.getByRole("combobox", { name: de("organisation.roleLabel", { name: PENDING.fullName }) }).textContent()).toBe(
          de("organisation.role.auditor"),
        );
        await expectVisible(pending.getByRole("button", { name: de("organisation.removeLabel", { name: PENDING.fullName }) }));
        expect(await page.getByTestId("organisation-role").textContent()).toBe(de("organisation.role.owner"));
        expect(await page.getByTestId("members-count").textContent()).toBe(de("organisation.memberCount", { count: 3, value: 3 }));
        await expectVisible(page.getByRole("button", { name: de("organisation.invite.open") }));
        await expectVisible(page.getByRole("searchbox", { name: de("organisation.members.searchLabel") }));
        // And no English left: each text and accessible label on the screen, against every English word of the screen.
        const shown = await page.locator("main").evaluate((main) => {
          const texts: string[] = [];
          const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) if (node.textContent?.trim()) texts.push(node.textContent.trim());
          for (const element of main.querySelectorAll("[aria-label], [placeholder], [title]")) {
            for (const name of ["aria-label", "placeholder", "title"]) if (element.getAttribute(name)) texts.push(element.getAttribute(name)!);
          }
          return texts;
        });
        const german = organisationDe as Record<string, string>;
        const literal = (words: string) => words.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        const english = Object.entries(organisationEn as Record<string, string>)
          .filter(([key, words]) => words !== german[key] && words.length > 3)
          .map(([, words]) => new RegExp(`(^|[^\\p{L}])${literal(words).replace(/\\\{\\\{\w+\\\}\\\}/g, ".+")}($|[^\\p{L}])`, "u"))
          .filter((pattern) => shown.some((text) => pattern.test(text)))
          .map(String);
        expect(english).toEqual([]);
        expect(shown.length).toBeGreaterThan(20);

        // A refusal is in German too: the server's reason as lib/i18n words it.
        await row(page, OWNER.email)
          .getByRole("combobox", { name: de("organisation.roleLabel", { name: OWNER.fullName }) })
          .click();
        await page.getByRole("option", { name: de("organisation.role.admin") }).click();
        await expectVisible(page.getByText(de("organisation.roleChangeFailed")));
        await expectVisible(page.getByText(messagesDe["This is the organisation's last owner: make another member an owner first"]));
      } finally {
        // The language is the owner's, not the browser's: back to English for the owner's other page.
        await setLanguages(page, "en");
        await context.close();
      }
    },
    FLOW_TEST_MS,
  );

  test(
    "removing a member asks first, then the row is gone",
    async () => {
      const { page } = owner;
      await page.goto(`${app.url}/organisation`);
      const pending = row(page, PENDING.email);
      await expectVisible(pending);
      // By keyboard: the row's Remove is reached and pressed like any button; Cancel leaves the member.
      const remove = pending.getByRole("button", { name: `Remove ${PENDING.fullName} from the organisation` });
      await remove.focus();
      await page.keyboard.press("Enter");
      const confirm = page.getByRole("alertdialog");
      await expectDialogOpen(confirm);
      expect(await confirm.textContent()).toContain(`${PENDING.fullName} (${PENDING.email}) will no longer belong to ${ORGANISATION}.`);
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await expectHidden(confirm);
      await expectVisible(pending);

      await remove.click();
      await expectDialogOpen(confirm);
      await confirm.getByRole("button", { name: "Remove" }).click();
      await expectVisible(page.getByText("Member removed"));
      await expectHidden(pending);
      expect(await rows(page).count()).toBe(2);
    },
    FLOW_TEST_MS,
  );
});

/** No text inside a cell is cut off by the cell or by its own box (a badge, a select's value). */
async function cellTextsFit(locator: Locator) {
  const clipped = await locator.evaluate((element) =>
    [...element.querySelectorAll("td *")]
      .filter((e) => e.getClientRects().length > 0 && (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1))
      .filter((e) => getComputedStyle(e).overflow !== "visible" || getComputedStyle(e).textOverflow === "ellipsis")
      .map((e) => `${e.tagName.toLowerCase()}: ${e.textContent}`),
  );
  expect(clipped).toEqual([]);
}
