/**
 * The search screen against the real server and pipeline: an imported OFAC SDN list, the news providers on
 * loopback stand-ins (GDELT slowed down so the searching view can be seen), no language model (the built-in
 * classifier and summary). A search goes from the form through the searching view to its results; a failed
 * news source is shown and prevents 'Clean Profile'; a balance below the cost turns the button off.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { schema } from "../../data/db.ts";
import { importDatasetFiles } from "../../lib/sanctions/datasets/import.ts";
import { sanctionsService } from "../../server/sanctions/service.ts";
import { sdnFiles } from "../../support/ofac-sdn.ts";
import { fixtureFile, fixtureFolder } from "../fixtures/sanctions/fixtures.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { setCredits } from "../helpers/credits.ts";
import { SCREENING_TEST_ENV, setEnv } from "../helpers/env.ts";
import { type GdeltArticle, type NewsServer, quotedPhrase, startGdeltServer, startGoogleNewsServer } from "../helpers/news-servers.ts";
import {
  expectHidden,
  expectVisible,
  HOOK_TIMEOUT_MS,
  launchBrowser,
  newPage,
  setLanguages,
  signIn,
  submitCredentials,
  waitForPath,
} from "./support/browser.ts";

/** How long the GDELT stand-in takes to answer: long enough to see the searching view, well under the timeout. */
const GDELT_DELAY_MS = 1500;
const RESULT_TIMEOUT_MS = 30_000;
/** A test that waits for a search to complete. */
const SEARCH_TEST_TIMEOUT_MS = 60_000;

const article = (title: string, url: string, seendate: string): GdeltArticle => ({
  url,
  title,
  seendate,
  domain: new URL(url).hostname,
  language: "English",
  sourcecountry: "United States",
});

const ARTICLES: Record<string, GdeltArticle[]> = {
  "Rustam Karimov": [
    article("Rustam Karimov charged with money laundering and fraud", "https://news.example.com/karimov-charged", "20250304T100000Z"),
    article("Prosecutors say Rustam Karimov financed a terrorist network", "https://news.example.org/karimov-network", "20250302T090000Z"),
  ],
};

const analyst = { email: "analyst@example.com", password: "Screening-2024!", fullName: "Ada Analyst" };
const poor = { email: "poor@example.com", password: "Screening-2024!", fullName: "Pat Poor" };

let app: TestApp;
let browser: Browser;
let page: Page;
let gdelt: NewsServer;
let google: NewsServer;
let restoreEnv: () => void = () => {};

beforeAll(async () => {
  gdelt = startGdeltServer(async (url) => {
    await Bun.sleep(GDELT_DELAY_MS);
    const articles = ARTICLES[quotedPhrase(url.searchParams.get("query") ?? "")] ?? [];
    return Response.json(articles.length ? { articles } : {});
  });
  google = startGoogleNewsServer({});
  // The pipeline reads the news providers and the model from the environment of the server process.
  restoreEnv = setEnv({
    ...SCREENING_TEST_ENV,
    DUECHECK_NEWS_PROVIDERS: "gdelt,google-news",
    DUECHECK_GDELT_URL: gdelt.url,
    DUECHECK_GOOGLE_NEWS_URL: google.url,
    DUECHECK_NEWS_TIMEOUT_MS: "5000",
  });
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  await createUser(app.db, { ...analyst, credits: 100 });
  await createUser(app.db, { ...poor, credits: 5 });

  // Every configured list has a current version (a list never downloaded is a failed source: never clean).
  const sdn = Object.entries(sdnFiles()).map(([name, content]) => ({ name, content: new TextEncoder().encode(content) }));
  for (const [id, files] of [
    ["us_ofac_sdn", sdn],
    ["us_ofac_cons", fixtureFolder("ofac_csv/cons")],
    ["un_sc_sanctions", [fixtureFile("un_xml/consolidated.xml")]],
    ["eu_fsf", [fixtureFile("eu_xml/eu_fsf.xml")]],
    ["gb_fcdo_sanctions", [fixtureFile("uk_fcdo_csv/UK-Sanctions-List.csv")]],
    ["us_congress_peps", [fixtureFile("opensanctions_senzing/senzing.json")]],
  ] as const) {
    const withMeta = files.map((f) => ({ ...f, sourceUrl: null, etag: null, lastModified: null }));
    const imported = await importDatasetFiles(app.db, id, withMeta, { actor: { kind: "cli" }, timeoutMs: 10_000 });
    expect(imported.status).toBe("success");
  }
  await sanctionsService(app.server.database).index.refresh();

  ({ page } = await newPage(browser));
  await signIn(page, app.url, analyst.email, analyst.password);
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await gdelt?.stop();
  await google?.stop();
  restoreEnv();
}, HOOK_TIMEOUT_MS);

