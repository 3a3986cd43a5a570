/** The /credit-history screen: reached from the profile, the ledger rows with signs and balances, the type filter, German, empty and admin. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { creditReasons } from "../../lib/credits/descriptions.ts";
import { changeCredits } from "../../lib/credits/ledger.ts";
import { updateSystemSettings } from "../../lib/settings/system-settings.ts";
import { createUser, startApp } from "../helpers/app.ts";
import { expectHidden, expectVisible, HOOK_TIMEOUT_MS, launchBrowser, newPage, setLanguages, signIn, waitForPath } from "./support/browser.ts";

/** Elements sticking out of the viewport sideways, outside the table's own scroll region: what a phone would cut off. */
async function overflowing(p: Page) {
  return p.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out = [...document.querySelectorAll("body *")].filter((element) => {
      if (element.closest("[role=region]") !== null && element.getAttribute("role") !== "region") return false;
      const rect = element.getBoundingClientRect();
      return rect.width > 1 && (rect.right > width + 0.5 || rect.left < -0.5);
    });
    return { scrollWidth: document.documentElement.scrollWidth, width, out: out.map((e) => `${e.tagName.toLowerCase()}.${e.className}`.slice(0, 80)) };
  });
}

const user = { email: "ada@example.com", password: "Engine-1843!", fullName: "Ada Lovelace" };

let app: Awaited<ReturnType<typeof startApp>>;
let browser: Browser;
let page: Page;
/** Balances after the welcome bonus, the admin credit and the manual search. */
let welcomeBalance: number;
let afterCredit: number;
let afterSearch: number;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  const account = await createUser(app.db, user);
  welcomeBalance = account.credits;
  const credit = await changeCredits(app.db, { userId: account.id, type: "admin_credit", amount: 100, description: "Invoice 7" });
  const search = await changeCredits(app.db, { userId: account.id, type: "manual_search", amount: -10, description: "Search: ACME Ltd" });
  afterCredit = credit.balance;
  afterSearch = search.balance;
  ({ page } = await newPage(browser));
  await signIn(page, app.url, user.email, user.password);
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
}, HOOK_TIMEOUT_MS);

const table = () => page.getByTestId("credit-history-table");
const dataRows = () => table().locator("tbody tr");
const cells = (row: ReturnType<Page["locator"]>) => row.locator("td").allTextContents();

