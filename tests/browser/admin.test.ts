/**
 * The Administration screens against the real server, in English and in Spanish: the menu group (admins only), the
 * dashboard's figures and lists from seeded searches, ledger rows and a purchase, the users table with its search,
 * edit dialog, add-credits dialog (balance shown, then raised) and active toggle, the activity tabs with their
 * filters, the settings saved and read back; an ordinary user sees no menu group and a 'not allowed' state.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { schema } from "../../data/db.ts";
import { getSystemSettings } from "../../lib/settings/system-settings.ts";
import { en, es } from "../../web/src/i18n/words.ts";
import { checkResults } from "../fixtures/monitoring.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { setEnv } from "../helpers/env.ts";
import { waitFor } from "../helpers/wait.ts";
import { expectHidden, expectVisible, fullyVisible, HOOK_TIMEOUT_MS, launchBrowser, plainText, signedInPage, waitForPath } from "./support/browser.ts";
import { type Dictionary, tr } from "./support/translate.ts";

type Language = "en" | "es";
const LANGUAGES: Language[] = ["en", "es"];
const DICTIONARIES: Record<Language, Dictionary> = { en, es };
const ADMIN = { email: "admin@test.local", password: "Admin-password-1" };
const PASSWORD = "Admin-screens-1!";
const DAY_MS = 86_400_000;

let app: TestApp;
let browser: Browser;
let restoreEnv: () => void = () => {};
let viktorSearchId: string;

/** Each language edits, credits and toggles its own account, so neither run sees the other's changes. */
const targets: Record<Language, { email: string; fullName: string }> = {
  en: { email: "tess.en@example.com", fullName: "Tess English" },
  es: { email: "tess.es@example.com", fullName: "Tess Español" },
};

beforeAll(async () => {
  restoreEnv = setEnv({ DUECHECK_REPORT_CHECK_SECONDS: "0", DUECHECK_DATASET_SCHEDULER: "0", DUECHECK_MONITORING_SCAN_SECONDS: "0" });
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  const rosa = await createUser(app.db, { email: "rosa@example.com", password: PASSWORD, fullName: "Rosa Reporter", credits: 200 });
  await app.db.update(schema.users).set({ lastLogin: new Date() }).where(eq(schema.users.id, rosa.id));
  const bruno = await createUser(app.db, { email: "bruno@example.com", password: PASSWORD, fullName: "Bruno Analyst", credits: 50 });
  for (const target of Object.values(targets)) await createUser(app.db, { ...target, password: PASSWORD, credits: 40 });

  // Rosa's manual search today (high risk, one sanctions match, two articles); Bruno's automated check ten days ago without a level.
  const [viktor, petrova] = await app.db
    .insert(schema.searches)
    .values([
      {
        userId: rosa.id,
        organisationId: rosa.organisationId,
        searchTerm: "Viktor Petrov",
        status: "completed",
        riskLevel: "high",
        creditsUsed: 10,
        results: checkResults({ matches: [["us_ofac_sdn", "ofac-1", "PETROV, Viktor"]], media: [{}, {}], level: "high" }),
      },
      {
        userId: bruno.id,
        organisationId: bruno.organisationId,
        searchTerm: "Petrova Holdings",
        entityType: "company",
        status: "completed",
        isAutomated: true,
        creditsUsed: 1,
        createdAt: new Date(Date.now() - 10 * DAY_MS),
      },
    ])
    .returning();
  viktorSearchId = viktor.id;
  await app.db.insert(schema.creditTransactions).values([
    {
      userId: rosa.id,
      organisationId: rosa.organisationId,
      searchId: viktor.id,
      type: "manual_search",
      amount: -10,
      balance: 190,
      description: "Search: Viktor Petrov",
    },
    {
      userId: bruno.id,
      organisationId: bruno.organisationId,
      searchId: petrova.id,
      type: "automatic_search",
      amount: -1,
      balance: 49,
      createdAt: petrova.createdAt,
    },
    { userId: rosa.id, organisationId: rosa.organisationId, type: "credit_purchase", amount: 500, balance: 690, description: "500 credits" },
  ]);
  await app.db
    .insert(schema.purchases)
    .values({ userId: rosa.id, credits: 500, amount: 10900, paymentIntentId: "pi_admin_test", status: "succeeded", succeededAt: new Date() });
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  restoreEnv();
}, HOOK_TIMEOUT_MS);

