/**
 * /reports against the real server, in English and in French: the menu entry, the default day (yesterday), a day
 * without a report and 'Generate Report Now', the cards of a seeded day (its searches and ledger rows written into
 * the database with createdAt on that day), the three tabs, the three charts, the table of daily rows, the PDF and
 * Excel exports, the date picker (kept in ?date= across a reload), and an ordinary user's own report beside the
 * organisation's. The scheduled run is off: every report here is generated from the screen.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq, inArray } from "drizzle-orm";
import type { Browser, Locator, Page } from "playwright-core";
import { schema } from "../../data/db.ts";
import { en, fr } from "../../web/src/i18n/words.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { organisationOfUser } from "../helpers/credits.ts";
import { setEnv } from "../helpers/env.ts";
import { expectHidden, expectVisible, HOOK_TIMEOUT_MS, launchBrowser, plainText, signedInPage, waitForPath } from "./support/browser.ts";
import { type Dictionary, tr } from "./support/translate.ts";

type Language = "en" | "fr";
const DICTIONARIES: Record<Language, Dictionary> = { en, fr };
const ADMIN = { email: "admin@test.local", password: "Admin-password-1" };
const PASSWORD = "Reports-2024!";
const DAY_MS = 86_400_000;
const FLOW_TIMEOUT_MS = 90_000;

/** A day n days before today (UTC, the report timezone here), as yyyy-MM-dd. */
const daysAgo = (n: number) => new Date(Date.now() - n * DAY_MS).toISOString().slice(0, 10);

/** Each language works on its own days, so neither finds the other's reports. */
const DAYS: Record<Language, { seeded: string; empty: string }> = {
  en: { seeded: daysAgo(3), empty: daysAgo(5) },
  fr: { seeded: daysAgo(7), empty: daysAgo(9) },
};

let app: TestApp;
let browser: Browser;
let restoreEnv: () => void = () => {};
let rosa: { id: string; email: string; organisationId: string };
let bruno: { id: string; email: string; organisationId: string };

beforeAll(async () => {
  restoreEnv = setEnv({ DUECHECK_REPORT_CHECK_SECONDS: "0", DUECHECK_DATASET_SCHEDULER: "0", DUECHECK_MONITORING_SCAN_SECONDS: "0" });
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  rosa = await createUser(app.db, { email: "rosa@example.com", password: PASSWORD, fullName: "Rosa Reporter", credits: 200 });
  bruno = await createUser(app.db, { email: "bruno@example.com", password: PASSWORD, fullName: "Bruno Analyst", credits: 200 });
  // Analysts of their organisations: an owner would read the organisation's report, these read their own.
  await app.db
    .update(schema.users)
    .set({ organisationRole: "analyst" })
    .where(inArray(schema.users.id, [rosa.id, bruno.id]));
  for (const { seeded } of Object.values(DAYS)) await seedDay(seeded);
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  restoreEnv();
}, HOOK_TIMEOUT_MS);

/**
 * Five searches on the day: Rosa's three (a manual high-risk person with a sanctions match, an automated critical
 * company with a negative article, a manual low-risk person) at 09:10, 09:40 and 14:05; Bruno's two at 14:30 and
 * 14:50 (a medium-risk person, a failed company). The ledger charges 10 per manual search and 1 per check.
 */
async function seedDay(day: string) {
  const at = (time: string) => new Date(`${day}T${time}:00Z`);
  const searches = await app.db
    .insert(schema.searches)
    .values([
      {
        userId: rosa.id,
        organisationId: rosa.organisationId,
        searchTerm: "Viktor Petrov",
        status: "completed",
        riskLevel: "high",
        aiSummary: "Viktor Petrov appears on a sanctions list. ".repeat(12),
        results: { sanctionsList: [{ source: "OFAC SDN List", match: true }], adverseMedia: [] },
        createdAt: at("09:10"),
      },
      {
        userId: rosa.id,
        organisationId: rosa.organisationId,
        searchTerm: "Petrova Holdings",
        entityType: "company",
        status: "completed",
        riskLevel: "critical",
        isAutomated: true,
        results: { sanctionsList: [], adverseMedia: [{ title: "Petrova Holdings fined", isNegative: true, category: "negative" }] },
        createdAt: at("09:40"),
      },
      { userId: rosa.id, organisationId: rosa.organisationId, searchTerm: "Anna Schmidt", status: "completed", riskLevel: "low", createdAt: at("14:05") },
      { userId: bruno.id, organisationId: bruno.organisationId, searchTerm: "Viktor Petrov", status: "completed", riskLevel: "medium", createdAt: at("14:30") },
      {
        userId: bruno.id,
        organisationId: bruno.organisationId,
        searchTerm: "Globex Ltd",
        entityType: "company",
        status: "failed",
        error: "News search failed",
        createdAt: at("14:50"),
      },
    ])
    .returning();
  await app.db.insert(schema.creditTransactions).values(
    searches.map((search) => ({
      userId: search.userId,
      organisationId: organisationOfUser(search.userId),
      searchId: search.id,
      type: search.isAutomated ? ("automatic_search" as const) : ("manual_search" as const),
      amount: search.isAutomated ? -1 : -10,
      balance: 100,
      createdAt: search.createdAt,
    })),
  );
}

