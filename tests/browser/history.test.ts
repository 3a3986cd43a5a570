/**
 * /history and the view= parameter against the real server: searches made through the API and completed by the
 * pipeline (OFAC SDN imported, no news provider, no model), the filter, the risk badges, View with the banner
 * and no polling, Back to History, delete with its toasts, the empty state, and another user's search.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { schema } from "../../data/db.ts";
import { importDatasetFiles } from "../../lib/sanctions/datasets/import.ts";
import { sanctionsService } from "../../server/sanctions/service.ts";
import { HttpClient } from "../../support/http-client.ts";
import { sdnFiles } from "../../support/ofac-sdn.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import {
  expectDialogOpen,
  expectHidden,
  expectVisible,
  HOOK_TIMEOUT_MS,
  launchBrowser,
  newPage,
  setLanguages,
  signIn,
  waitForPath,
} from "./support/browser.ts";

const analyst = { email: "analyst@example.com", password: "Screening-2024!", fullName: "Ada Analyst" };
const other = { email: "other@example.com", password: "Screening-2024!", fullName: "Otto Other" };

let app: TestApp;
let browser: Browser;
let page: Page;
const saved: Record<string, string | undefined> = {};
/** Search ids by term. */
const ids: Record<string, string> = {};
let othersSearchId: string;

const ENV: Record<string, string | undefined> = {
  DUECHECK_DATASET_SCHEDULER: "0",
  DUECHECK_NEWS_PROVIDERS: "none",
  OPENAI_API_KEY: undefined,
  OPENAI_BASE_URL: undefined,
};

/** Starts a search through the API and waits until the pipeline has finished it. */
async function completedSearch(client: HttpClient, searchTerm: string, entityType: "person" | "company") {
  const created = await client.post("/api/searches", { searchTerm, entityType });
  expect(created.status).toBe(201);
  const id = created.json.id as string;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const { json } = await client.get(`/api/searches/${id}`);
    if (json.status === "completed" || json.status === "failed") return id;
    await Bun.sleep(200);
  }
  throw new Error(`search ${searchTerm} did not finish`);
}