describe("credit history", () => {
  test("the profile's credit card offers 'Buy Credits' (to /buy-credits) beside the full history", async () => {
    await page.goto(`${app.url}/profile`);
    const historyLink = page.getByRole("link", { name: "View full history" });
    await expectVisible(historyLink);
    const card = page.locator("[data-slot=card]").filter({ has: historyLink });
    expect(await card.getByRole("link", { name: "Buy Credits" }).getAttribute("href")).toBe("/buy-credits");
  });

  test("'View full history' opens every transaction, newest first, with signs and balances", async () => {
    expect(afterCredit).toBe(welcomeBalance + 100);
    expect(afterSearch).toBe(welcomeBalance + 90);

    await page.getByRole("link", { name: "View full history" }).click();
    await waitForPath(page, "/credit-history");
    await expectVisible(page.getByRole("heading", { name: "Credit History", level: 1 }));
    expect(await page.getByTestId("credit-history-balance").textContent()).toContain(String(afterSearch));

    await expectVisible(table());
    expect(await table().locator("thead th").allTextContents()).toEqual(["Date", "Type", "Member", "Description", "Amount", "Balance after"]);
    expect(await dataRows().count()).toBe(3);

    const [search, credit, welcome] = [dataRows().nth(0), dataRows().nth(1), dataRows().nth(2)];
    expect((await cells(search)).slice(1)).toEqual(["Manual search", "Ada Lovelace", "Search: ACME Ltd", "-10", String(afterSearch)]);
    expect((await cells(credit)).slice(1)).toEqual(["Added by administrator", "Ada Lovelace", "Invoice 7", "+100", String(afterCredit)]);
    expect((await cells(welcome)).slice(1)).toEqual(["Bonus credits", "Ada Lovelace", "Welcome credits", `+${welcomeBalance}`, String(welcomeBalance)]);

    // Date and time in the interface locale.
    expect((await cells(credit))[0]).toMatch(/\d{4}.*\d{1,2}:\d{2}/);
    // Credits in green, charges in red.
    expect(await credit.locator("td").nth(4).getAttribute("class")).toContain("text-success");
    expect(await search.locator("td").nth(4).getAttribute("class")).toContain("text-destructive");
  });

  test("the type filter shows only the chosen type, and works from the keyboard", async () => {
    const filter = page.getByLabel("Filter by type");
    expect(await filter.textContent()).toBe("All types");

    await expectHidden(page.getByRole("listbox"));
    await filter.click();
    await page.getByRole("option", { name: "Added by administrator" }).click();
    expect(await filter.textContent()).toBe("Added by administrator");
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=credit-history-table] tbody tr").length === 1);
    expect((await cells(dataRows().first())).slice(1)).toEqual(["Added by administrator", "Ada Lovelace", "Invoice 7", "+100", String(afterCredit)]);

    // Enter opens the list with the chosen option focused; Home moves to 'All types', Enter picks it.
    await expectHidden(page.getByRole("listbox"));
    await filter.focus();
    await page.keyboard.press("Enter");
    await expectVisible(page.locator('[role="option"][aria-selected="true"]:focus'));
    await page.keyboard.press("Home");
    await expectVisible(page.getByRole("option", { name: "All types" }).and(page.locator(":focus")));
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=credit-history-table] tbody tr").length === 3);
    expect(await filter.textContent()).toBe("All types");

    await expectHidden(page.getByRole("listbox"));
    await filter.click();
    await page.getByRole("option", { name: "Credit purchase" }).click();
    await expectVisible(page.getByText("No transactions of this type"));
  });

  test("with German as profile language the page is in German", async () => {
    await setLanguages(page, "de", "en");

    await page.reload();
    await expectVisible(page.getByRole("heading", { name: "Credit-Verlauf", level: 1 }));
    await expectVisible(page.getByLabel("Nach Typ filtern"));
    // The table appears once the history has loaded, after the heading.
    await expectVisible(table().locator("thead th").first());
    expect(await table().locator("thead th").allTextContents()).toEqual(["Datum", "Typ", "Mitglied", "Beschreibung", "Betrag", "Guthaben danach"]);
    await expectVisible(table().getByText("Vom Administrator hinzugefügt"));
  });
});

describe("credit history of other accounts", () => {
  test("an account without ledger entries shows the empty state", async () => {
    await updateSystemSettings(app.db, { initialCredits: 0 });
    const email = "empty@example.com";
    await createUser(app.db, { email, password: user.password, fullName: "No Credits" });
    const other = await newPage(browser);
    try {
      await signIn(other.page, app.url, email, user.password);
      await other.page.goto(`${app.url}/credit-history`);
      await expectVisible(other.page.getByRole("heading", { name: "Credit History", level: 1 }));
      await expectVisible(other.page.getByText("No credit transactions yet"));
      expect(await other.page.getByTestId("credit-history-table").count()).toBe(0);
      expect(await other.page.getByTestId("credit-history-balance").textContent()).toBe("0credits");
    } finally {
      await other.context.close();
      await updateSystemSettings(app.db, { initialCredits: welcomeBalance });
    }
  });

  test("an admin sees 'Unlimited' as the balance", async () => {
    const other = await newPage(browser);
    try {
      await signIn(other.page, app.url, app.config.adminEmail ?? "", "Admin-password-1");
      await other.page.goto(`${app.url}/credit-history`);
      await expectVisible(other.page.getByRole("heading", { name: "Credit History", level: 1 }));
      expect(await other.page.getByTestId("credit-history-balance").textContent()).toBe("Unlimited");
    } finally {
      await other.context.close();
    }
  });
});