/** Signs in and switches the interface language. */
const signedIn = (email: string, password: string, language: Language) =>
  signedInPage(browser, app.url, email, password, { code: language, words: DICTIONARIES[language] });

const usd = (language: Language, value: number) => plainText(new Intl.NumberFormat(language, { style: "currency", currency: "USD" }).format(value));
const toast = (page: Page, text: string) => page.locator("[data-state=open]").filter({ hasText: text });
const userRow = (page: Page, email: string) => page.locator(`[data-testid=admin-user-row][data-email="${email}"]`);

for (const language of LANGUAGES) {
  const dict = DICTIONARIES[language];
  const t = (key: string, params?: Record<string, string | number>) => tr(dict, key, params);

  describe(`administration (${language})`, () => {
    let page: Page;
    let close: () => Promise<void>;

    beforeAll(async () => {
      const opened = await signedIn(ADMIN.email, ADMIN.password, language);
      page = opened.page;
      close = () => opened.context.close();
    }, HOOK_TIMEOUT_MS);
    afterAll(() => close?.());

    test("the Administration group lists its screens after the main menu", async () => {
      const nav = page.getByRole("navigation", { name: t("nav.main") });
      await expectVisible(nav.getByText(t("nav.administration")));
      const links = await nav.getByRole("link").allTextContents();
      expect(links.slice(-9)).toEqual([
        t("nav.adminDashboard"),
        t("nav.adminUsers"),
        t("nav.adminOrganisations"),
        t("nav.adminActivity"),
        t("nav.adminBatches"),
        t("nav.adminMonitoring"),
        t("nav.adminAudit"),
        t("nav.adminLegalHolds"),
        t("nav.adminSettings"),
      ]);
      await nav.getByRole("link", { name: t("nav.adminDashboard") }).click();
      await waitForPath(page, "/admin/dashboard");
      expect(await nav.getByRole("link", { name: t("nav.adminDashboard") }).getAttribute("aria-current")).toBe("page");
    });

    test("the dashboard shows the figures, the quick actions, the recent search and the purchase", async () => {
      await expectVisible(page.getByRole("heading", { name: t("admin.dashboard.title"), level: 1 }));
      const card = async (id: string) => {
        const element = page.getByTestId(id);
        await expectVisible(element);
        return [plainText(await element.getByTestId("stat-value").textContent()), plainText(await element.getByTestId("stat-note").textContent())];
      };
      // The admin and Rosa (both signed in today; she searched today too) are active; five accounts in all.
      expect(await card("stat-users")).toEqual(["5", t("admin.dashboard.activeToday", { count: 2, value: 2 })]);
      expect(await card("stat-searches")).toEqual(["2", t("admin.dashboard.today", { value: 1 })]);
      expect(await card("stat-credits")).toEqual(["11", t("admin.dashboard.today", { value: 10 })]);
      expect(await card("stat-revenue")).toEqual([usd(language, 109), plainText(t("admin.dashboard.today", { value: usd(language, 109) }))]);

      const actions = page.getByRole("navigation", { name: t("admin.dashboard.quickActions") });
      expect(await actions.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual([
        "/admin/users",
        "/admin/activity",
        "/admin/settings",
        "/reports",
      ]);

      const search = page.getByTestId("recent-search");
      expect(await search.count()).toBe(2);
      expect(await search.first().textContent()).toContain("Viktor Petrov");
      expect(await search.first().textContent()).toContain("rosa@example.com");
      expect(await search.first().getByTestId("risk-badge").textContent()).toBe(t("risk.high"));
      const purchase = page.getByTestId("recent-purchase");
      expect(await purchase.count()).toBe(1);
      expect(await purchase.textContent()).toContain("rosa@example.com");
      expect(plainText(await purchase.getByTestId("purchase-credits").textContent())).toBe(t("admin.dashboard.plusCredits", { value: 500 }));
      expect(plainText(await purchase.getByTestId("purchase-price").textContent())).toBe(usd(language, 109));
    });

    test("users: the table, the search box (on the server), and 'Never' for an account never signed in", async () => {
      await page
        .getByRole("navigation", { name: t("admin.dashboard.quickActions") })
        .getByRole("link", { name: t("admin.dashboard.manageUsers") })
        .click();
      await waitForPath(page, "/admin/users");
      await expectVisible(page.getByRole("heading", { name: t("admin.users.title"), level: 1 }));
      const table = page.getByTestId("admin-users-table");
      await expectVisible(table);
      expect(await table.locator("thead th").allTextContents()).toEqual([
        t("admin.users.column.user"),
        t("admin.users.column.company"),
        t("admin.users.column.role"),
        t("admin.users.column.credits"),
        t("admin.users.column.status"),
        t("accounts.admin.column2fa"),
        t("admin.users.column.lastLogin"),
        t("admin.users.column.actions"),
      ]);
      expect(await page.getByTestId("admin-user-row").count()).toBe(5);
      const admin = userRow(page, ADMIN.email);
      expect(await admin.getByTestId("user-role").textContent()).toBe(t("admin.users.role.admin"));
      expect(await admin.getByTestId("user-last-login").textContent()).not.toBe(t("admin.users.never"));
      // An administrator's searches are never charged: no balance to show.
      expect(await admin.getByTestId("user-credits").textContent()).toBe(t("credits.unlimited"));
      const bruno = userRow(page, "bruno@example.com");
      expect(await bruno.getByTestId("user-role").textContent()).toBe(t("admin.users.role.user"));
      expect(await bruno.getByTestId("user-credits").textContent()).toBe("50");
      expect(await bruno.getByTestId("user-status").textContent()).toBe(t("admin.users.active"));
      expect(await bruno.getByTestId("user-last-login").textContent()).toBe(t("admin.users.never"));
      expect(await bruno.locator("td").nth(1).textContent()).toBe("Acme ComplianceAnalyst");

      await page.getByLabel(t("admin.users.searchLabel")).fill("reporter");
      await page.waitForFunction(() => document.querySelectorAll("[data-testid=admin-user-row]").length === 1);
      expect(await userRow(page, "rosa@example.com").count()).toBe(1);
      expect(await page.getByTestId("users-count").textContent()).toBe(t("admin.users.count", { count: 1, value: 1 }));
      await page.getByLabel(t("admin.users.searchLabel")).fill("nobody-like-this");
      await expectVisible(page.getByText(t("admin.users.empty")));
      await page.getByLabel(t("admin.users.searchLabel")).fill("");
      await page.waitForFunction(() => document.querySelectorAll("[data-testid=admin-user-row]").length === 5);
    });

    test("users: edit a user's name, company, position and role", async () => {
      const target = targets[language];
      await userRow(page, target.email)
        .getByRole("button", { name: t("admin.users.editLabel", { email: target.email }) })
        .click();
      const dialog = page.getByTestId("edit-user-dialog");
      await expectVisible(dialog.getByRole("heading", { name: t("admin.users.editTitle") }));
      expect(await dialog.getByLabel(t("admin.users.field.fullName")).inputValue()).toBe(target.fullName);
      await dialog.getByLabel(t("admin.users.field.company")).fill("");
      await dialog.getByRole("button", { name: t("admin.users.save") }).click();
      await expectVisible(dialog.getByText(t("admin.users.required")));

      await dialog.getByLabel(t("admin.users.field.fullName")).fill(`${target.fullName} II`);
      await dialog.getByLabel(t("admin.users.field.company")).fill("Initech");
      await dialog.getByLabel(t("admin.users.field.position")).fill("Auditor");
      await dialog.getByLabel(t("admin.users.field.role")).click();
      await page.getByRole("option", { name: t("admin.users.role.admin") }).click();
      await dialog.getByRole("button", { name: t("admin.users.save") }).click();
      await expectVisible(toast(page, t("admin.users.updated")));
      await expectHidden(dialog);

      const row = userRow(page, target.email);
      await page.waitForFunction(
        (email) => document.querySelector(`[data-email="${email}"] [data-testid=user-role]`)?.getAttribute("class")?.includes("bg-primary"),
        target.email,
      );
      expect(await row.locator("td").first().textContent()).toBe(`${target.fullName} II${target.email}`);
      expect(await row.locator("td").nth(1).textContent()).toBe("InitechAuditor");
      expect(await row.getByTestId("user-role").textContent()).toBe(t("admin.users.role.admin"));
      const [stored] = await app.db.select().from(schema.users).where(eq(schema.users.email, target.email));
      expect([stored.fullName, stored.company, stored.position, stored.role]).toEqual([`${target.fullName} II`, "Initech", "Auditor", "admin"]);
      // Back to an ordinary user, so the credits below are counted.
      await row.getByRole("button", { name: t("admin.users.editLabel", { email: target.email }) }).click();
      await dialog.getByLabel(t("admin.users.field.role")).click();
      await page.getByRole("option", { name: t("admin.users.role.user") }).click();
      await dialog.getByRole("button", { name: t("admin.users.save") }).click();
      await expectHidden(dialog);
      await page.waitForFunction(
        (email) => document.querySelector(`[data-email="${email}"] [data-testid=user-role]`)?.getAttribute("class")?.includes("bg-secondary"),
        target.email,
      );
    });

    test("users: add credits shows the balance, waits for an amount, then raises it", async () => {
      const target = targets[language];
      await userRow(page, target.email)
        .getByRole("button", { name: t("admin.users.addCreditsLabel", { email: target.email }) })
        .click();
      const dialog = page.getByTestId("add-credits-dialog");
      await expectVisible(dialog);
      expect(await dialog.getByTestId("current-balance").textContent()).toBe(t("admin.users.currentBalance", { value: 40 }));
      const submit = dialog.getByRole("button", { name: t("admin.users.addCredits") });
      expect(await submit.isDisabled()).toBe(true);
      await dialog.getByLabel(t("admin.users.amount")).fill("60");
      await dialog.getByLabel(t("admin.users.note")).fill("Goodwill");
      await submit.click();
      await expectVisible(toast(page, t("admin.users.creditsAdded")));
      await expectHidden(dialog);
      await page.waitForFunction((email) => document.querySelector(`[data-email="${email}"] [data-testid=user-credits]`)?.textContent === "100", target.email);

      const [entry] = await app.db.select().from(schema.creditTransactions).where(eq(schema.creditTransactions.description, "Goodwill"));
      expect(entry?.type).toBe("admin_credit");
    });

    test("users: the status toggle deactivates and activates; the last admin cannot be deactivated", async () => {
      const target = targets[language];
      const row = userRow(page, target.email);
      await row.getByRole("button", { name: t("admin.users.deactivateLabel", { email: target.email }) }).click();
      await expectVisible(toast(page, t("admin.users.deactivatedDescription", { email: target.email })));
      await page.waitForFunction(
        ([email, text]) => document.querySelector(`[data-email="${email}"] [data-testid=user-status]`)?.textContent === text,
        [target.email, t("admin.users.inactive")],
      );
      await row.getByRole("button", { name: t("admin.users.activateLabel", { email: target.email }) }).click();
      await page.waitForFunction(
        ([email, text]) => document.querySelector(`[data-email="${email}"] [data-testid=user-status]`)?.textContent === text,
        [target.email, t("admin.users.active")],
      );

      await userRow(page, ADMIN.email)
        .getByRole("button", { name: t("admin.users.deactivateLabel", { email: ADMIN.email }) })
        .click();
      const failure = toast(page, t("admin.users.toggleFailed"));
      await expectVisible(failure);
      expect(await failure.textContent()).toContain("last active administrator");
      expect(await userRow(page, ADMIN.email).getByTestId("user-status").textContent()).toBe(t("admin.users.active"));
    });

    test("activity: searches with every column, the text and date filters, and the link to the search", async () => {
      await page
        .getByRole("navigation", { name: t("nav.main") })
        .getByRole("link", { name: t("nav.adminActivity") })
        .click();
      await waitForPath(page, "/admin/activity");
      await expectVisible(page.getByRole("heading", { name: t("admin.activity.title"), level: 1 }));
      const rows = page.getByTestId("admin-search-row");
      await expectVisible(rows.first());
      expect(await rows.count()).toBe(2);
      // At 1280 px the whole table fits, its Actions column included; at 375 px the open link stays in view.
      expect(page.viewportSize()?.width).toBe(1280);
      const actionsHead = page.getByTestId("admin-searches-table").getByRole("columnheader", { name: t("admin.activity.column.actions") });
      expect(await fullyVisible(actionsHead)).toBe(true);
      expect(await fullyVisible(rows.first().getByRole("link"))).toBe(true);
      await page.setViewportSize({ width: 375, height: 800 });
      try {
        await page.waitForFunction(() => window.innerWidth === 375);
        expect(await fullyVisible(rows.first().getByRole("link"))).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      } finally {
        await page.setViewportSize({ width: 1280, height: 800 });
      }
      const cells = (await rows.first().locator("td").allTextContents()).slice(1, 8);
      expect(cells).toEqual(["Rosa Reporterrosa@example.com", "Viktor Petrov", t("admin.activity.manual"), "10", t("risk.high"), "1", "2"]);
      expect((await rows.nth(1).locator("td").allTextContents()).slice(2, 6)).toEqual([
        "Petrova Holdings",
        t("admin.activity.automated"),
        "1",
        t("admin.activity.unknown"),
      ]);
      const open = rows.first().getByRole("link", { name: t("admin.activity.openLabel", { term: "Viktor Petrov" }) });
      expect(await open.getAttribute("href")).toBe(`/searches/${viktorSearchId}`);
      expect(await open.getAttribute("target")).toBe("_blank");
      // The link opens Rosa's search for the admin (read-only, through the admin call), and the access is audited.
      const viewer = await page.context().newPage();
      try {
        await viewer.goto(new URL(`/?view=${viktorSearchId}`, app.url).href);
        await expectVisible(viewer.getByText("Viktor Petrov").first());
        await expectHidden(viewer.getByTestId("search-load-error"));
      } finally {
        await viewer.close();
      }
      const audit = await app.db.select().from(schema.auditLog).where(eq(schema.auditLog.targetId, viktorSearchId));
      expect(audit.some((row) => row.action === "search.viewed_by_admin")).toBe(true);

      await page.getByLabel(t("admin.activity.range"), { exact: true }).click();
      await page.getByRole("option", { name: t("admin.activity.range.week") }).click();
      await page.waitForFunction(() => document.querySelectorAll("[data-testid=admin-search-row]").length === 1);
      expect(await rows.first().textContent()).toContain("Viktor Petrov");
      await page.getByLabel(t("admin.activity.range"), { exact: true }).click();
      await page.getByRole("option", { name: t("admin.activity.range.all") }).click();
      await page.waitForFunction(() => document.querySelectorAll("[data-testid=admin-search-row]").length === 2);

      await page.getByLabel(t("admin.activity.searchFilter")).fill("bruno");
      await page.waitForFunction(() => document.querySelectorAll("[data-testid=admin-search-row]").length === 1);
      expect(await rows.first().textContent()).toContain("Petrova Holdings");
      await page.getByLabel(t("admin.activity.searchFilter")).fill("zzz");
      await expectVisible(page.getByText(t("admin.activity.noSearches")));
    });

    test("activity: credit transactions with the user and type filters", async () => {
      await page.getByRole("tab", { name: t("admin.activity.transactionsTab") }).click();
      const table = page.getByTestId("admin-transactions-table");
      await expectVisible(table);
      expect(await table.locator("thead th").allTextContents()).toEqual([
        t("admin.activity.column.date"),
        t("admin.activity.column.user"),
        t("admin.activity.column.type"),
        t("admin.activity.column.amount"),
        t("admin.activity.column.balance"),
        t("admin.activity.column.description"),
      ]);
      await page.getByLabel(t("admin.activity.userFilter")).fill("rosa@");
      const rows = page.getByTestId("admin-transaction-row");
      // Rosa: her welcome credits, the search and the purchase.
      await page.waitForFunction(() => document.querySelectorAll("[data-testid=admin-transaction-row]").length === 3);
      await page.getByLabel(t("admin.activity.typeFilter")).click();
      await page.getByRole("option", { name: t("credits.type.credit_purchase") }).click();
      await page.waitForFunction(() => document.querySelectorAll("[data-testid=admin-transaction-row]").length === 1);
      expect((await rows.first().locator("td").allTextContents()).slice(1)).toEqual([
        "Rosa Reporterrosa@example.com",
        t("credits.type.credit_purchase"),
        "+500",
        "690",
        "500 credits",
      ]);

      await page.getByLabel(t("admin.activity.typeFilter")).click();
      await page.getByRole("option", { name: t("credits.type.admin_credit") }).click();
      await expectVisible(page.getByText(t("admin.activity.noTransactions")));
      await page.getByLabel(t("admin.activity.userFilter")).fill(targets[language].email);
      await page.waitForFunction(() => document.querySelectorAll("[data-testid=admin-transaction-row]").length === 1);
      expect((await rows.first().locator("td").allTextContents()).slice(2)).toEqual([t("credits.type.admin_credit"), "+60", "100", "Goodwill"]);
    });

    test("settings: pricing, packages (one popular) and registration are saved and read back", async () => {
      await page
        .getByRole("navigation", { name: t("nav.main") })
        .getByRole("link", { name: t("nav.adminSettings") })
        .click();
      await waitForPath(page, "/admin/settings");
      await expectVisible(page.getByRole("heading", { name: t("admin.settings.title"), level: 1 }));
      const manual = page.getByLabel(t("admin.settings.manualSearchCost"));
      // The English run saved 12 before the Spanish one reads it.
      expect(await manual.inputValue()).toBe(language === "en" ? "10" : "12");
      const cost = language === "en" ? 12 : 14;
      await manual.fill(String(cost));
      await page.getByLabel(t("admin.settings.automatedSearchCost")).fill("2");

      await page.getByRole("tab", { name: t("admin.settings.packagesTab") }).click();
      const packages = page.getByTestId("credit-package");
      expect(await packages.count()).toBe(6);
      await page.getByRole("button", { name: t("admin.settings.addPackage") }).click();
      const added = packages.last();
      await added.getByLabel(t("admin.settings.packageCredits")).fill("50");
      await added.getByLabel(t("admin.settings.packagePrice")).fill("19.5");
      // Marking the new package popular takes the mark off the 500-credit one.
      await added.getByRole("switch").click();
      expect(await page.locator("[data-testid=credit-package] [role=switch][aria-checked=true]").count()).toBe(1);
      await packages
        .first()
        .getByRole("button", { name: t("admin.settings.removePackage", { number: 1 }) })
        .click();

      await page.getByRole("tab", { name: t("admin.settings.registrationTab") }).click();
      await page.getByLabel(t("admin.settings.initialCredits")).fill("30");
      await page.getByRole("switch", { name: t("admin.settings.registrationOpen") }).click();
      await page.getByRole("button", { name: t("admin.settings.save") }).click();
      await expectVisible(toast(page, t("admin.settings.updated")));

      const stored = await getSystemSettings(app.db);
      expect([stored.manualSearchCost, stored.automatedSearchCost, stored.initialCredits, stored.registrationOpen]).toEqual([cost, 2, 30, false]);
      expect(stored.creditPackages.at(-1)).toEqual({ credits: 50, price: 19.5, popular: true });
      expect(stored.creditPackages.filter((p) => p.popular).length).toBe(1);

      await page.reload();
      expect(await page.getByLabel(t("admin.settings.manualSearchCost")).inputValue()).toBe(String(cost));
      await page.getByRole("tab", { name: t("admin.settings.registrationTab") }).click();
      expect(await page.getByRole("switch", { name: t("admin.settings.registrationOpen") }).getAttribute("aria-checked")).toBe("false");
      // Open again for the next run.
      await page.getByRole("switch", { name: t("admin.settings.registrationOpen") }).click();
      await page.getByRole("button", { name: t("admin.settings.save") }).click();
      await expectVisible(toast(page, t("admin.settings.updated")));
    });

    test("settings: the private-network allowance is on the Outgoing requests tab, says what it allows, and is saved", async () => {
      await page.getByRole("tab", { name: t("admin.settings.networkTab") }).click();
      const allowance = page.getByRole("switch", { name: t("admin.settings.allowPrivateNetworks") });
      expect(await allowance.getAttribute("aria-checked")).toBe("false");
      await expectVisible(page.getByText(t("admin.settings.allowPrivateNetworksHint")));
      await allowance.click();
      await page.getByRole("button", { name: t("admin.settings.save") }).click();
      await waitFor("the allowance saved", async () => (await getSystemSettings(app.db)).webhooksAllowPrivateNetworks);
      await page.reload();
      await page.getByRole("tab", { name: t("admin.settings.networkTab") }).click();
      expect(await page.getByRole("switch", { name: t("admin.settings.allowPrivateNetworks") }).getAttribute("aria-checked")).toBe("true");
      await page.getByRole("switch", { name: t("admin.settings.allowPrivateNetworks") }).click();
      await page.getByRole("button", { name: t("admin.settings.save") }).click();
      await waitFor("the allowance switched off", async () => !(await getSystemSettings(app.db)).webhooksAllowPrivateNetworks);
    });

    test("settings: a refused save says 'Update Failed' with the server's reason, and nothing changes", async () => {
      await page.getByRole("tab", { name: t("admin.settings.packagesTab") }).click();
      await page.getByRole("button", { name: t("admin.settings.addPackage") }).click();
      await page.getByRole("button", { name: t("admin.settings.save") }).click();
      const failure = toast(page, t("admin.settings.updateFailed"));
      await expectVisible(failure);
      expect(await failure.textContent()).toContain(t("admin.settings.updateFailedDescription"));
      expect(await failure.textContent()).toContain("must be positive");
      const stored = await getSystemSettings(app.db);
      expect(stored.creditPackages.some((p) => p.credits === 0)).toBe(false);
    });
  });
}

describe("an ordinary user", () => {
  for (const language of LANGUAGES) {
    test(`sees no Administration group and a 'not allowed' state on /admin/users (${language})`, async () => {
      const dict = DICTIONARIES[language];
      const { context, page } = await signedIn("bruno@example.com", PASSWORD, language);
      try {
        const nav = page.getByRole("navigation", { name: tr(dict, "nav.main") });
        await expectVisible(nav.getByRole("link", { name: tr(dict, "nav.newSearch") }));
        expect(await nav.getByText(tr(dict, "nav.administration")).count()).toBe(0);
        expect(await nav.getByRole("link", { name: tr(dict, "nav.adminUsers") }).count()).toBe(0);
        await page.goto(`${app.url}/admin/users`);
        await expectVisible(page.getByRole("heading", { name: tr(dict, "admin.notAllowed.title"), level: 1 }));
        expect(await page.getByTestId("admin-users-table").count()).toBe(0);
      } finally {
        await context.close();
      }
    });
  }
});