beforeAll(async () => {
  for (const [key, value] of Object.entries(ENV)) {
    saved[key] = process.env[key];
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  await createUser(app.db, { ...analyst, credits: 100 });
  await createUser(app.db, { ...other, credits: 100 });

  const files = Object.entries(sdnFiles()).map(([name, content]) => ({
    name,
    content: new TextEncoder().encode(content),
    sourceUrl: null,
    etag: null,
    lastModified: null,
  }));
  expect((await importDatasetFiles(app.db, "us_ofac_sdn", files, { actor: { kind: "cli" }, timeoutMs: 5_000 })).status).toBe("success");
  await sanctionsService(app.server.database).index.refresh();

  const client = new HttpClient(app.url);
  await client.signIn(analyst.email, analyst.password);
  ids["Quiet Harbour Trading"] = await completedSearch(client, "Quiet Harbour Trading", "company");
  ids["Rustam Karimov"] = await completedSearch(client, "Rustam Karimov", "person");
  // A search still running: as the list and the view show it while the pipeline works.
  ids["Hector Valdez"] = await completedSearch(client, "Hector Valdez", "person");
  await app.db.update(schema.searches).set({ status: "processing", riskLevel: null }).where(eq(schema.searches.id, ids["Hector Valdez"]));

  const otherClient = new HttpClient(app.url);
  await otherClient.signIn(other.email, other.password);
  othersSearchId = await completedSearch(otherClient, "Private Matter", "person");

  ({ page } = await newPage(browser));
  await signIn(page, app.url, analyst.email, analyst.password);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
}, HOOK_TIMEOUT_MS);

const item = (p: Page, term: string) => p.getByTestId("history-item").filter({ has: p.getByRole("heading", { name: term, exact: true }) });

describe("search history", () => {
  test("the menu leads to the list: newest first, each with its risk badge, type, date and time", async () => {
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Search History" }).click();
    await waitForPath(page, "/history");
    await expectVisible(page.getByRole("heading", { name: "Search History", level: 1 }));
    await expectVisible(page.getByTestId("history-item").first());
    expect(await page.getByTestId("history-item").getByRole("heading").allTextContents()).toEqual(["Hector Valdez", "Rustam Karimov", "Quiet Harbour Trading"]);
    expect(["High Risk", "Critical Risk"]).toContain((await item(page, "Rustam Karimov").getByTestId("risk-badge").textContent())!);
    // Lists never downloaded could not be checked: medium, not low.
    expect(await item(page, "Quiet Harbour Trading").getByTestId("risk-badge").textContent()).toBe("Medium Risk");
    expect(await item(page, "Hector Valdez").getByTestId("risk-badge").textContent()).toBe("Pending");
    await expectVisible(item(page, "Quiet Harbour Trading").getByText("Company", { exact: true }));
    await expectVisible(item(page, "Rustam Karimov").getByText("Person", { exact: true }));
    expect(await item(page, "Rustam Karimov").locator("time").getAttribute("datetime")).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  test("the filter asks the server for the whole term once typing pauses, and matches it case-insensitively", async () => {
    const asked: string[] = [];
    const record = (r: { url(): string }) => {
      const url = new URL(r.url());
      if (url.pathname === "/api/searches") asked.push(url.searchParams.get("q") ?? "");
    };
    page.on("request", record);
    try {
      const filter = page.getByPlaceholder("Filter search history...");
      await filter.pressSequentially("KARIM", { delay: 40 });
      await expectHidden(item(page, "Quiet Harbour Trading"));
      expect(await page.getByTestId("history-item").count()).toBe(1);
      await expectVisible(item(page, "Rustam Karimov"));
      expect(await page.getByTestId("history-count").textContent()).toBe("1 matching search");
      // What is shown is the answer for the whole term. How many requests a slow machine lets through while typing is
      // the debounce's timing, not what the user sees: only the last one, and that it was asked, are checked.
      expect(asked.at(-1)).toBe("KARIM");
      await filter.fill("nobody at all");
      await expectVisible(page.getByText("No matching searches"));
      await filter.fill("");
      await expectVisible(item(page, "Quiet Harbour Trading"));
      expect(await page.getByTestId("history-item").count()).toBe(3);
      expect(await page.getByTestId("history-count").textContent()).toBe("3 searches");
    } finally {
      page.off("request", record);
    }
  });

  test("View opens the stored result with the banner, reads it once and does not poll", async () => {
    const detailCalls: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname === `/api/searches/${ids["Rustam Karimov"]}`) detailCalls.push(r.url());
    });
    await item(page, "Rustam Karimov").getByRole("link", { name: /View/ }).click();
    await waitForPath(page, `/searches/${ids["Rustam Karimov"]}`);
    const banner = page.getByTestId("historical-banner");
    await expectVisible(banner);
    expect(await banner.getByText(/^Viewing historical search result/).textContent()).toBe('Viewing historical search result for "Rustam Karimov"');
    await expectVisible(page.getByRole("heading", { name: "Search Results" }));
    expect(await page.getByTestId("counter-sanctions").locator("p").textContent()).toBe("1");
    // Polling every 2 s would have asked again by now.
    await page.waitForTimeout(2_600);
    expect(detailCalls).toHaveLength(1);

    await banner.getByRole("link", { name: "← Back to History" }).click();
    await waitForPath(page, "/history");
  });

  test("a search still running shows '(still processing)' in the banner", async () => {
    await item(page, "Hector Valdez").getByRole("link", { name: /View/ }).click();
    const banner = page.getByTestId("historical-banner");
    await expectVisible(banner.getByText('Viewing historical search result for "Hector Valdez" (still processing)'));
    expect(await page.getByRole("button", { name: /Export PDF/ }).isDisabled()).toBe(true);
    await page.getByRole("button", { name: "← Start New Search" }).click();
    await page.waitForURL((url) => url.pathname === "/" && url.search === "");
    await expectVisible(page.getByRole("heading", { name: "Due Diligence Search" }));
  });

  test("a row's name opens its result too, at an address that survives a reload", async () => {
    await page.goto(`${app.url}/history`);
    await item(page, "Quiet Harbour Trading").getByRole("link", { name: "Quiet Harbour Trading", exact: true }).click();
    await waitForPath(page, `/searches/${ids["Quiet Harbour Trading"]}`);
    await expectVisible(page.getByTestId("search-results").getByTestId("result-term").getByText("Quiet Harbour Trading"));
    expect(await page.getByTestId("screen-name").textContent()).toBe("Search Result");
    await page.reload();
    await expectVisible(page.getByTestId("search-results").getByTestId("result-term").getByText("Quiet Harbour Trading"));
    await page.goto(`${app.url}/history`);
    await expectVisible(item(page, "Quiet Harbour Trading"));
  });

  test("the old /?view={id} address moves on to /searches/{id}", async () => {
    await page.goto(`${app.url}/?view=${ids["Rustam Karimov"]}`);
    await waitForPath(page, `/searches/${ids["Rustam Karimov"]}`);
    expect(new URL(page.url()).search).toBe("");
    await expectVisible(page.getByTestId("search-results").getByTestId("result-term").getByText("Rustam Karimov"));
    await page.goto(`${app.url}/history`);
    await expectVisible(item(page, "Rustam Karimov"));
  });

  test("another user's search: the load-error view with a way back to history", async () => {
    await page.goto(`${app.url}/searches/${othersSearchId}`);
    await expectVisible(page.getByRole("heading", { name: "Failed to load search results" }));
    await expectVisible(page.getByText("The search may have been deleted or you don't have permission to view it."));
    await expectHidden(page.getByText("Private Matter"));
    await page.getByRole("link", { name: "← Back to History" }).click();
    await waitForPath(page, "/history");
  });

  test("a delete the server refuses: the 'Error' toast, and the item stays", async () => {
    await page.route(`**/api/searches/${ids["Quiet Harbour Trading"]}`, (route) =>
      route.request().method() === "DELETE" ? route.fulfill({ status: 500, json: { error: "boom" } }) : route.fallback(),
    );
    try {
      await item(page, "Quiet Harbour Trading").getByRole("button", { name: "Delete search for Quiet Harbour Trading" }).click();
      const dialog = page.getByRole("alertdialog");
      await expectDialogOpen(dialog);
      await dialog.getByRole("button", { name: "Delete" }).click();
      await expectHidden(dialog);
      await expectVisible(page.getByText("Failed to delete search."));
      await expectVisible(item(page, "Quiet Harbour Trading"));
    } finally {
      await page.unroute(`**/api/searches/${ids["Quiet Harbour Trading"]}`);
    }
  });

  test("delete asks first: Cancel (or Escape) keeps the search and sends nothing", async () => {
    const deletes: string[] = [];
    const record = (r: { method(): string; url(): string }) => r.method() === "DELETE" && deletes.push(r.url());
    page.on("request", record);
    try {
      await item(page, "Rustam Karimov").getByRole("button", { name: "Delete search for Rustam Karimov" }).click();
      const dialog = page.getByRole("alertdialog");
      await expectDialogOpen(dialog);
      await expectVisible(dialog.getByRole("heading", { name: "Delete this search?" }));
      await expectVisible(
        dialog.getByText(
          "The search for “Rustam Karimov” leaves your history. Its record, result and reports are kept, as the retention rules require, until the retention period ends.",
        ),
      );
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expectHidden(dialog);
      await item(page, "Rustam Karimov").getByRole("button", { name: "Delete search for Rustam Karimov" }).click();
      await expectDialogOpen(dialog);
      await page.keyboard.press("Escape");
      await expectHidden(dialog);
      await expectVisible(item(page, "Rustam Karimov"));
      expect(deletes).toEqual([]);
    } finally {
      page.off("request", record);
    }
  });

  test("delete removes the search with the 'Search deleted' toast; the last one leaves the empty state", async () => {
    for (const term of ["Quiet Harbour Trading", "Rustam Karimov", "Hector Valdez"]) {
      await item(page, term)
        .getByRole("button", { name: `Delete search for ${term}` })
        .click();
      const dialog = page.getByRole("alertdialog");
      await expectDialogOpen(dialog);
      await dialog.getByRole("button", { name: "Delete" }).click();
      await expectHidden(dialog);
      await expectVisible(page.getByText("Search deleted"));
      await expectVisible(page.getByText("The search has left your history; its record is kept for the retention period."));
      await expectHidden(item(page, term));
    }
    await expectVisible(page.getByText("No search history yet"));
    await expectVisible(page.getByText("Your searches will appear here"));
    // Gone on the server too.
    await page.reload();
    await expectVisible(page.getByText("No search history yet"));
    const answer = await page.evaluate(async (id) => (await fetch(`/api/searches/${id}`)).status, ids["Rustam Karimov"]);
    expect(answer).toBe(404);
  });
});

