/**
 * What a person sees while sanctions data is missing, downloading or after a failed refresh: the notice on the search
 * form, the Sanctions Search tab without data (in the page, not only a toast), the lists a search used with their
 * version dates, and a failed dataset card naming the version still in use. In English, then German.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { updateSystemSettings } from "../../lib/settings/system-settings.ts";
import { HttpClient } from "../../support/http-client.ts";
import { ListServer } from "../../support/list-server.ts";
import { sdnFiles } from "../../support/ofac-sdn.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { setEnv } from "../helpers/env.ts";
import { expectHidden, expectVisible, HOOK_TIMEOUT_MS, launchBrowser, newPage, setLanguages, signIn } from "./support/browser.ts";

const ENV = { DUECHECK_DATASET_SCHEDULER: "0", DUECHECK_DOWNLOAD_TIMEOUT_MS: "10000" };
const analyst = { email: "analyst@example.com", password: "Screening-2024!", fullName: "Ada Analyst" };
const SDN_NAME = "OFAC Specially Designated Nationals (SDN) List";
const UN_NAME = "UN Security Council Consolidated List";

let restoreEnv: () => void = () => {};
let app: TestApp;
let list: ListServer;
let browser: Browser;
let page: Page;
let admin: HttpClient;

beforeAll(async () => {
  restoreEnv = setEnv(ENV);
  [app, browser, list] = await Promise.all([startApp(), launchBrowser(), ListServer.start()]);
  // The list publisher stand-in is on 127.0.0.1: private networks are allowed for this test's downloads.
  await updateSystemSettings(app.db, { webhooksAllowPrivateNetworks: true });
  await createUser(app.db, analyst);
  for (const [name, content] of Object.entries(sdnFiles())) list.publish(`/sdn/${name}`, content);
  admin = new HttpClient(app.url);
  await admin.signIn("admin@test.local", "Admin-password-1");
  // Every list is served by the loopback list server: the SDN files exist, the others answer 404.
  for (const dataset of (await admin.get("/api/sanctions/datasets")).json as { id: string; urls: { name: string }[] }[]) {
    const base = dataset.id === "us_ofac_sdn" ? "/sdn" : `/missing/${dataset.id}`;
    const urls = dataset.urls.map((f) => ({ name: f.name, url: `${list.url}${base}/${f.name}` }));
    expect((await admin.request("PATCH", `/api/sanctions/datasets/${dataset.id}`, { urls })).status).toBe(200);
  }
  ({ page } = await newPage(browser));
  await signIn(page, app.url, analyst.email, analyst.password);
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await list?.stop();
  await app?.stop();
  restoreEnv();
}, HOOK_TIMEOUT_MS);

const notice = (p: Page) => p.getByTestId("sanctions-data-notice");
/** A date as the app formats it in this browser (Intl in Chromium, the interface language). */
const formatted = (p: Page, iso: string, locale: string) =>
  p.evaluate(([value, lang]) => new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" }).format(new Date(value)), [iso, locale]);

async function openSearchTab(p: Page) {
  await p.goto(`${app.url}/sanctions`);
  await p.getByRole("tab", { name: /^(Search|Suche)$/ }).click();
}

describe("before any list is downloaded", () => {
  test("the due diligence search form says no list has data yet, and which", async () => {
    await expectVisible(notice(page));
    await expectVisible(notice(page).getByText("No sanctions data has been downloaded yet", { exact: true }));
    await expectVisible(notice(page).getByText(new RegExp(`^Never downloaded: ${SDN_NAME.replace(/[()]/g, "\\$&")}, `)));
    await expectVisible(notice(page).getByText("Until a list is in, searches cannot check it and record it as not checked.", { exact: true }));
  });

  test("a Sanctions Search shows in the page that there is no data, not '0 results'", async () => {
    await openSearchTab(page);
    await expectVisible(notice(page));
    await page.getByLabel("Name to search").fill("Maduro");
    await page.getByLabel("Name to search").press("Enter");
    const noData = page.getByTestId("sanctions-no-data");
    await expectVisible(noData.getByText("No sanctions data has been downloaded yet", { exact: true }));
    await expectVisible(noData.getByText(new RegExp(`^Never downloaded: .*${UN_NAME}`)));
    expect(await page.getByText(/results? for “Maduro”/).count()).toBe(0);
    expect(await page.getByText("No Results", { exact: true }).count()).toBe(0);
    // Still there after a while: it is part of the page, not a toast.
    await page.waitForTimeout(6_000);
    await expectVisible(noData);
  }, 20_000);
});

describe("while a list downloads and after", () => {
  test("the form says which list is downloading now; once it is in, which lists still have no data", async () => {
    list.slowMs = 4_000;
    list.setMode("/sdn/sdn.csv", "slow");
    const download = admin.post("/api/sanctions/datasets/us_ofac_sdn/download");
    try {
      await Bun.sleep(300);
      await page.goto(`${app.url}/`);
      await expectVisible(notice(page).getByText("Sanctions lists are being downloaded", { exact: true }));
      await expectVisible(notice(page).getByText(`Downloading now: ${SDN_NAME}`, { exact: true }));
    } finally {
      expect((await download).status).toBe(200);
      list.resetModes();
    }
    await page.reload();
    await expectVisible(notice(page).getByText("5 lists have no data yet", { exact: true }));
    await expectHidden(notice(page).getByText(/Downloading now/));
  }, 30_000);

  test("a search lists the lists it searched with their version date and age, and those it could not", async () => {
    const sdn = ((await admin.get("/api/sanctions/datasets")).json as any[]).find((d) => d.id === "us_ofac_sdn");
    const versionDate: string = sdn.recent_versions[0].version_date;
    await openSearchTab(page);
    await page.getByLabel("Name to search").fill("Rustam Karimov");
    await page.getByLabel("Name to search").press("Enter");
    await expectVisible(page.getByTestId("sanctions-result").filter({ hasText: "KARIMOV, Rustam Alievich" }));
    const lists = page.getByTestId("sanctions-searched-lists");
    await expectVisible(lists.getByText("Lists searched", { exact: true }));
    const date = await formatted(page, versionDate, "en");
    await expectVisible(lists.getByText(new RegExp(`^${SDN_NAME.replace(/[()]/g, "\\$&")}: version of ${date} \\((now|1 minute ago|\\d+ minutes ago)\\)$`)));
    await expectVisible(lists.getByText("Not searched (no data yet)", { exact: true }));
    await expectVisible(lists.getByText(`${UN_NAME}: never downloaded`, { exact: true }));
  });

  test("a failed refresh keeps the card's version in use, and says so with its age; a list without a version says it is not searched", async () => {
    list.publish("/sdn/alt.csv", `5001,9050,"aka","CHANGED ALIAS",-0- \r\n`);
    list.setMode("/sdn/sdn.csv", "error");
    expect((await admin.post("/api/sanctions/datasets/us_ofac_sdn/download")).status).toBe(502);
    expect((await admin.post("/api/sanctions/datasets/un_sc_sanctions/download")).status).toBe(502);
    list.resetModes();
    const sdn = ((await admin.get("/api/sanctions/datasets")).json as any[]).find((d) => d.id === "us_ofac_sdn");
    expect(sdn.last_download_status).toBe("failed");

    await page.goto(`${app.url}/sanctions`);
    const card = page.getByRole("article", { name: SDN_NAME });
    await expectVisible(card.getByText("Failed", { exact: true }));
    const date = await formatted(page, sdn.recent_versions[0].version_date, "en");
    await expectVisible(
      card
        .getByTestId("dataset-in-use")
        .getByText(new RegExp(`^Still in use and searched: the version of ${date} \\((now|1 minute ago|\\d+ minutes ago)\\)\\.$`)),
    );
    const un = page.getByRole("article", { name: UN_NAME });
    await expectVisible(
      un.getByTestId("dataset-in-use").getByText("There is no earlier version: this list is not searched until a download succeeds.", { exact: true }),
    );
  });
});

describe("in German", () => {
  test("the notice, the searched lists and the failed card's version in use are in German", async () => {
    await setLanguages(page, "de");
    await page.goto(`${app.url}/`);
    await expectVisible(notice(page).getByText("5 Listen haben noch keine Daten", { exact: true }));
    await expectVisible(notice(page).getByText(`Download fehlgeschlagen: ${UN_NAME}`, { exact: true }));

    await page.goto(`${app.url}/sanctions`);
    const card = page.getByRole("article", { name: SDN_NAME });
    await expectVisible(
      card.getByTestId("dataset-in-use").getByText(/^Weiterhin in Gebrauch und durchsucht: die Version vom .+ \((jetzt|vor \d+ Minuten?)\)\.$/),
    );

    await openSearchTab(page);
    await page.getByLabel("Gesuchter Name").fill("Rustam Karimov");
    await page.getByLabel("Gesuchter Name").press("Enter");
    const lists = page.getByTestId("sanctions-searched-lists");
    await expectVisible(lists.getByText("Durchsuchte Listen", { exact: true }));
    await expectVisible(lists.getByText(`${UN_NAME}: Download fehlgeschlagen`, { exact: true }));
  });
});
