/**
 * /batch and /batch/{id} against the real server and pipeline (GDELT on a loopback stand-in, no language model), in
 * English and in German: the menu entry, a spreadsheet export (semicolons, BOM, a quoted comma) read in the browser
 * with the server's rules, the preview, the refusals (a file not named .csv, a bad line named with its reason), the
 * start with its charge and toast, the status card until completed, the history row, the results with their links,
 * the risk filter and the downloads; a row that cannot be screened; a balance too low; another user's batch.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { findUserByEmail } from "../../lib/auth/users.ts";
import { sanctionsService } from "../../server/sanctions/service.ts";
import { HttpClient } from "../../support/http-client.ts";
import { de, en } from "../../web/src/i18n/words.ts";
import { importPeps, importSdn, keepOnlyDatasets } from "../fixtures/screening.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { setCredits } from "../helpers/credits.ts";
import { SCREENING_TEST_ENV, setEnv } from "../helpers/env.ts";
import { batchGdeltAnswer, type NewsServer, quotedPhrase, startGdeltServer } from "../helpers/news-servers.ts";
import { expectHidden, expectVisible, HOOK_TIMEOUT_MS, launchBrowser, newPage, setLanguages, signIn, waitForPath } from "./support/browser.ts";

type Dictionary = Record<string, string>;
const DICTIONARIES: Record<"en" | "de", Dictionary> = { en, de };

/** The interface text as i18next words it: {{name}} filled in, _one or _other chosen by count. */
function tr(dict: Dictionary, key: string, params: Record<string, string | number> = {}): string {
  const plural = typeof params.count === "number" ? `${key}_${params.count === 1 ? "one" : "other"}` : undefined;
  const text = dict[key] ?? (plural ? dict[plural] : undefined);
  if (text === undefined) throw new Error(`no text for ${key}`);
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));
}

/** A batch ends within a few seconds here; the screen sees it at its next 3 s poll. */
const BATCH_END_TIMEOUT_MS = 45_000;
const FLOW_TIMEOUT_MS = 120_000;

/** How long GDELT takes for "Slow Subject": its batch is still processing after a reload. */
const SLOW_ANSWER_MS = 5000;

/** GDELT on loopback as the batch tests answer it, and slowly for "Slow Subject". */
async function gdeltAnswer(url: URL): Promise<Response> {
  if (quotedPhrase(url.searchParams.get("query") ?? "") === "Slow Subject") await Bun.sleep(SLOW_ANSWER_MS);
  return batchGdeltAnswer(url);
}