/** Signs in (the admin, or an ordinary user) and switches to the language. */
const signedIn = (email: string, password: string, language: Language) =>
  signedInPage(browser, app.url, email, password, { code: language, words: DICTIONARIES[language] });

async function expectCard(page: Page, testId: string, value: string, note?: string) {
  const card = page.getByTestId(testId);
  await expectVisible(card);
  expect(plainText(await card.getByTestId("stat-value").textContent())).toBe(value);
  if (note !== undefined) expect(plainText(await card.getByTestId("stat-note").textContent())).toBe(plainText(note));
}

/** The colours the bars of a chart are painted in. */
const barFills = (region: Locator) =>
  region.locator("svg.recharts-surface .recharts-bar-rectangle path").evaluateAll((paths) => paths.map((path) => getComputedStyle(path).fill));

/**
 * A chart region: named by its title, drawn as an svg with bars in the chart's colours (an unresolved colour paints
 * black), and its values in a table for screen readers.
 */
async function expectChart(page: Page, name: string): Promise<Locator> {
  const region = page.getByRole("region", { name, exact: true });
  await expectVisible(region.locator("svg.recharts-surface .recharts-bar-rectangle path"));
  const fills = await barFills(region);
  expect(fills.length).toBeGreaterThan(0);
  expect(fills.filter((fill) => !fill.startsWith("oklch("))).toEqual([]);
  return region;
}

/** The text alternative's rows: the label, then a value per series. */
const chartRows = async (region: Locator) =>
  (await region.locator("table tbody tr").evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent ?? "")))).map((cells) =>
    cells.map(plainText),
  );

