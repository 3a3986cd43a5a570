/**
 * The /sanctions screen against the real server: dataset cards from an imported version, the name search,
 * read-only datasets for users, Download All and Add Dataset for admins (against a loopback list server), and
 * German labels.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { formatBytes } from "@duecheck/react/views/sanctions/format";
import type { Browser, Page } from "playwright-core";
import { importDatasetFiles } from "../../lib/sanctions/datasets/import.ts";
import { updateSystemSettings } from "../../lib/settings/system-settings.ts";
import { sanctionsService } from "../../server/sanctions/service.ts";
import { HttpClient } from "../../support/http-client.ts";
import { ListServer } from "../../support/list-server.ts";
import { BASE_ENTRIES, sdnFiles, sdnFilesWith } from "../../support/ofac-sdn.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { setEnv } from "../helpers/env.ts";
import { expectHidden, expectVisible, HOOK_TIMEOUT_MS, launchBrowser, newPage, setLanguages, signIn, waitForPath } from "./support/browser.ts";

const FIXTURES = join(import.meta.dir, "..", "fixtures", "sanctions");
/** No scheduled downloads (they would reach the real list publishers); a failing source fails fast. */
const ENV = { DUECHECK_DATASET_SCHEDULER: "0", DUECHECK_DOWNLOAD_TIMEOUT_MS: "5000" };
let restoreEnv: () => void = () => {};

const analyst = { email: "analyst@example.com", password: "Screening-2024!", fullName: "Ada Analyst" };
const admin = { email: "admin@test.local", password: "Admin-password-1" };
const EN_UNITS = { "sanctions.size.bytes": "Bytes", "sanctions.size.kb": "KB", "sanctions.size.mb": "MB", "sanctions.size.gb": "GB" };

let app: TestApp;
let list: ListServer;
let browser: Browser;
let page: Page;
/** The imported OFAC SDN version, as the API lists it. */
let imported: { entity_count: number; file_size: number };

const sdnCard = (p: Page) => p.getByRole("article", { name: "OFAC Specially Designated Nationals (SDN) List" });

beforeAll(async () => {
  restoreEnv = setEnv(ENV);
  [app, browser, list] = await Promise.all([startApp(), launchBrowser(), ListServer.start()]);
  // The list publisher stand-in is on 127.0.0.1: private networks are allowed for this test's downloads.
  await updateSystemSettings(app.db, { webhooksAllowPrivateNetworks: true });
  await createUser(app.db, analyst);

  // One current OFAC SDN version, imported the way `duecheck datasets import` does it.
  const files = Object.entries(sdnFiles()).map(([name, content]) => ({
    name,
    content: new TextEncoder().encode(content),
    sourceUrl: null,
    etag: null,
    lastModified: null,
  }));
  const result = await importDatasetFiles(app.db, "us_ofac_sdn", files, { actor: { kind: "cli" }, timeoutMs: 5_000 });
  expect(result.status).toBe("success");
  await sanctionsService(app.server.database).index.refresh();

  const adminClient = new HttpClient(app.url);
  await adminClient.signIn(admin.email, admin.password);
  const sdn = ((await adminClient.get("/api/sanctions/datasets")).json as any[]).find((d) => d.id === "us_ofac_sdn");
  imported = sdn.recent_versions[0];

  ({ page } = await newPage(browser));
  await signIn(page, app.url, analyst.email, analyst.password);
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await list?.stop();
  await app?.stop();
  restoreEnv();
}, HOOK_TIMEOUT_MS);

describe("formatBytes", () => {
  test("Bytes, KB, MB and GB with at most 2 decimals", () => {
    const en = (bytes: number) => formatBytes(bytes, "en-US", (key) => EN_UNITS[key]);
    expect([0, 1005, 1536, 5_123_456, 3 * 1024 ** 3, 2048 * 1024 ** 3].map(en)).toEqual(["0 Bytes", "1005 Bytes", "1.5 KB", "4.89 MB", "3 GB", "2048 GB"]);
    expect(formatBytes(5_123_456, "de", (key) => EN_UNITS[key])).toBe("4,89 MB");
  });
});