/** A spreadsheet's "CSV UTF-8 (semicolon)" export: BOM, CRLF, a quoted name holding a comma; 12 entities. */
function customersCsv(): Buffer {
  const rows = [
    "searchTerm;entityType;language;country;numLinks",
    "Rustam Karimov;person;en;UZ;5",
    '"Acme Trading, Ltd";company;de;DE;',
    "Jane Example;;;;",
    ...[
      "Ottilie Brandmoor",
      "Kasimir Feldwebler",
      "Henrietta Vossberg",
      "Leopold Tannhauser",
      "Mirabel Quenstedt",
      "Bartholomew Ashgrove",
      "Cordelia Wintermark",
      "Thaddeus Ellingham",
      "Rosalind Kettleby",
    ].map((name) => `${name};person;;;`),
  ];
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${rows.join("\r\n")}\r\n`)]);
}

const PASSWORD = "Batch-screening-2024!";

let app: TestApp;
let browser: Browser;
let gdelt: NewsServer;
let restoreEnv: () => void = () => {};

beforeAll(async () => {
  gdelt = startGdeltServer(gdeltAnswer);
  restoreEnv = setEnv({
    ...SCREENING_TEST_ENV,
    DUECHECK_NEWS_PROVIDERS: "gdelt",
    DUECHECK_GDELT_URL: gdelt.url,
    DUECHECK_NEWS_TIMEOUT_MS: "8000",
    DUECHECK_INDEX_REFRESH_MS: "200",
  });
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  // The lists are imported after the first test, whose failing row needs a run where no list answers.
  await keepOnlyDatasets(app.db, ["us_ofac_sdn", "us_congress_peps"]);
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await gdelt?.stop();
  restoreEnv();
}, HOOK_TIMEOUT_MS);

let listsImported: Promise<void> | undefined;
function importLists() {
  listsImported ??= (async () => {
    await importSdn(app.db);
    await importPeps(app.db);
    await sanctionsService(app.server.database).index.refresh();
  })();
  return listsImported;
}

/** A new account signed in on its own browser context, in this interface language. */
async function signedIn(email: string, credits: number, language: "en" | "de" = "en") {
  await createUser(app.db, { email, password: PASSWORD, fullName: "Bea Batch", credits });
  const { context, page } = await newPage(browser);
  await signIn(page, app.url, email, PASSWORD);
  if (language !== "en") {
    await setLanguages(page, language);
    await page.reload();
    await expectVisible(page.getByRole("heading", { name: tr(DICTIONARIES[language], "search.title") }));
  }
  return { context, page };
}

const fileInput = (page: Page, dict: Dictionary) => page.getByLabel(tr(dict, "batch.fileLabel"), { exact: true });
const toast = (page: Page, text: string) => page.locator("[data-state=open]").filter({ hasText: text });

async function upload(page: Page, dict: Dictionary, name: string, content: string | Buffer) {
  await fileInput(page, dict).setInputFiles({ name, mimeType: name.endsWith(".csv") ? "text/csv" : "text/plain", buffer: Buffer.from(content) });
}

/** Waits for 'Current Batch Status' to show the batch ended, and answers its name. */
async function waitForEnd(page: Page, dict: Dictionary) {
  const card = page.getByTestId("current-batch");
  await expectVisible(card.getByTestId("batch-status").filter({ hasText: tr(dict, "batch.status.completed") }), BATCH_END_TIMEOUT_MS);
  return (await card.getByTestId("current-batch-name").textContent())!;
}

/** The whole screen in one language, for a new account with 500 credits. */
async function batchFlow(language: "en" | "de", dict: Dictionary) {
  await importLists();
  const { context, page } = await signedIn(`flow-${language}@example.com`, 500, language);
  try {
    // The menu entry, second after New Search, and the empty screen.
    const nav = page.getByRole("navigation", { name: tr(dict, "nav.main") });
    expect((await nav.getByRole("link").allTextContents()).slice(0, 3)).toEqual([tr(dict, "nav.newSearch"), tr(dict, "nav.batch"), tr(dict, "nav.history")]);
    await nav.getByRole("link", { name: tr(dict, "nav.batch") }).click();
    await waitForPath(page, "/batch");
    await expectVisible(page.getByRole("heading", { name: tr(dict, "batch.title"), level: 1 }));
    expect(await nav.getByRole("link", { name: tr(dict, "nav.batch") }).getAttribute("aria-current")).toBe("page");
    await expectVisible(page.getByText(tr(dict, "batch.formatHint")));
    await expectVisible(page.getByText(tr(dict, "batch.empty"), { exact: true }));
    await expectVisible(page.getByText(tr(dict, "batch.emptyDescription"), { exact: true }));
    expect(await page.getByTestId("current-batch").count()).toBe(0);

    // A file not named .csv is refused with the toast, before it is read.
    await upload(page, dict, "customers.txt", "name\nJane Example\n");
    await expectVisible(toast(page, tr(dict, "batch.invalidFile")));
    expect(await page.getByTestId("batch-preview").count()).toBe(0);

    // A bad line: the toast, and the card names the line and why, in the interface language.
    await upload(page, dict, "bad.csv", "name;type\nAlpha Person;person\nBeta Person;robot\n");
    await expectVisible(toast(page, tr(dict, "batch.parseError")));
    const problem = tr(dict, "batch.csv.line", { line: 3, reason: dict["Entity type must be person or company"] });
    expect(await page.getByTestId("batch-csv-error").textContent()).toContain(`bad.csv: ${problem}`);

    // The real file: the first 10 entities as they will be screened, then how many more.
    await upload(page, dict, "customers.csv", customersCsv());
    const preview = page.getByTestId("batch-preview");
    await expectVisible(preview);
    expect(await page.getByTestId("batch-csv-error").count()).toBe(0);
    const rows = preview.locator("tbody tr");
    expect(await rows.count()).toBe(10);
    expect(await rows.nth(0).locator("td").allTextContents()).toEqual(["Rustam Karimov", tr(dict, "search.person"), tr(dict, "language.en"), "UZ", "5"]);
    expect(await rows.nth(1).locator("td").allTextContents()).toEqual(["Acme Trading, Ltd", tr(dict, "search.company"), tr(dict, "language.de"), "DE", "10"]);
    expect((await rows.nth(2).locator("td").allTextContents()).slice(0, 3)).toEqual(["Jane Example", tr(dict, "search.person"), tr(dict, "language.en")]);
    await expectVisible(preview.getByText(tr(dict, "batch.andMore", { count: 2, n: 2 }), { exact: true }));
    // What it costs (12 rows of a 10-credit search) against the balance.
    expect(await page.getByTestId("batch-cost").textContent()).toBe(tr(dict, "batch.costLine", { count: 12, n: 12, cost: 10, required: 120, balance: 500 }));

    // The batch is named after the file unless renamed.
    expect(await page.getByLabel(tr(dict, "batch.nameLabel")).inputValue()).toBe("customers");

    // Start: charged at once, the toast, the file let go, the status card polling until the batch ends.
    await page.getByRole("button", { name: tr(dict, "batch.start", { count: 12, n: 12 }) }).click();
    const started = toast(page, tr(dict, "batch.started"));
    await expectVisible(started);
    expect(await started.textContent()).toContain(tr(dict, "batch.startedDescription", { count: 12, n: 12 }));
    await expectVisible(page.getByTestId("sidebar-credits").getByText("380", { exact: true }));
    await expectHidden(preview);
    expect(await fileInput(page, dict).inputValue()).toBe("");
    const card = page.getByTestId("current-batch");
    await expectVisible(card.getByRole("heading", { name: tr(dict, "batch.currentTitle") }));
    const name = await waitForEnd(page, dict);
    expect(name).toBe("customers");
    const bar = card.getByRole("progressbar");
    expect(await bar.getAttribute("aria-valuenow")).toBe("100");
    expect(await card.getByTestId("batch-processed").textContent()).toBe("12");
    expect(await card.getByTestId("batch-failed").textContent()).toBe("0");
    expect(await card.getByTestId("batch-total").textContent()).toBe("12");
    // Ended: the credits were read again, and nothing more was charged.
    expect(await page.getByTestId("sidebar-credits").textContent()).toContain("380");

    // The history row: name, status, entities, created and completed times, no failed count.
    const item = page.getByTestId("batch-history-item");
    await expectVisible(item.getByTestId("batch-status").filter({ hasText: tr(dict, "batch.status.completed") }));
    expect(await item.count()).toBe(1);
    expect(await item.getByRole("heading").textContent()).toBe(name);
    expect(await item.getByTestId("batch-entities").textContent()).toBe(tr(dict, "batch.entityCount", { count: 12, n: 12 }));
    const times = item.locator("time");
    expect(await times.count()).toBe(2);
    const created = (await times.nth(0).getAttribute("datetime"))!;
    const completed = (await times.nth(1).getAttribute("datetime"))!;
    expect(Date.parse(completed)).toBeGreaterThanOrEqual(Date.parse(created));
    // Dates in the profile language.
    const day = new Intl.DateTimeFormat(language, { dateStyle: "medium" }).format(new Date(created));
    expect(await times.nth(0).textContent()).toStartWith(day);
    expect(await item.getByTestId("batch-item-failed").count()).toBe(0);

    // View Results: one row per entity, each opening its search.
    await item.getByRole("link", { name: tr(dict, "batch.viewResultsLabel", { name }) }).click();
    await page.waitForURL((url) => /^\/batch\/[0-9a-f-]{36}$/.test(url.pathname));
    const batchId = new URL(page.url()).pathname.split("/")[2];
    await expectVisible(page.getByRole("heading", { name, level: 1 }));
    const results = page.getByTestId("batch-result-row");
    await expectVisible(results.first());
    expect(await results.count()).toBe(12);
    const karimov = results.filter({ hasText: "Rustam Karimov" });
    const karimovLevel = (await karimov.getByTestId("risk-badge").getAttribute("data-level"))!;
    expect(["high", "critical"]).toContain(karimovLevel);
    expect(await karimov.getByTestId("batch-result-matches").textContent()).toBe("1");
    expect(await karimov.getByTestId("batch-result-media").textContent()).toBe("1");
    // Its review status beside the risk level: the match is a hit nobody decided yet.
    expect(await karimov.getByTestId("review-status").getAttribute("data-status")).toBe("needs_review");
    expect(await karimov.getByTestId("batch-result-review").textContent()).toContain(tr(dict, "review.status.needs_review"));
    expect(await karimov.getByTestId("batch-status").textContent()).toBe(tr(dict, "batch.status.completed"));
    for (const href of await results.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")))) {
      expect(href).toMatch(/^\/searches\/[0-9a-f-]{36}$/);
    }

    // The risk filter, kept in the address.
    const filter = page.getByRole("group", { name: tr(dict, "batch.riskFilter") });
    await filter.getByRole("button", { name: tr(dict, "risk.low") }).click();
    await page.waitForURL((url) => url.searchParams.get("riskLevel") === "low");
    await expectHidden(karimov);
    const lowCount = await results.count();
    expect(lowCount).toBeGreaterThan(0);
    expect(new Set(await results.getByTestId("risk-badge").evaluateAll((badges) => badges.map((b) => b.getAttribute("data-level"))))).toEqual(new Set(["low"]));
    expect(await filter.getByRole("button", { name: tr(dict, "risk.low") }).getAttribute("aria-pressed")).toBe("true");
    await filter.getByRole("button", { name: tr(dict, `risk.${karimovLevel}`) }).click();
    await page.waitForURL((url) => url.searchParams.get("riskLevel") === karimovLevel);
    await expectVisible(karimov);
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=batch-result-row]").length === 1);
    await filter.getByRole("button", { name: tr(dict, "batch.riskAll") }).click();
    await page.waitForURL((url) => !url.searchParams.has("riskLevel"));
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=batch-result-row]").length === 12);

    // The downloads: plain links to the export calls, each answering its file.
    const downloads: [string, string, string][] = [
      ["batch.downloadCsv", "csv", "text/csv"],
      ["batch.downloadExcel", "xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
      ["batch.downloadPdf", "pdf", "application/pdf"],
    ];
    for (const [key, format, type] of downloads) {
      const link = page.getByRole("link", { name: tr(dict, key) });
      const href = (await link.getAttribute("href"))!;
      expect(href).toBe(`/api/batch-jobs/${batchId}/export?format=${format}`);
      const answer = await context.request.get(`${app.url}${href}`);
      expect({ format, status: answer.status(), type: answer.headers()["content-type"]?.split(";")[0] }).toEqual({ format, status: 200, type });
    }

    // A row opens its stored search.
    await karimov.getByRole("link", { name: "Rustam Karimov" }).click();
    await page.waitForURL((url) => /^\/searches\/[0-9a-f-]{36}$/.test(url.pathname));
    await expectVisible(page.getByRole("heading", { name: "Rustam Karimov" }));
    return batchId;
  } finally {
    await context.close();
  }
}

describe("batch screening in the browser", () => {
  test(
    "a reload shows the batch still processing; its results update live; a row that cannot be screened counts as failed",
    async () => {
      const { context, page } = await signedIn("failing@example.com", 100);
      try {
        await page.goto(`${app.url}/batch`);
        await upload(page, en, "three.csv", "name\nJane Example\nBroken Subject\nSlow Subject\n");
        await page.getByRole("button", { name: tr(en, "batch.start", { count: 3, n: 3 }) }).click();
        await expectVisible(toast(page, tr(en, "batch.started")));

        // After a reload the card shows the newest batch still processing.
        await page.reload();
        const card = page.getByTestId("current-batch");
        await expectVisible(card.getByTestId("batch-status").filter({ hasText: tr(en, "batch.status.processing") }));
        await card.getByRole("link", { name: tr(en, "batch.viewResults") }).click();
        await page.waitForURL((url) => /^\/batch\/[0-9a-f-]{36}$/.test(url.pathname));

        // The results screen follows the batch to its end without a reload, rows included.
        const summary = page.getByTestId("batch-summary");
        await expectVisible(summary.getByTestId("batch-status").filter({ hasText: tr(en, "batch.status.processing") }));
        await expectVisible(summary.getByRole("progressbar"));
        const slow = page.getByTestId("batch-result-row").filter({ hasText: "Slow Subject" });
        await expectVisible(slow);
        await expectVisible(summary.getByTestId("batch-status").filter({ hasText: tr(en, "batch.status.completed") }), BATCH_END_TIMEOUT_MS);
        await expectVisible(toast(page, tr(en, "batch.rowsFailed", { count: 1 })));
        await expectVisible(slow.getByTestId("batch-status").filter({ hasText: tr(en, "batch.status.completed") }));
        expect(await summary.getByTestId("batch-processed").textContent()).toBe("2");
        expect(await summary.getByTestId("batch-failed").textContent()).toBe("1");
        const broken = page.getByTestId("batch-result-row").filter({ hasText: "Broken Subject" });
        expect(await broken.getByTestId("batch-status").textContent()).toBe(tr(en, "batch.status.failed"));
        expect(await broken.getByTestId("risk-badge").textContent()).toBe(tr(en, "risk.failed"));

        // Back on /batch: the card keeps the batch, now completed; the history row counts the failed row.
        await page.getByRole("link", { name: tr(en, "batch.backToBatches") }).click();
        await waitForPath(page, "/batch");
        await expectVisible(card.getByTestId("batch-status").filter({ hasText: tr(en, "batch.status.completed") }));
        const item = page.getByTestId("batch-history-item");
        await expectVisible(item.getByTestId("batch-item-failed"));
        expect(await item.getByTestId("batch-item-failed").textContent()).toBe(tr(en, "batch.failedCount", { count: 1, n: 1 }));
      } finally {
        await context.close();
      }
    },
    FLOW_TIMEOUT_MS,
  );

  let englishBatchId: string;

  test(
    "English: menu, upload, preview, refusals, start, progress, history, results, filter and downloads",
    async () => {
      englishBatchId = await batchFlow("en", en);
    },
    FLOW_TIMEOUT_MS,
  );

  test(
    "German: the same screens in the profile language",
    async () => {
      await batchFlow("de", de);
    },
    FLOW_TIMEOUT_MS,
  );

  test(
    "a balance below the batch's cost: the button is off and says why; a 402 from the server is explained",
    async () => {
      const { context, page } = await signedIn("short@example.com", 15);
      try {
        await page.goto(`${app.url}/batch`);
        await upload(page, en, "two.csv", "name\nJane Example\nJohn Sample\n");
        const start = page.getByRole("button", { name: tr(en, "batch.start", { count: 2, n: 2 }) });
        await expectVisible(start);
        expect(await start.isDisabled()).toBe(true);
        await expectVisible(
          page.getByTestId("batch-insufficient-credits").getByText(tr(en, "batch.insufficientCreditsMessage", { required: 20, balance: 15 })),
        );
        expect(
          await page
            .getByTestId("batch-insufficient-credits")
            .getByRole("link", { name: tr(en, "credits.buy") })
            .getAttribute("href"),
        ).toBe("/buy-credits");

        // Enough for the screen, spent elsewhere before the click: the server's refusal in the toast, nothing started.
        await upload(page, en, "one.csv", "name\nJane Example\n");
        const one = page.getByRole("button", { name: tr(en, "batch.start", { count: 1, n: 1 }) });
        await expectVisible(one);
        expect(await one.isDisabled()).toBe(false);
        await setCredits(app.db, (await findUserByEmail(app.db, "short@example.com"))!.id, 0);
        await one.click();
        const refused = toast(page, tr(en, "batch.startFailed"));
        await expectVisible(refused);
        expect(await refused.textContent()).toContain(tr(en, "batch.insufficientCreditsMessage", { required: 10, balance: 0 }));
        expect(await page.getByTestId("current-batch").count()).toBe(0);
      } finally {
        await context.close();
      }
    },
    FLOW_TIMEOUT_MS,
  );

  test(
    "the limit of 100,000 entities: such a file is read in the browser, one more row is refused naming its line",
    async () => {
      const folder = mkdtempSync(join(tmpdir(), "dc-batch-csv-"));
      const { context, page } = await signedIn("bulk@example.com", 100, "de");
      try {
        await page.goto(`${app.url}/batch`);
        const header = "searchTerm,entityType,country\n";
        const rows = Array.from({ length: 100_001 }, (_, i) => `"Person ${i}, Jr",${i % 3 ? "person" : "company"},DE\n`);
        // Files on disk: Playwright hands them over as a user's pick would, not through the page's script.
        const tooMany = join(folder, "too-many.csv");
        const full = join(folder, "full.csv");
        writeFileSync(tooMany, header + rows.join(""));
        writeFileSync(full, header + rows.slice(0, 100_000).join(""));

        await fileInput(page, de).setInputFiles(tooMany);
        await expectVisible(page.getByTestId("batch-csv-error"), 30_000);
        const limit = tr(de, "batch.csv.tooManyRows", { max: (100_000).toLocaleString("de") });
        expect(await page.getByTestId("batch-csv-error").textContent()).toContain(
          tr(de, "batch.csv.line", { line: (100_002).toLocaleString("de"), reason: limit }),
        );

        await fileInput(page, de).setInputFiles(full);
        const preview = page.getByTestId("batch-preview");
        await expectVisible(preview, 30_000);
        expect(await preview.locator("tbody tr").count()).toBe(10);
        await expectVisible(preview.getByText(tr(de, "batch.andMore", { count: 99_990, n: (99_990).toLocaleString("de") }), { exact: true }));
        // 1,000,000 credits for 100 in the balance: the button is off and says why.
        await expectVisible(page.getByTestId("batch-insufficient-credits"));
        expect(await page.getByRole("button", { name: tr(de, "batch.start", { count: 100_000, n: (100_000).toLocaleString("de") }) }).isDisabled()).toBe(true);
      } finally {
        await context.close();
        rmSync(folder, { recursive: true, force: true });
      }
    },
    FLOW_TIMEOUT_MS,
  );

  test("another user's batch and an unknown one: 'Batch not found'", async () => {
    const { context, page } = await signedIn("nosy@example.com", 100);
    try {
      for (const id of [englishBatchId, "00000000-0000-4000-8000-000000000000"]) {
        await page.goto(`${app.url}/batch/${id}`);
        await expectVisible(page.getByRole("heading", { name: tr(en, "batch.notFound"), level: 1 }));
        expect(await page.getByTestId("batch-result-row").count()).toBe(0);
      }
      // The owner still sees it.
      const owner = new HttpClient(app.url);
      await owner.signIn("flow-en@example.com", PASSWORD);
      expect((await owner.get(`/api/batch-jobs/${englishBatchId}`)).status).toBe(200);
    } finally {
      await context.close();
    }
  });
});