async function adminFlow(language: Language) {
  const dict = DICTIONARIES[language];
  const { seeded, empty } = DAYS[language];
  const format = {
    day: (day: string) => new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`)),
    shortDay: (day: string) => new Intl.DateTimeFormat(language, { day: "numeric", month: "short", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`)),
    hour: (hour: number) => new Intl.DateTimeFormat(language, { hour: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(2000, 0, 1, hour))),
    percent: (value: number) => new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 1 }).format(value),
    decimal: (value: number) => new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value),
  };
  const { context, page } = await signedIn(ADMIN.email, ADMIN.password, language);
  try {
    // The menu entry, after Search History and the cases (the review queue is their "Needs decision"), before Sanctions Data.
    const nav = page.getByRole("navigation", { name: tr(dict, "nav.main") });
    const links = await nav.getByRole("link").allTextContents();
    expect(links.slice(links.indexOf(tr(dict, "nav.history")), links.indexOf(tr(dict, "nav.sanctions")) + 1)).toEqual([
      tr(dict, "nav.history"),
      tr(dict, "cases.nav"),
      tr(dict, "nav.reports"),
      tr(dict, "nav.sanctions"),
    ]);
    await nav.getByRole("link", { name: tr(dict, "nav.reports") }).click();
    await waitForPath(page, "/reports");
    await expectVisible(page.getByRole("heading", { name: tr(dict, "reports.title"), level: 1 }));
    expect(await nav.getByRole("link", { name: tr(dict, "nav.reports") }).getAttribute("aria-current")).toBe("page");
    await expectVisible(page.getByText(tr(dict, "reports.autoGenerated"), { exact: true }));
    await expectVisible(page.getByText(tr(dict, "reports.scopeInstance"), { exact: true }));

    // The default day is yesterday on the browser's calendar.
    const yesterday = await page.evaluate(() => {
      const day = new Date();
      day.setDate(day.getDate() - 1);
      return day.toLocaleDateString("en-CA");
    });
    const datePicker = page.getByLabel(tr(dict, "reports.dateLabel"));
    expect(await datePicker.inputValue()).toBe(yesterday);
    expect(plainText(await page.getByTestId("report-for").textContent())).toBe(plainText(tr(dict, "reports.reportFor", { date: format.day(yesterday) })));

    // A day without a report, chosen with the date picker: 'Generate Report Now' makes a completed, empty report.
    await datePicker.fill(empty);
    await page.waitForURL((url) => url.searchParams.get("date") === empty);
    expect(plainText(await page.getByTestId("report-for").textContent())).toBe(plainText(tr(dict, "reports.reportFor", { date: format.day(empty) })));
    await expectVisible(page.getByText(tr(dict, "reports.missing"), { exact: true }));
    expect(await page.getByRole("link", { name: tr(dict, "reports.exportPdf") }).count()).toBe(0);
    await page.getByRole("button", { name: tr(dict, "reports.generateNow") }).click();
    await expectCard(page, "card-total-searches", "0");
    await expectVisible(page.getByTestId("generated-at"));
    await page.getByRole("tab", { name: tr(dict, "reports.tabDetails") }).click();
    await expectVisible(page.getByText(tr(dict, "reports.noSearches"), { exact: true }));

    // The seeded day: missing, then generated; the date stays in the address across a reload.
    await datePicker.fill(seeded);
    await page.waitForURL((url) => url.searchParams.get("date") === seeded);
    await expectVisible(page.getByText(tr(dict, "reports.missing"), { exact: true }));
    await page.getByRole("button", { name: tr(dict, "reports.generateNow") }).click();
    await expectCard(page, "card-total-searches", "5", tr(dict, "reports.manualVsAutomated", { manual: 4, automated: 1 }));
    await page.reload();
    await expectCard(page, "card-total-searches", "5", tr(dict, "reports.manualVsAutomated", { manual: 4, automated: 1 }));
    expect(await datePicker.inputValue()).toBe(seeded);
    await expectCard(page, "card-credits", "41");
    await expectCard(page, "card-users", "2");
    await expectCard(page, "card-high-risk", "2");
    expect(await page.getByTestId("generated-at").locator("time").getAttribute("datetime")).toBeTruthy();
    await expectVisible(page.getByRole("button", { name: tr(dict, "reports.regenerate") }));

    // Overview: persons and companies, the key figures, and the two charts.
    expect(await page.getByRole("tab", { name: tr(dict, "reports.tabOverview") }).getAttribute("aria-selected")).toBe("true");
    expect(plainText(await page.getByTestId("persons").locator("dd").textContent())).toBe("3");
    expect(plainText(await page.getByTestId("companies").locator("dd").textContent())).toBe("2");
    expect(plainText(await page.getByTestId("success-rate").locator("dd").textContent())).toBe(plainText(format.percent(0.8)));
    expect(plainText(await page.getByTestId("peak-hour").locator("dd").textContent())).toBe(plainText(format.hour(14)));
    expect(plainText(await page.getByTestId("average-per-user").locator("dd").textContent())).toBe(plainText(format.decimal(2.5)));
    const risk = await expectChart(page, tr(dict, "reports.riskDistribution"));
    expect(await chartRows(risk)).toEqual([
      [tr(dict, "risk.critical"), "1"],
      [tr(dict, "risk.high"), "1"],
      [tr(dict, "risk.medium"), "1"],
      [tr(dict, "risk.low"), "1"],
    ]);
    const byHour = await chartRows(await expectChart(page, tr(dict, "reports.byHour")));
    expect(byHour).toHaveLength(24);
    expect(byHour.filter(([, count]) => count !== "0")).toEqual([
      [plainText(format.hour(9)), "2"],
      [plainText(format.hour(14)), "3"],
    ]);

    // Search Details: every search of the day, newest first, with its type, risk level and summary.
    await page.getByRole("tab", { name: tr(dict, "reports.tabDetails") }).click();
    const items = page.getByTestId("report-search");
    await expectVisible(items.first());
    expect(await page.getByTestId("report-search-term").allTextContents()).toEqual([
      "Globex Ltd",
      "Viktor Petrov",
      "Anna Schmidt",
      "Petrova Holdings",
      "Viktor Petrov",
    ]);
    const viktor = items.nth(4);
    expect(await viktor.getByTestId("risk-badge").textContent()).toBe(tr(dict, "risk.high"));
    await expectVisible(viktor.getByText(tr(dict, "search.person"), { exact: true }));
    // The summary is clamped to two lines.
    const summary = viktor.locator("p.line-clamp-2");
    expect(await summary.evaluate((p) => p.scrollHeight > p.clientHeight)).toBe(true);
    expect(await items.nth(3).getByTestId("risk-badge").textContent()).toBe(tr(dict, "risk.critical"));
    expect(await items.nth(0).getByTestId("risk-badge").textContent()).toBe(tr(dict, "reports.notRated"));

    // Statistics: the ranked terms, and the sanctions and adverse media hits.
    await page.getByRole("tab", { name: tr(dict, "reports.tabStatistics") }).click();
    const terms = page.getByTestId("top-term");
    await expectVisible(terms.first());
    expect((await terms.allTextContents()).map(plainText)).toEqual([
      plainText(`1Viktor Petrov${tr(dict, "reports.termCount_other", { formatted: 2 })}`),
      plainText(`2Anna Schmidt${tr(dict, "reports.termCount_one", { formatted: 1 })}`),
      plainText(`3Globex Ltd${tr(dict, "reports.termCount_one", { formatted: 1 })}`),
      plainText(`4Petrova Holdings${tr(dict, "reports.termCount_one", { formatted: 1 })}`),
    ]);
    expect(plainText(await page.getByTestId("sanctions-hits").locator("dd").textContent())).toBe("1");
    expect(plainText(await page.getByTestId("adverse-media-hits").locator("dd").textContent())).toBe("1");

    // The table of daily rows (the two reports made here, newest first) and the daily trend.
    const table = page.getByRole("table", { name: tr(dict, "reports.dailyRows") });
    expect((await table.locator("thead th").allTextContents()).map(plainText)).toEqual(
      ["date", "totalSearches", "manualSearches", "automatedSearches", "creditsUsed", "uniqueUsers", "highRiskFindings"].map((key) =>
        tr(dict, `reports.column.${key}`),
      ),
    );
    // The wide table scrolls inside its frame: the page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    const seededRow = table.getByTestId("daily-row").filter({ hasText: format.day(seeded) });
    expect((await seededRow.locator("th, td").allTextContents()).map(plainText)).toEqual([plainText(format.day(seeded)), "5", "4", "1", "41", "2", "2"]);
    // The other language's flow may have made reports too: this flow's two days, newest first.
    const mine = [plainText(format.day(seeded)), plainText(format.day(empty))];
    expect((await table.getByTestId("daily-row").locator("th").allTextContents()).map(plainText).filter((day) => mine.includes(day))).toEqual(mine);
    const trendChart = await expectChart(page, tr(dict, "reports.dailyTrend"));
    const legend = trendChart.locator(".recharts-legend-wrapper");
    expect((await legend.locator("[data-slot=chart-legend-item]").allTextContents()).map(plainText)).toEqual([
      tr(dict, "reports.column.manualSearches"),
      tr(dict, "reports.column.automatedSearches"),
    ]);
    const trend = await chartRows(trendChart);
    const shortDays = [empty, seeded].map((day) => plainText(format.shortDay(day)));
    expect(trend.filter(([label]) => shortDays.includes(label))).toEqual([
      [shortDays[0], "0", "0"],
      [shortDays[1], "4", "1"],
    ]);

    // In the dark theme the bars take their lighter colours.
    const trendRegion = page.getByRole("region", { name: tr(dict, "reports.dailyTrend"), exact: true });
    const lightFills = await barFills(trendRegion);
    await page.getByRole("button", { name: tr(dict, "theme.toggle") }).click();
    await page.getByRole("menuitemradio", { name: tr(dict, "theme.dark") }).click();
    await page.waitForFunction(() => document.documentElement.classList.contains("dark"));
    await expectHidden(page.getByRole("menu"));
    const darkFills = await barFills(trendRegion);
    expect(darkFills).toHaveLength(lightFills.length);
    expect(darkFills.filter((fill, i) => fill === lightFills[i] || !fill.startsWith("oklch("))).toEqual([]);

    // Export PDF and Excel answer the files.
    for (const [name, type, magic] of [
      [tr(dict, "reports.exportPdf"), "application/pdf", "%PDF-"],
      [tr(dict, "reports.exportExcel"), "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "PK"],
    ] as const) {
      const href = await page.getByRole("link", { name }).getAttribute("href");
      expect(href).toBe(`/api/reports/daily/export?date=${seeded}&format=${type === "application/pdf" ? "pdf" : "xlsx"}`);
      const file = await context.request.get(`${app.url}${href}`);
      expect(file.status()).toBe(200);
      expect(file.headers()["content-type"]).toContain(type);
      expect((await file.body()).subarray(0, magic.length).toString()).toBe(magic);
    }

    // A day in the table opens its report.
    await table.getByRole("link", { name: format.day(empty) }).click();
    await page.waitForURL((url) => url.searchParams.get("date") === empty);
    await expectCard(page, "card-total-searches", "0");
    expect(await datePicker.inputValue()).toBe(empty);
  } finally {
    await context.close();
  }
}