describe("sanctions data", () => {
  test("a user opens Sanctions Data from the menu and sees the dataset cards, read-only", async () => {
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Sanctions Data" }).click();
    await waitForPath(page, "/sanctions");
    await expectVisible(page.getByRole("heading", { name: "Sanctions Data", level: 1 }));
    await expectVisible(page.getByRole("tab", { name: "Datasets", selected: true }));

    const card = sdnCard(page);
    await expectVisible(card);
    // Imported from files, never downloaded: no download status and no download time.
    await expectVisible(card.getByText("Never Downloaded", { exact: true }));
    await expectVisible(card.getByText("Never", { exact: true }));
    await expectVisible(card.getByText("Every 6h", { exact: true }));
    await expectVisible(card.getByText("Sanctions", { exact: true }));
    await expectVisible(card.getByText(/Office of Foreign Assets Control/));

    expect(imported.entity_count).toBe(BASE_ENTRIES.length);
    const version = card.getByTestId("dataset-version");
    expect(await version.count()).toBe(1);
    await expectVisible(version.getByText("Current", { exact: true }));
    await expectVisible(version.getByText(`${BASE_ENTRIES.length} entities`, { exact: true }));
    const size = formatBytes(imported.file_size, "en-US", (key) => EN_UNITS[key]);
    expect(size).toMatch(/^\d+(\.\d{1,2})? (Bytes|KB)$/);
    await expectVisible(version.getByText(size, { exact: true }));
    // The size is the version's only: nothing was downloaded.
    expect(await card.getByText(size, { exact: true }).count()).toBe(1);

    // A dataset never downloaded says so.
    const un = page.getByRole("article", { name: /UN Security Council/ });
    await expectVisible(un.getByText("Never Downloaded", { exact: true }));

    // Downloads are for admins only: the user sees no download button.
    await expectVisible(page.getByRole("button", { name: "Refresh" }));
    expect(await page.getByRole("button", { name: /Download/ }).count()).toBe(0);
  });

  test("an empty term keeps Search disabled; a misspelled name finds the listed person with a score and Match", async () => {
    await page.getByRole("tab", { name: "Search" }).click();
    const input = page.getByLabel("Name to search");
    const button = page.getByRole("button", { name: "Search", exact: true });
    await expectVisible(input);
    expect(await button.isDisabled()).toBe(true);
    await input.fill("   ");
    expect(await button.isDisabled()).toBe(true);

    let searches = 0;
    page.on("request", (request) => {
      if (request.url().includes("/api/sanctions/search")) searches++;
    });
    await input.press("Enter");
    await page.waitForTimeout(200);
    expect(searches).toBe(0);

    // "Rustam Karimow" for KARIMOV, Rustam Alievich; Enter submits.
    await input.fill("Rustam Karimow");
    expect(await button.isDisabled()).toBe(false);
    await input.press("Enter");
    const result = page.getByTestId("sanctions-result").filter({ hasText: "KARIMOV, Rustam Alievich" });
    await expectVisible(result);
    await expectVisible(result.getByText("Match", { exact: true }));
    await expectVisible(result.getByText("Person", { exact: true }));
    expect(await result.getByTestId("sanctions-score").textContent()).toMatch(/^\d{1,3}%$/);
    await expectVisible(result.getByText("Uzbekistan"));
    await expectVisible(result.getByText("OFAC Specially Designated Nationals (SDN) List"));
    expect(searches).toBe(1);

    // The search survives a visit to the Datasets tab.
    await page.getByRole("tab", { name: "Datasets" }).click();
    await page.getByRole("tab", { name: "Search" }).click();
    await expectVisible(result);
  });

  test("a name on no list gets the 'No Results' toast", async () => {
    await page.getByLabel("Name to search").fill("Zebulon Quixwater");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expectVisible(page.getByText("No Results", { exact: true }));
    await expectVisible(page.getByText("No matching entities found", { exact: true }));
    await expectHidden(page.getByTestId("sanctions-result").filter({ hasText: "KARIMOV" }));
  });

  test("an admin's Download All Now reports successful and failed datasets and shows the new version", async () => {
    // OFAC SDN and the UN list are served by the loopback list server (SDN with a changed list); the others
    // point at paths it does not have, so they fail.
    for (const [name, content] of Object.entries(sdnFilesWith([{ id: 5101, name: "NEW LISTED SHIPPING LTD", type: "entity" }]))) {
      list.publish(`/sdn/${name}`, content);
    }
    list.publish("/un/consolidated.xml", readFileSync(join(FIXTURES, "un_xml", "consolidated.xml")));
    const adminClient = new HttpClient(app.url);
    await adminClient.signIn(admin.email, admin.password);
    const datasets = (await adminClient.get("/api/sanctions/datasets")).json as any[];
    for (const dataset of datasets) {
      const base = dataset.id === "us_ofac_sdn" ? "/sdn" : dataset.id === "un_sc_sanctions" ? "/un" : `/missing/${dataset.id}`;
      const urls = (dataset.urls as { name: string }[]).map((f) => ({ name: f.name, url: `${list.url}${base}/${f.name}` }));
      const res = await adminClient.request("PATCH", `/api/sanctions/datasets/${dataset.id}`, { urls });
      expect([dataset.id, res.status]).toEqual([dataset.id, 200]);
    }

    const adminPage = await newPage(browser);
    try {
      const p = adminPage.page;
      await signIn(p, app.url, admin.email, admin.password);
      await p.getByRole("link", { name: "Sanctions Data" }).click();
      await expectVisible(sdnCard(p).getByRole("button", { name: /Download Now/ }));
      await p.getByRole("button", { name: "Download All Now" }).click();
      await expectVisible(p.getByText("Bulk Download Complete", { exact: true }), 60_000);
      await expectVisible(p.getByText(`2 successful, ${datasets.length - 2} failed`, { exact: true }));

      const card = sdnCard(p);
      await expectVisible(card.getByText("Previous Version", { exact: true }));
      await expectVisible(card.getByText(`${BASE_ENTRIES.length + 1} entities`, { exact: true }));
      const un = p.getByRole("article", { name: /UN Security Council/ });
      await expectVisible(un.getByText("Success", { exact: true }));
      const failed = p.getByRole("article", { name: /EU/ }).first();
      await expectVisible(failed.getByText("Failed", { exact: true }));
      await expectVisible(failed.getByRole("alert"));
    } finally {
      await adminPage.context.close();
    }
  }, 90_000);

  test("an admin adds a custom OpenSanctions Senzing PEP dataset; invalid input sends nothing; users see no Add Dataset", async () => {
    // The user (not an admin) has no Add Dataset button.
    await page.getByRole("tab", { name: "Datasets" }).click();
    await expectVisible(page.getByRole("button", { name: "Refresh" }));
    expect(await page.getByRole("button", { name: "Add Dataset" }).count()).toBe(0);

    const adminPage = await newPage(browser);
    try {
      const p = adminPage.page;
      const posts: string[] = [];
      p.on("request", (request) => {
        if (request.method() === "POST" && new URL(request.url()).pathname === "/api/sanctions/datasets") posts.push(request.postData() ?? "");
      });
      await signIn(p, app.url, admin.email, admin.password);
      await p.getByRole("link", { name: "Sanctions Data" }).click();
      await waitForPath(p, "/sanctions");
      await p.getByRole("button", { name: "Add Dataset" }).click();
      const dialog = p.getByRole("dialog", { name: "Add Dataset" });
      await expectVisible(dialog);

      // Nothing filled in: both messages, nothing sent.
      await dialog.getByRole("button", { name: "Add Dataset" }).click();
      await expectVisible(dialog.getByText("Please enter a name for the dataset.", { exact: true }));
      await expectVisible(dialog.getByText("Please enter the download URL.", { exact: true }));

      // The fields are labelled and typed into from the keyboard; an ftp:// URL is refused on the client.
      const name = "Custom Senzing PEPs";
      const url = `${list.url}/custom/peps.senzing.json`;
      await dialog.getByLabel("Name").fill(name);
      await dialog.getByRole("radio", { name: "PEP" }).click();
      await dialog.getByLabel("Format").click();
      await p.getByRole("option", { name: "OpenSanctions Senzing JSON" }).click();
      await expectVisible(dialog.getByLabel("Format").getByText("OpenSanctions Senzing JSON"));
      await dialog.getByLabel("Download URL").fill("ftp://example.com/peps.json");
      await dialog.getByLabel("Description").fill("PEPs from a Senzing export");
      await dialog.getByLabel("Download URL").press("Enter");
      await expectVisible(dialog.getByText("The URL must start with http:// or https://.", { exact: true }));
      expect(await dialog.getByLabel("Download URL").getAttribute("aria-invalid")).toBe("true");
      await p.waitForTimeout(200);
      expect(posts).toEqual([]);

      // A valid URL: the dataset is added, the dialog closes and its card says Never Downloaded.
      await dialog.getByLabel("Download URL").fill(url);
      await expectHidden(dialog.getByText("The URL must start with http:// or https://.", { exact: true }));
      await dialog.getByLabel("Download URL").press("Enter");
      await expectVisible(p.getByText("Dataset Added", { exact: true }));
      await expectVisible(p.getByText(`${name} was added.`, { exact: true }));
      await expectHidden(dialog);
      expect(posts.map((body) => JSON.parse(body))).toEqual([
        { name, type: "pep", format: "opensanctions_senzing", url, description: "PEPs from a Senzing export" },
      ]);

      const card = p.getByRole("article", { name });
      await expectVisible(card.getByText("Never Downloaded", { exact: true }));
      await expectVisible(card.getByText("PEP", { exact: true }));
      await expectVisible(card.getByText("opensanctions_senzing", { exact: true }));
      await expectVisible(card.getByText("PEPs from a Senzing export", { exact: true }));

      const added = ((await p.evaluate(() => fetch("/api/sanctions/datasets").then((r) => r.json()))) as any[]).find((d) => d.source_name === name);
      expect(added).toMatchObject({ dataset_type: "pep", format: "opensanctions_senzing", custom: true, last_download_status: null });
      expect(added.urls.map((f: { url: string }) => f.url)).toEqual([url]);
    } finally {
      await adminPage.context.close();
    }
  });

  test("in German the tabs read Datensätze and Suche", async () => {
    await setLanguages(page, "de");
    await page.reload();
    await expectVisible(page.getByRole("tab", { name: "Datensätze" }));
    await expectVisible(page.getByRole("tab", { name: "Suche" }));
    await expectVisible(page.getByRole("heading", { name: "Sanktionsdaten", level: 1 }));
    await expectVisible(sdnCard(page).getByText("Erfolgreich", { exact: true }));
    await expectVisible(page.getByRole("link", { name: "Sanktionsdaten" }));
  });
});