async function runSearch(p: Page, term: string, type: "Person" | "Company" = "Person") {
  await p.getByLabel("Name of person or company").fill(term);
  if (type === "Company") await p.getByRole("radio", { name: "Company" }).click();
  await p.getByRole("button", { name: "Run Due Diligence Check" }).click();
}

const resultsCard = (p: Page) => p.getByTestId("search-results");

describe("search screen", () => {
  test("the form: Person by default, the button off while the term is blank", async () => {
    await expectVisible(page.getByRole("heading", { name: "Due Diligence Search" }));
    expect(await page.getByRole("radio", { name: "Person" }).getAttribute("aria-checked")).toBe("true");
    const run = page.getByRole("button", { name: "Run Due Diligence Check" });
    expect(await run.isDisabled()).toBe(true);
    await page.getByLabel("Name of person or company").fill("   ");
    expect(await run.isDisabled()).toBe(true);
  });

  test(
    "a search shows the searching view, then the results with risk, counters, reasons and both sections",
    async () => {
      await runSearch(page, "Rustam Karimov");
      await expectVisible(page.getByRole("heading", { name: "Conducting Due Diligence Check" }));
      await expectVisible(page.getByTestId("searching-view").getByText("Rustam Karimov"));
      // The search has its own address as soon as it starts, while it still runs.
      await page.waitForURL((url) => /^\/searches\/[0-9a-f-]{36}$/.test(url.pathname));
      await expectVisible(page.getByTestId("searching-view"));

      await expectVisible(page.getByRole("heading", { name: "Search Results" }), RESULT_TIMEOUT_MS);
      const card = resultsCard(page);
      expect(await card.getByTestId("result-term").textContent()).toBe("Rustam Karimov");
      await expectVisible(card.getByText("Person", { exact: true }));
      // A sanctions match: high, or critical when the listing's facts agree.
      const level = await card.getByTestId("risk-badge").first().getAttribute("data-level");
      expect(["high", "critical"]).toContain(level!);
      await expectVisible(card.getByTestId("alert-high-risk").getByText("High Risk Indicators"));
      await expectHidden(card.getByTestId("alert-clean"));

      expect(await card.getByTestId("counter-sanctions").locator("p").textContent()).toBe("1");
      expect(await card.getByTestId("counter-media").locator("p").textContent()).toBe("2");
      expect(await card.getByTestId("counter-pep").locator("p").textContent()).toBe("0");
      await expectVisible(card.getByRole("heading", { name: "Comprehensive Due Diligence Analysis" }));
      expect((await card.getByTestId("ai-summary").textContent())!.length).toBeGreaterThan(60);
      await expectVisible(card.getByTestId("risk-reasons").getByText(/OFAC/));

      // Sanctions section: open because of the match; the matching row first, with its listed entity.
      await expectVisible(card.getByRole("button", { name: "Sanctions Database Search (5 databases)" }));
      const row = card.getByTestId("sanctions-row").first();
      expect(await row.getAttribute("data-match")).toBe("true");
      await expectVisible(row.getByText("Match Found"));
      await expectVisible(row.getByTestId("sanctions-hit").getByText(/KARIMOV/));
      // a list without a match says what was searched, its date for people
      await expectVisible(
        card
          .locator('[data-testid="sanctions-row"][data-match="false"]')
          .getByText(/^No match among [\d,]+ listed entities \(version of [A-Z][a-z]{2} \d{1,2}, \d{4}\)\.$/),
      );
      expect(await card.getByTestId("sanctions-rows").textContent()).not.toMatch(/\d{4}-\d{2}-\d{2}/);
      // Media section: both articles, negative ones with a red category badge.
      await expectVisible(card.getByRole("button", { name: "Adverse Media (2 articles)" }));
      expect(await card.getByTestId("media-item").count()).toBe(2);

      // Export buttons download the owner's reports in this tab (no blank tab left behind).
      const pdf = card.getByRole("link", { name: "Export PDF (downloads the file)" });
      expect(await pdf.getAttribute("target")).toBeNull();
      expect(await pdf.getAttribute("download")).not.toBeNull();
      expect(await pdf.getAttribute("href")).toMatch(/^\/api\/searches\/[0-9a-f-]{36}\/export\/pdf$/);

      // The charge is final after completion: the sidebar shows the refreshed balance.
      await expectVisible(page.getByTestId("sidebar-credits").getByText("90", { exact: true }));
    },
    SEARCH_TEST_TIMEOUT_MS,
  );

  test("the search moved to its own address as it started; a reload shows the same result", async () => {
    const path = new URL(page.url()).pathname;
    expect(path).toMatch(/^\/searches\/[0-9a-f-]{36}$/);
    await page.reload();
    await waitForPath(page, path);
    await expectVisible(page.getByRole("heading", { name: "Search Results" }));
    expect(await resultsCard(page).getByTestId("result-term").textContent()).toBe("Rustam Karimov");
    expect(await resultsCard(page).getByTestId("counter-sanctions").locator("p").textContent()).toBe("1");
  });

  test("Start New Search returns to an empty form at /", async () => {
    await page.getByRole("button", { name: "← Start New Search" }).click();
    await waitForPath(page, "/");
    await expectVisible(page.getByRole("heading", { name: "Due Diligence Search" }));
    expect(await page.getByLabel("Name of person or company").inputValue()).toBe("");
    expect(new URL(page.url()).search).toBe("");
  });

  test(
    "a news source that fails is listed, and the profile is never reported clean",
    async () => {
      await page.goto(`${app.url}/`);
      google.mode = "error";
      try {
        await runSearch(page, "Quiet Harbour Trading", "Company");
        await expectVisible(page.getByRole("heading", { name: "Search Results" }), RESULT_TIMEOUT_MS);
        const card = resultsCard(page);
        await expectVisible(card.getByText("Company", { exact: true }));
        const notice = card.getByTestId("failed-sources");
        await expectVisible(notice.getByText("Some sources could not be checked"));
        // worded for people from the stored code: the provider named once, no technical detail
        await expectVisible(notice.getByText("Google News (news source): the service answered with an error (HTTP 500)"));
        expect(await card.textContent()).not.toContain("Google News: Google News");
        expect(await card.textContent()).not.toContain("answered HTTP");
        await expectHidden(card.getByTestId("alert-clean"));
        // GDELT answered: the media were checked, and none was found
        await expectVisible(card.getByRole("button", { name: "Adverse Media (0 articles)" }));
        // the failed source is one reason, badged 'Not checked', never 'Low Risk'
        const reasons = card.getByTestId("risk-reasons").locator("li");
        expect(await reasons.count()).toBe(1);
        await expectVisible(reasons.first().getByTestId("reason-not-checked").getByText("Not checked"));
        expect(await reasons.first().getByTestId("risk-badge").count()).toBe(0);
      } finally {
        google.mode = "normal";
      }
    },
    SEARCH_TEST_TIMEOUT_MS,
  );

  test(
    "with every source answering and nothing found: Clean Profile and low risk",
    async () => {
      await page.goto(`${app.url}/`);
      await runSearch(page, "Quiet Harbour Trading", "Company");
      await expectVisible(page.getByRole("heading", { name: "Search Results" }), RESULT_TIMEOUT_MS);
      const card = resultsCard(page);
      await expectVisible(card.getByTestId("alert-clean").getByText("Clean Profile"));
      expect(await card.getByTestId("risk-badge").first().textContent()).toBe("Low Risk");
      expect(await card.getByTestId("counter-sanctions").locator("p").textContent()).toBe("0");
      await expectHidden(card.getByTestId("failed-sources"));

      // The menu's New Search also returns to the form, though the address is already /.
      await page.getByRole("navigation").getByRole("link", { name: "New Search" }).click();
      await expectVisible(page.getByRole("heading", { name: "Due Diligence Search" }));
      expect(await page.getByLabel("Name of person or company").inputValue()).toBe("");
    },
    SEARCH_TEST_TIMEOUT_MS,
  );

  test(
    "every news provider down: adverse media could not be checked, in the counter, the section, the reasons and the summary",
    async () => {
      await page.goto(`${app.url}/`);
      gdelt.mode = "error";
      google.mode = "error";
      try {
        await runSearch(page, "Quiet Harbour Trading", "Company");
        await expectVisible(page.getByRole("heading", { name: "Search Results" }), RESULT_TIMEOUT_MS);
        const card = resultsCard(page);
        const counter = card.getByTestId("counter-media");
        expect(await counter.locator("p").first().textContent()).toBe("–");
        expect(await card.getByTestId("counter-media-note").textContent()).toBe("Adverse media not checked");
        await expectVisible(card.getByRole("button", { name: "Adverse Media (not checked)" }));
        await expectVisible(card.getByTestId("media-not-checked").getByText("Adverse media could not be checked"));
        expect(await card.getByTestId("risk-badge").first().getAttribute("data-level")).toBe("medium");
        await expectVisible(card.getByTestId("ai-summary").getByText(/Adverse media could not be checked: no news provider answered/));
        const reasons = card.getByTestId("risk-reasons").locator("li");
        expect(await reasons.count()).toBe(1);
        await expectVisible(reasons.first().getByText("2 sources could not be checked, so this result is incomplete."));
        await expectVisible(reasons.first().getByText("GDELT (news source): the service answered with an error (HTTP 500)"));
        const text = (await card.textContent())!;
        for (const wrong of ["No adverse media articles found", "No media articles were found", "Low Risk", "GDELT: GDELT"]) expect(text).not.toContain(wrong);
      } finally {
        gdelt.mode = "normal";
        google.mode = "normal";
      }
    },
    SEARCH_TEST_TIMEOUT_MS,
  );

  test(
    "a PEP listing: 'PEP Status Detected', its own counter and section linking to the listing, not counted as media",
    async () => {
      await page.goto(`${app.url}/`);
      await runSearch(page, "Scott Franklin");
      await expectVisible(page.getByRole("heading", { name: "Search Results" }), RESULT_TIMEOUT_MS);
      const card = resultsCard(page);
      await expectVisible(card.getByTestId("alert-pep").getByText("PEP Status Detected"));
      expect(await card.getByTestId("counter-pep").locator("p").textContent()).toBe("1");
      expect(await card.getByTestId("counter-media").locator("p").textContent()).toBe("0");
      await expectVisible(card.getByRole("button", { name: "PEP Listings (1 listing)" }));
      const listing = card.getByTestId("pep-listing");
      await expectVisible(listing.getByText("Scott Franklin", { exact: true }));
      await expectVisible(listing.getByText("US Congress Members (OpenSanctions PEPs)"));
      expect(await listing.getByRole("link", { name: /View listing/ }).getAttribute("href")).toBe("https://www.opensanctions.org/entities/Q101198561");
      expect(await card.locator('[data-testid="media-item"]').count()).toBe(0);
      expect(await card.textContent()).not.toContain("Politically exposed person: Politically exposed person");
      await expectHidden(card.getByTestId("alert-clean"));
    },
    SEARCH_TEST_TIMEOUT_MS,
  );

  test(
    "in German every text of the results is German: source errors, PEP listing, countries, summary",
    async () => {
      await createUser(app.db, { email: "klara@example.com", password: "Screening-2024!", credits: 100 });
      const other = await newPage(browser);
      gdelt.mode = "error";
      google.mode = "error";
      try {
        await signIn(other.page, app.url, "klara@example.com", "Screening-2024!");
        await setLanguages(other.page, "de");
        await other.page.goto(`${app.url}/`);
        await other.page.getByLabel("Name der Person oder des Unternehmens").fill("Scott Franklin");
        await other.page.getByRole("button", { name: "Due-Diligence-Prüfung starten" }).click();
        await expectVisible(other.page.getByRole("heading", { name: "Suchergebnisse" }), RESULT_TIMEOUT_MS);
        const card = resultsCard(other.page);
        await expectVisible(card.getByTestId("alert-pep").getByText("PEP-Status erkannt"));
        await expectVisible(card.getByRole("button", { name: "PEP-Einträge (1 Eintrag)" }));
        await expectVisible(card.getByTestId("pep-listing").getByRole("link", { name: /Eintrag ansehen/ }));
        await expectVisible(card.getByTestId("pep-listing").getByText(/Vereinigte Staaten/));
        expect(await card.getByTestId("counter-media-note").textContent()).toBe("Negative Medienberichte nicht geprüft");
        await expectVisible(card.getByTestId("media-not-checked").getByText("Negative Medienberichte konnten nicht geprüft werden"));
        await expectVisible(card.getByTestId("failed-sources").getByText("GDELT (Nachrichtenquelle): der Dienst antwortete mit einem Fehler (HTTP 500)"));
        await expectVisible(card.getByTestId("reason-not-checked").getByText("Nicht geprüft"));
        await expectVisible(
          card.getByTestId("ai-summary").getByText(/Negative Medienberichte konnten nicht geprüft werden: Kein Nachrichtenanbieter hat geantwortet/),
        );
        const text = (await card.textContent())!;
        for (const english of ["answered HTTP", "could not be checked", "No news provider", "Never downloaded", "nationality: us", "list of 20"])
          expect(text).not.toContain(english);
        expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}/);
      } finally {
        gdelt.mode = "normal";
        google.mode = "normal";
        await other.context.close();
      }
    },
    SEARCH_TEST_TIMEOUT_MS,
  );

  test("a balance below the search cost: the button reads Insufficient Credits and stays off", async () => {
    const other = await newPage(browser);
    try {
      await signIn(other.page, app.url, poor.email, poor.password);
      await other.page.getByLabel("Name of person or company").fill("Rustam Karimov");
      const button = other.page.getByRole("button", { name: "Insufficient Credits" });
      await expectVisible(button);
      expect(await button.isDisabled()).toBe(true);
      const alert = other.page.getByTestId("insufficient-credits");
      await expectVisible(alert.getByText("You need at least 10 credits to perform a search.", { exact: true }));
      expect(await alert.textContent()).not.toContain("contact support");
      // Where more credits come from: Buy Credits, one click away.
      await alert.getByRole("link", { name: "Buy Credits" }).click();
      await waitForPath(other.page, "/buy-credits");
    } finally {
      await other.context.close();
    }
  });

  test("a 402 from the server (credits spent elsewhere): the toast explains it and the button turns off", async () => {
    const user = await createUser(app.db, { email: "ten@example.com", password: "Screening-2024!", credits: 10 });
    const other = await newPage(browser);
    try {
      await signIn(other.page, app.url, "ten@example.com", "Screening-2024!");
      await setCredits(app.db, user.id, 0);
      await runSearch(other.page, "Rustam Karimov");
      const toast = other.page.locator("[data-state=open]").filter({ hasText: "You need at least 10 credits" });
      await expectVisible(toast.getByText("Insufficient Credits"));
      await expectVisible(other.page.getByRole("button", { name: "Insufficient Credits" }));
      expect(await other.page.getByLabel("Name of person or company").inputValue()).toBe("Rustam Karimov");
    } finally {
      await other.context.close();
    }
  });

  // Last: it removes every list.
  test(
    "nothing could be checked: the failed search names every source and why, in the interface language",
    async () => {
      await app.db.delete(schema.sanctionsDatasets);
      gdelt.mode = "error";
      google.mode = "hang";
      const german = await newPage(browser);
      try {
        await page.goto(`${app.url}/`);
        await runSearch(page, "Jane Example");
        const failed = page.getByTestId("search-failed");
        await expectVisible(failed.getByText("Search failed. Please try again."), RESULT_TIMEOUT_MS);
        await expectVisible(failed.getByText(/None of the sources could be checked:/));
        await expectVisible(failed.getByText(/Sanctions lists \(sanctions list\): no sanctions list is configured/));
        await expectVisible(failed.getByText(/GDELT \(news source\): the service answered with an error \(HTTP 500\)/));
        await expectVisible(failed.getByText(/Google News \(news source\): no answer within 5 s/));
        expect(await failed.textContent()).not.toContain("Nothing could be checked");

        // klara chose German above: her search reads German
        await submitCredentials(german.page, app.url, "klara@example.com", "Screening-2024!");
        await waitForPath(german.page, "/");
        await german.page.getByLabel("Name der Person oder des Unternehmens").fill("Jane Example");
        await german.page.getByRole("button", { name: "Due-Diligence-Prüfung starten" }).click();
        const germanFailed = german.page.getByTestId("search-failed");
        await expectVisible(germanFailed.getByText("Die Suche ist fehlgeschlagen. Bitte versuchen Sie es erneut."), RESULT_TIMEOUT_MS);
        await expectVisible(germanFailed.getByText(/Keine der Quellen konnte geprüft werden:/));
        await expectVisible(germanFailed.getByText(/Sanktionslisten \(Sanktionsliste\): keine Sanktionsliste eingerichtet/));
      } finally {
        gdelt.mode = "normal";
        google.mode = "normal";
        await german.context.close();
      }
    },
    SEARCH_TEST_TIMEOUT_MS,
  );
});