describe("a long history", () => {
  const many = { email: "many@example.com", password: "Screening-2024!", fullName: "Manny Searches" };
  let longPage: Page;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const user = await createUser(app.db, { ...many, credits: 0 });
    // 75 searches a minute apart, "Subject 1" the oldest: made directly, as months of use would leave them.
    await app.db.execute(sql`
      insert into searches (user_id, organisation_id, search_term, entity_name, entity_type, status, risk_level, created_at)
      select ${user.id}::uuid, ${user.organisationId}::uuid, 'Subject ' || i, 'Subject ' || i, 'person', 'completed', 'low', timestamptz '2025-05-01' + i * interval '1 minute'
      from generate_series(1, 75) as i`);
    const opened = await newPage(browser);
    longPage = opened.page;
    close = () => opened.context.close();
    await signIn(longPage, app.url, many.email, many.password);
  }, HOOK_TIMEOUT_MS);
  afterAll(() => close?.());

  const headings = () => longPage.getByTestId("history-item").getByRole("heading").allTextContents();

  test("loads 30 at first and the rest as the list scrolls, newest first, each once", async () => {
    await longPage.goto(`${app.url}/history`);
    await expectVisible(longPage.getByTestId("history-item").first());
    expect(await longPage.getByTestId("history-count").textContent()).toBe("75 searches");
    expect(await longPage.getByTestId("history-item").count()).toBe(30);

    // Scrolling to the end of the list (no click) brings the next page, then the last one.
    for (const shown of [60, 75]) {
      await longPage.getByTestId("history-item").last().scrollIntoViewIfNeeded();
      await longPage.waitForFunction((n) => document.querySelectorAll("[data-testid=history-item]").length === n, shown);
    }
    expect(await headings()).toEqual(Array.from({ length: 75 }, (_, i) => `Subject ${75 - i}`));
    await expectHidden(longPage.getByTestId("load-more"));
  });

  test("the filter searches all of it on the server, not only the loaded page", async () => {
    await longPage.goto(`${app.url}/history`);
    await expectVisible(longPage.getByTestId("history-item").first());
    // Subject 7 and 70 to 75; Subject 7 is far beyond the first page.
    await longPage.getByPlaceholder("Filter search history...").fill("subject 7");
    await expectVisible(longPage.getByText("7 matching searches"));
    expect(await headings()).toEqual(["Subject 75", "Subject 74", "Subject 73", "Subject 72", "Subject 71", "Subject 70", "Subject 7"]);
  });

  test("in German: the delete confirmation and the count", async () => {
    await setLanguages(longPage, "de");
    await longPage.goto(`${app.url}/history`);
    await expectVisible(longPage.getByText("75 Suchen"));
    await longPage.getByRole("button", { name: "Suche nach Subject 75 löschen" }).click();
    const dialog = longPage.getByRole("alertdialog");
    await expectVisible(dialog.getByRole("heading", { name: "Diese Suche löschen?" }));
    await expectVisible(
      dialog.getByText(
        "Die Suche nach „Subject 75“ verschwindet aus Ihrem Verlauf. Der Datensatz, das Ergebnis und die Berichte werden gemäß den Aufbewahrungsregeln bis zum Ende der Aufbewahrungsfrist aufbewahrt.",
      ),
    );
    await dialog.getByRole("button", { name: "Abbrechen" }).click();
    await expectHidden(dialog);
    await longPage.getByRole("button", { name: "Suche nach Subject 75 löschen" }).click();
    await dialog.getByRole("button", { name: "Löschen" }).click();
    await expectVisible(longPage.getByText("Suche gelöscht"));
    await expectVisible(longPage.getByText("74 Suchen"));
    // The list settles after the count (the deleted row leaves, the page is read again): wait for it as a person would.
    await expectVisible(longPage.getByTestId("history-item").first().getByRole("heading", { name: "Subject 74", exact: true }));
    expect(await headings()).not.toContain("Subject 75");
  });
});