describe("reports", () => {
  test("English: menu, default day, generate, cards, tabs, charts, daily rows, exports, date picker", () => adminFlow("en"), FLOW_TIMEOUT_MS);

  test("French: the same screen in the interface language", () => adminFlow("fr"), FLOW_TIMEOUT_MS);

  test("an ordinary user sees their own numbers, not the organisation's", async () => {
    const dict = DICTIONARIES.en;
    const day = DAYS.en.seeded;
    const { context, page } = await signedIn(rosa.email, PASSWORD, "en");
    try {
      await page.goto(`${app.url}/reports?date=${day}`);
      await expectVisible(page.getByText(tr(dict, "reports.scopeUser"), { exact: true }));
      // Rosa's own report of the day is not made yet, whatever the organisation's.
      await expectVisible(page.getByText(tr(dict, "reports.missing"), { exact: true }));
      await page.getByRole("button", { name: tr(dict, "reports.generateNow") }).click();
      await expectCard(page, "card-total-searches", "3", tr(dict, "reports.manualVsAutomated", { manual: 2, automated: 1 }));
      await expectCard(page, "card-credits", "21");
      await expectCard(page, "card-users", "1");
      await expectCard(page, "card-high-risk", "2");
      await page.getByRole("tab", { name: tr(dict, "reports.tabDetails") }).click();
      await expectVisible(page.getByTestId("report-search").first());
      expect(await page.getByTestId("report-search-term").allTextContents()).toEqual(["Anna Schmidt", "Petrova Holdings", "Viktor Petrov"]);
      const rows = page.getByRole("table", { name: tr(dict, "reports.dailyRows") }).getByTestId("daily-row");
      expect(await rows.count()).toBe(1);
      expect((await rows.first().locator("td").allTextContents()).map(plainText)).toEqual(["3", "2", "1", "21", "1", "2"]);
      const [stored] = await app.db.select().from(schema.dailyReports).where(eq(schema.dailyReports.userId, rosa.id));
      expect(stored).toMatchObject({ reportDate: day, status: "completed", totalSearches: 3 });
    } finally {
      await context.close();
    }
  });

  test("a pending report offers Generate Report Now; a failed one Try Again and Regenerate, and no exports", async () => {
    const dict = DICTIONARIES.en;
    const { seeded, empty } = DAYS.en;
    // What the scheduler leaves: a report still being made, and one whose generation failed.
    await app.db.insert(schema.dailyReports).values([
      { reportDate: empty, userId: bruno.id, status: "pending" },
      { reportDate: seeded, userId: bruno.id, status: "failed" },
    ]);
    const { context, page } = await signedIn(bruno.email, PASSWORD, "en");
    try {
      await page.goto(`${app.url}/reports?date=${empty}`);
      await expectVisible(page.getByText(tr(dict, "reports.missing"), { exact: true }));
      await expectVisible(page.getByRole("button", { name: tr(dict, "reports.generateNow") }));
      expect(await page.getByRole("button", { name: tr(dict, "reports.regenerate") }).count()).toBe(0);

      await page.getByLabel(tr(dict, "reports.dateLabel")).fill(seeded);
      await expectVisible(page.getByText(tr(dict, "reports.failed"), { exact: true }));
      await expectVisible(page.getByRole("button", { name: tr(dict, "reports.regenerate") }));
      expect(await page.getByRole("link", { name: tr(dict, "reports.exportPdf") }).count()).toBe(0);
      expect(await page.getByRole("link", { name: tr(dict, "reports.exportExcel") }).count()).toBe(0);
      await page.getByRole("button", { name: tr(dict, "reports.tryAgain") }).click();
      await expectCard(page, "card-total-searches", "2", tr(dict, "reports.manualVsAutomated", { manual: 2, automated: 0 }));
      await expectCard(page, "card-credits", "20");
      await expectVisible(page.getByRole("link", { name: tr(dict, "reports.exportPdf") }));
    } finally {
      await context.close();
    }
  });
});