describe("a long ledger", () => {
  const owner = { email: "ledger@example.com", password: "Engine-1843!", fullName: "Lee Dger" };
  let phone: Page;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const account = await createUser(app.db, owner);
    // 70 changes after the welcome credits: odd ones credited from the command line, even ones charged for a search.
    for (let i = 1; i <= 70; i++) {
      if (i % 2) await changeCredits(app.db, { userId: account.id, type: "admin_credit", amount: 10, reason: creditReasons.cliCredit() });
      else await changeCredits(app.db, { userId: account.id, type: "manual_search", amount: -5, reason: creditReasons.search(`Subject ${i}`) });
    }
    const opened = await newPage(browser, { viewport: { width: 375, height: 740 } });
    phone = opened.page;
    close = () => opened.context.close();
    await signIn(phone, app.url, owner.email, owner.password);
  }, HOOK_TIMEOUT_MS);
  afterAll(() => close?.());

  const rows = () => phone.getByTestId("credit-history-table").locator("tbody tr");

  test("at 375 px nothing sticks out of the screen; the table scrolls sideways in its own region", async () => {
    await phone.goto(`${app.url}/credit-history`);
    await expectVisible(rows().first());
    const { scrollWidth, width, out } = await overflowing(phone);
    expect(out).toEqual([]);
    expect(scrollWidth).toBe(width);
    const region = phone.getByRole("region", { name: "Transactions" });
    expect(await region.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true);
    expect(await region.getAttribute("tabindex")).toBe("0");
  });

  test("50 rows at first, the rest as the table scrolls; the type filter asks the server", async () => {
    await phone.goto(`${app.url}/credit-history`);
    await expectVisible(phone.getByText("71 transactions, newest first"));
    expect(await rows().count()).toBe(50);
    await rows().last().scrollIntoViewIfNeeded();
    await phone.waitForFunction(() => document.querySelectorAll("[data-testid=credit-history-table] tbody tr").length === 71);
    await expectHidden(phone.getByTestId("load-more"));
    const descriptions = await rows().locator("td:nth-child(4)").allTextContents();
    expect(descriptions[0]).toBe("Search: Subject 70");
    expect(descriptions[1]).toBe("Added from the command line");
    expect(descriptions.at(-1)).toBe("Welcome credits");
    expect(new Set(descriptions.filter((d) => d.startsWith("Search: "))).size).toBe(35);

    await phone.getByLabel("Filter by type").click();
    await phone.getByRole("option", { name: "Manual search" }).click();
    await expectVisible(phone.getByText("35 transactions of this type"));
    expect(new Set(await rows().locator("td:nth-child(2)").allTextContents())).toEqual(new Set(["Manual search"]));
  });

  test("in French the descriptions, the count and the profile's recent transactions are in French, and still fit", async () => {
    await setLanguages(phone, "fr");
    await phone.goto(`${app.url}/credit-history`);
    await expectVisible(phone.getByText("71 transactions, les plus récentes en premier"));
    const descriptions = await rows().locator("td:nth-child(4)").allTextContents();
    expect(descriptions.slice(0, 2)).toEqual(["Recherche : Subject 70", "Ajouté depuis la ligne de commande"]);
    const { scrollWidth, width, out } = await overflowing(phone);
    expect(out).toEqual([]);
    expect(scrollWidth).toBe(width);

    await phone.goto(`${app.url}/profile`);
    const recent = phone.getByTestId("recent-transaction");
    await expectVisible(recent.first());
    expect(await recent.first().textContent()).toContain("Recherche : Subject 70");
    expect(await recent.nth(1).textContent()).toContain("Ajouté depuis la ligne de commande");
  });
});
