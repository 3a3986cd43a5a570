/**
 * /automatic-screening and the changes page against the real server, in English and in German: the menu entry, the
 * Add Entity dialog (a blank name, an entry already monitored), the tabs and their counts, pause and resume, the
 * delete confirmation, an entity a finished check flagged ('New', its summary, View Changes opening the changes with
 * the added and removed matches and the new articles; the alert stays open until acknowledged), 'Waiting for credits', another user's
 * entity, and the profile's auto-add switch. The due-check scan is off: the checks' outcome is written into the
 * database as a finished check leaves it.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { schema } from "../../data/db.ts";
import { changesSummary } from "../../lib/monitoring/change-phrases.ts";
import type { MonitoringChanges } from "../../lib/monitoring/schemas.ts";
import { de, en } from "../../web/src/i18n/words.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { organisationOfUser } from "../helpers/credits.ts";
import { setEnv } from "../helpers/env.ts";
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
import { type Dictionary, tr } from "./support/translate.ts";

const DICTIONARIES: Record<"en" | "de", Dictionary> = { en, de };
const PASSWORD = "Monitoring-2024!";
const DAY_MS = 86_400_000;
const FLOW_TIMEOUT_MS = 90_000;

let app: TestApp;
let browser: Browser;
let restoreEnv: () => void = () => {};

beforeAll(async () => {
  // No due-check scan: an added entity stays 'Not checked yet', and checks are written by the test.
  restoreEnv = setEnv({ DUECHECK_MONITORING_SCAN_SECONDS: "0", DUECHECK_DATASET_SCHEDULER: "0" });
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  restoreEnv();
}, HOOK_TIMEOUT_MS);

/** A new account signed in on its own browser context, in this interface language. */
async function signedIn(email: string, language: "en" | "de") {
  const user = await createUser(app.db, { email, password: PASSWORD, fullName: "Mona Monitor", credits: 100 });
  const { context, page } = await newPage(browser);
  await signIn(page, app.url, email, PASSWORD);
  if (language !== "en") {
    await setLanguages(page, language);
    await page.reload();
    await expectVisible(page.getByRole("heading", { name: tr(DICTIONARIES[language], "search.title") }));
  }
  return { user, context, page };
}

/** What a check that found changes leaves: its search and the one before, and the entity flagged with the changes. */
async function seedCheckedEntity(userId: string, name: string, extra: Partial<typeof schema.monitoredEntities.$inferInsert> = {}) {
  const checkedAt = new Date();
  const organisationId = organisationOfUser(userId);
  const [previous, latest] = await app.db
    .insert(schema.searches)
    .values([
      { userId, organisationId, searchTerm: name, status: "completed", riskLevel: "low", isAutomated: true, createdAt: new Date(checkedAt.getTime() - DAY_MS) },
      { userId, organisationId, searchTerm: name, status: "completed", riskLevel: "high", isAutomated: true, createdAt: checkedAt },
    ])
    .returning();
  const changes: MonitoringChanges = {
    checkedAt: checkedAt.toISOString(),
    previousSearchId: previous.id,
    searchId: latest.id,
    riskBefore: "low",
    riskAfter: "high",
    addedMatches: [{ datasetId: "us_ofac_sdn", datasetName: "OFAC SDN List", entityId: "ofac-40001", name: `${name.toUpperCase()} (alias)`, score: 0.93 }],
    removedMatches: [{ datasetId: "eu_fsf", datasetName: "EU Financial Sanctions", entityId: "eu-77", name: "Old Namesake", score: 0.81 }],
    newMedia: [
      {
        url: "https://news.example.org/fraud-probe",
        title: `${name} named in fraud probe`,
        source: "news.example.org",
        date: "2026-11-20",
        category: "negative",
      },
    ],
    notChecked: ["GDELT"],
    trigger: "schedule",
  };
  const [entity] = await app.db
    .insert(schema.monitoredEntities)
    .values({
      userId,
      organisationId,
      searchTerm: name,
      frequency: "daily",
      lastChecked: checkedAt,
      nextCheck: new Date(checkedAt.getTime() + DAY_MS),
      hasChanges: true,
      changes,
      // the sentence stored when the check ran, in the owner's report language then (English): the screen words the facts
      changesSummary: changesSummary(changes, "en"),
      changedAt: checkedAt,
      lastSearchId: latest.id,
      previousSearchId: previous.id,
      source: "search",
      sourceSearchId: previous.id,
      createdAt: new Date(checkedAt.getTime() - 2 * DAY_MS),
      ...extra,
    })
    .returning();
  return { entity, changes };
}

const toast = (page: Page, text: string) => page.locator("[data-state=open]").filter({ hasText: text });
const row = (page: Page, name: string) =>
  page.getByTestId("monitored-entity").filter({ has: page.getByTestId("entity-name").getByText(name, { exact: true }) });

/** The three tabs read 'All Monitored (n)', 'With Changes (n)', 'No Changes (n)'. */
async function expectCounts(page: Page, dict: Dictionary, all: number, withChanges: number, noChanges: number) {
  await expectVisible(page.getByRole("tab", { name: `${tr(dict, "monitoring.tabAll")} (${all})` }));
  await expectVisible(page.getByRole("tab", { name: new RegExp(`^${tr(dict, "monitoring.tabWith")} \\(${withChanges}\\)`) }));
  await expectVisible(page.getByRole("tab", { name: `${tr(dict, "monitoring.tabWithout")} (${noChanges})` }));
  expect(await page.getByTestId("changes-dot").count()).toBe(withChanges > 0 ? 1 : 0);
}

async function monitoringFlow(language: "en" | "de") {
  const dict = DICTIONARIES[language];
  const { user, context, page } = await signedIn(`flow-${language}@example.com`, language);
  try {
    // The menu entry, after Sanctions Data and before API Access.
    const nav = page.getByRole("navigation", { name: tr(dict, "nav.main") });
    const links = await nav.getByRole("link").allTextContents();
    expect(links.slice(links.indexOf(tr(dict, "nav.sanctions")), links.indexOf(tr(dict, "nav.apiAccess")) + 1)).toEqual([
      tr(dict, "nav.sanctions"),
      tr(dict, "nav.automaticScreening"),
      tr(dict, "nav.apiAccess"),
    ]);
    await nav.getByRole("link", { name: tr(dict, "nav.automaticScreening") }).click();
    await waitForPath(page, "/automatic-screening");
    await expectVisible(page.getByRole("heading", { name: tr(dict, "monitoring.title"), level: 1 }));
    expect(await nav.getByRole("link", { name: tr(dict, "nav.automaticScreening") }).getAttribute("aria-current")).toBe("page");
    await expectVisible(page.getByText(tr(dict, "monitoring.empty"), { exact: true }));
    await expectCounts(page, dict, 0, 0, 0);

    // Add Entity: a blank name is refused with 'Please enter a name or company to monitor.', then a company, weekly, in Germany.
    await page.getByRole("button", { name: tr(dict, "monitoring.addEntity") }).click();
    const dialog = page.getByRole("dialog");
    const nameField = dialog.getByLabel(tr(dict, "monitoring.nameLabel"));
    await nameField.fill("   ");
    await dialog.getByRole("button", { name: tr(dict, "monitoring.add"), exact: true }).click();
    await expectVisible(dialog.getByText(tr(dict, "Please enter a name or company to monitor."), { exact: true }));
    expect(await nameField.getAttribute("aria-invalid")).toBe("true");
    await nameField.fill("Brandmoor Shipping");
    await expectHidden(dialog.getByText(tr(dict, "Please enter a name or company to monitor."), { exact: true }));
    await dialog.getByRole("radio", { name: tr(dict, "search.company") }).click();
    await dialog.getByLabel(tr(dict, "monitoring.frequencyLabel")).click();
    await page.getByRole("option", { name: tr(dict, "monitoring.frequency.weekly") }).click();
    await dialog.getByLabel(tr(dict, "monitoring.countryLabel")).fill("de");
    await dialog.getByRole("button", { name: tr(dict, "monitoring.add"), exact: true }).click();
    await expectVisible(toast(page, tr(dict, "monitoring.added")));
    await expectHidden(dialog);
    const added = row(page, "Brandmoor Shipping");
    await expectVisible(added);
    const cells = added.locator("td");
    expect(await cells.nth(0).getByTestId("entity-source").textContent()).toBe(`${tr(dict, "monitoring.source.manual")} · DE`);
    expect(await cells.nth(1).textContent()).toBe(tr(dict, "search.company"));
    // Not checked yet: no risk level and no review to show, and it says so.
    expect(await added.getByTestId("entity-risk").textContent()).toBe(tr(dict, "monitoring.notChecked"));
    expect(await added.getByTestId("entity-review").textContent()).toBe("—");
    expect(await cells.nth(4).textContent()).toBe(tr(dict, "monitoring.frequency.weekly"));
    expect(await added.getByTestId("entity-last-checked").textContent()).toBe(tr(dict, "monitoring.notChecked"));
    // Its first check is due at once (at the server's next scan, off here).
    expect(await added.getByTestId("entity-next-check").textContent()).toBe(tr(dict, "monitoring.dueNow"));
    expect(await added.getByTestId("entity-changes").textContent()).toBe("");
    expect(await added.getByTestId("entity-status").textContent()).toBe(tr(dict, "monitoring.status.active"));
    expect(await added.getByTestId("entity-new").count()).toBe(0);
    expect(await added.getByRole("button", { name: tr(dict, "monitoring.viewChanges") }).count()).toBe(0);
    await expectCounts(page, dict, 1, 0, 1);
    const [stored] = await app.db.select().from(schema.monitoredEntities).where(eq(schema.monitoredEntities.userId, user.id));
    expect(stored).toMatchObject({ searchTerm: "Brandmoor Shipping", entityType: "company", frequency: "weekly", country: "DE", source: "manual" });

    // The same name and type again: the server's reason, in the interface language; nothing added.
    await page.getByRole("button", { name: tr(dict, "monitoring.addEntity") }).click();
    await dialog.getByLabel(tr(dict, "monitoring.nameLabel")).fill("brandmoor shipping");
    await dialog.getByRole("radio", { name: tr(dict, "search.company") }).click();
    await dialog.getByRole("button", { name: tr(dict, "monitoring.add"), exact: true }).click();
    await expectVisible(toast(page, tr(dict, "This name is already monitored")));
    await dialog.getByRole("button", { name: tr(dict, "common.cancel") }).click();
    await expectHidden(dialog);
    await expectCounts(page, dict, 1, 0, 1);

    // Pause and Resume.
    await added.getByRole("button", { name: tr(dict, "monitoring.pauseLabel", { name: "Brandmoor Shipping" }) }).click();
    await expectVisible(toast(page, tr(dict, "monitoring.pausedDescription", { name: "Brandmoor Shipping" })));
    await expectVisible(added.getByTestId("entity-status").getByText(tr(dict, "monitoring.status.paused"), { exact: true }));
    expect((await app.db.select().from(schema.monitoredEntities).where(eq(schema.monitoredEntities.id, stored.id)))[0].status).toBe("paused");
    await added.getByRole("button", { name: tr(dict, "monitoring.resumeLabel", { name: "Brandmoor Shipping" }) }).click();
    await expectVisible(toast(page, tr(dict, "monitoring.resumedDescription", { name: "Brandmoor Shipping" })));
    await expectVisible(added.getByTestId("entity-status").getByText(tr(dict, "monitoring.status.active"), { exact: true }));
    expect((await app.db.select().from(schema.monitoredEntities).where(eq(schema.monitoredEntities.id, stored.id)))[0].status).toBe("active");

    // A check found changes: 'New', the summary, where it came from, and the With Changes tab with its dot.
    const { entity, changes } = await seedCheckedEntity(user.id, "Kasimir Feldwebler");
    await page.reload();
    await expectCounts(page, dict, 2, 1, 1);
    const flagged = row(page, "Kasimir Feldwebler");
    await expectVisible(flagged.getByTestId("entity-new").getByText(tr(dict, "monitoring.new"), { exact: true }));
    expect(await flagged.getByTestId("changes-summary").locator("li").allTextContents()).toEqual([
      tr(dict, "monitoring.change.addedMatches", { count: 1 }),
      tr(dict, "monitoring.change.removedMatches", { count: 1 }),
      tr(dict, "monitoring.change.risk", { before: tr(dict, "risk.low"), after: tr(dict, "risk.high") }),
      tr(dict, "monitoring.change.newMedia", { count: 1 }),
      tr(dict, "monitoring.change.notChecked", { sources: "GDELT" }),
    ]);
    if (language !== "en") expect(await flagged.getByTestId("changes-summary").textContent()).not.toContain("sanctions match");
    expect(await flagged.getByTestId("entity-source").textContent()).toBe(tr(dict, "monitoring.source.search"));
    // The name opens the latest check's search; an entry never checked has no link.
    expect(await flagged.getByRole("link", { name: tr(dict, "monitoring.openLatestLabel", { name: "Kasimir Feldwebler" }) }).getAttribute("href")).toBe(
      `/searches/${changes.searchId}`,
    );
    expect(await added.getByRole("link").count()).toBe(0);
    expect(await flagged.getByTestId("entity-last-checked").locator("time").getAttribute("datetime")).toBe(entity.lastChecked!.toISOString());
    expect(await flagged.getByTestId("entity-next-check").locator("time").getAttribute("datetime")).toBe(entity.nextCheck!.toISOString());

    await page.getByRole("tab", { name: new RegExp(`^${tr(dict, "monitoring.tabWith")}`) }).click();
    await expectHidden(row(page, "Brandmoor Shipping"));
    expect(await page.getByTestId("entity-name").allTextContents()).toEqual(["Kasimir Feldwebler"]);
    // The tabs are keyboard reachable: the arrow key moves to No Changes.
    await page.keyboard.press("ArrowRight");
    await expectHidden(row(page, "Kasimir Feldwebler"));
    expect(await page.getByTestId("entity-name").allTextContents()).toEqual(["Brandmoor Shipping"]);
    await page.getByRole("tab", { name: new RegExp(`^${tr(dict, "monitoring.tabAll")}`) }).click();
    await expectVisible(row(page, "Kasimir Feldwebler"));

    // View Changes: the report, then its page with what changed.
    await flagged.getByRole("button", { name: tr(dict, "monitoring.viewChangesLabel", { name: "Kasimir Feldwebler" }) }).click();
    await expectVisible(toast(page, tr(dict, "monitoring.reportGenerated")));
    await waitForPath(page, `/automatic-screening/${entity.id}/changes`);
    await expectVisible(page.getByRole("heading", { name: "Kasimir Feldwebler", level: 1 }));
    const risk = page.getByTestId("changes-risk").getByTestId("risk-badge");
    expect(await risk.allTextContents()).toEqual([tr(dict, "risk.low"), tr(dict, "risk.high")]);
    const addedMatches = page.getByTestId("added-matches");
    await expectVisible(addedMatches.getByText("KASIMIR FELDWEBLER (alias)", { exact: true }));
    await expectVisible(addedMatches.getByText("OFAC SDN List", { exact: true }));
    expect(await addedMatches.getByTestId("changed-match").textContent()).toContain("93");
    await expectVisible(page.getByTestId("removed-matches").getByText("Old Namesake", { exact: true }));
    const article = page.getByTestId("new-article").getByRole("link", { name: /Kasimir Feldwebler named in fraud probe/ });
    expect(await article.getAttribute("href")).toBe("https://news.example.org/fraud-probe");
    await expectVisible(page.getByTestId("new-article").getByText(tr(dict, "search.category.negative"), { exact: true }));
    await expectVisible(page.getByTestId("not-checked").getByText("GDELT", { exact: true }));
    expect(await page.getByRole("link", { name: tr(dict, "monitoring.latestCheck") }).getAttribute("href")).toBe(`/searches/${changes.searchId}`);
    expect(await page.getByRole("link", { name: tr(dict, "monitoring.previousCheck") }).getAttribute("href")).toBe(`/searches/${changes.previousSearchId}`);
    const pdfHref = (await page.getByRole("link", { name: tr(dict, "monitoring.downloadPdf") }).getAttribute("href"))!;
    const pdf = await context.request.get(`${app.url}${pdfHref}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toContain("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

    // Back on the list the alert stays open: viewing decides nothing. Its check has nothing left to decide, so its
    // owner acknowledges it, and then nothing is left With Changes.
    await page
      .getByRole("link", { name: tr(dict, "monitoring.back") })
      .first()
      .click();
    await waitForPath(page, "/automatic-screening");
    await expectCounts(page, dict, 2, 1, 1);
    await expectVisible(flagged.getByTestId("entity-new"));
    await expectVisible(flagged.getByTestId("alert-reason").getByText(tr(dict, "monitoring.alert.nothingToDecide"), { exact: true }));
    await flagged.getByRole("button", { name: tr(dict, "monitoring.acknowledgeLabel", { name: "Kasimir Feldwebler" }) }).click();
    await expectVisible(toast(page, tr(dict, "monitoring.acknowledged")));
    await expectCounts(page, dict, 2, 0, 2);
    expect(await row(page, "Kasimir Feldwebler").getByTestId("entity-new").count()).toBe(0);
    expect(
      await row(page, "Kasimir Feldwebler")
        .getByRole("button", { name: tr(dict, "monitoring.viewChanges") })
        .count(),
    ).toBe(0);
    expect((await app.db.select().from(schema.monitoredEntities).where(eq(schema.monitoredEntities.id, entity.id)))[0].hasChanges).toBe(false);

    // Delete asks first: Cancel keeps the entry, Remove takes it away.
    const removeButton = added.getByRole("button", { name: tr(dict, "monitoring.removeLabel", { name: "Brandmoor Shipping" }) });
    await removeButton.click();
    const confirm = page.getByRole("alertdialog");
    await expectDialogOpen(confirm);
    await expectVisible(confirm.getByText(tr(dict, "monitoring.removeTitle")));
    await confirm.getByRole("button", { name: tr(dict, "common.cancel") }).click();
    await expectHidden(confirm);
    await expectCounts(page, dict, 2, 0, 2);
    await removeButton.click();
    await confirm.getByRole("button", { name: tr(dict, "monitoring.remove"), exact: true }).click();
    await expectVisible(toast(page, tr(dict, "monitoring.removed")));
    await expectHidden(row(page, "Brandmoor Shipping"));
    await expectCounts(page, dict, 1, 0, 1);
    expect(await app.db.select().from(schema.monitoredEntities).where(eq(schema.monitoredEntities.id, stored.id))).toEqual([]);

    // The profile switch: on by default, off saved at once (and still off after a reload).
    await page.goto(`${app.url}/profile`);
    const autoAdd = page.getByRole("switch", { name: tr(dict, "monitoring.autoAddLabel") });
    await expectVisible(autoAdd);
    expect(await autoAdd.getAttribute("aria-checked")).toBe("true");
    await autoAdd.click();
    await expectVisible(toast(page, tr(dict, "monitoring.autoAddOffDescription")));
    await page.waitForFunction(() => document.querySelector("[role=switch]")?.getAttribute("aria-checked") === "false");
    expect((await app.db.select().from(schema.users).where(eq(schema.users.id, user.id)))[0].autoMonitorSearches).toBe(false);
    await page.reload();
    await expectVisible(autoAdd);
    expect(await autoAdd.getAttribute("aria-checked")).toBe("false");
    await autoAdd.press("Space");
    await expectVisible(toast(page, tr(dict, "monitoring.autoAddOnDescription")));
    await page.waitForFunction(() => document.querySelector("[role=switch]")?.getAttribute("aria-checked") === "true");
    expect((await app.db.select().from(schema.users).where(eq(schema.users.id, user.id)))[0].autoMonitorSearches).toBe(true);
  } finally {
    await context.close();
  }
}

describe("automatic screening", () => {
  test("English: menu, add, tabs, pause and resume, View Changes, delete, the profile switch", () => monitoringFlow("en"), FLOW_TIMEOUT_MS);

  test("German: the same screens in the interface language", () => monitoringFlow("de"), FLOW_TIMEOUT_MS);

  test(
    "an entry waiting for credits says so; actions on an entry removed elsewhere fail with their toasts; the changes page of an entry never changed, and of another user's",
    async () => {
      const dict = DICTIONARIES.en;
      const { user, context, page } = await signedIn("credits@example.com", "en");
      try {
        await app.db
          .insert(schema.monitoredEntities)
          .values({ userId: user.id, organisationId: user.organisationId, searchTerm: "Rosalind Kettleby", waitingFor: "credits", nextCheck: new Date() });
        const [quiet] = await app.db
          .insert(schema.monitoredEntities)
          .values({ userId: user.id, organisationId: user.organisationId, searchTerm: "Quiet Person" })
          .returning();
        const other = await createUser(app.db, { email: "other@example.com", password: PASSWORD });
        const { entity: foreign } = await seedCheckedEntity(other.id, "Foreign Subject");

        await page.goto(`${app.url}/automatic-screening`);
        const waiting = row(page, "Rosalind Kettleby");
        expect(await waiting.getByTestId("entity-status").textContent()).toBe(tr(dict, "monitoring.status.waitingForCredits"));
        expect(await waiting.getByTestId("entity-next-check").textContent()).toBe("—");

        // An entry removed elsewhere while the list is open: each action's failure toast, and the list read again.
        const failures: [string, (name: string) => Promise<void>, string][] = [
          [
            "Gone Paused",
            (name) =>
              row(page, name)
                .getByRole("button", { name: tr(dict, "monitoring.pauseLabel", { name }) })
                .click(),
            tr(dict, "monitoring.statusFailed"),
          ],
          [
            "Gone Viewed",
            (name) =>
              row(page, name)
                .getByRole("button", { name: tr(dict, "monitoring.viewChangesLabel", { name }) })
                .click(),
            tr(dict, "Monitored entity not found"),
          ],
          [
            "Gone Removed",
            async (name) => {
              await row(page, name)
                .getByRole("button", { name: tr(dict, "monitoring.removeLabel", { name }) })
                .click();
              await page
                .getByRole("alertdialog")
                .getByRole("button", { name: tr(dict, "monitoring.remove"), exact: true })
                .click();
            },
            tr(dict, "monitoring.removeFailed"),
          ],
        ];
        for (const [name, act, message] of failures) {
          const { entity: gone } = await seedCheckedEntity(user.id, name);
          await page.reload();
          await expectVisible(row(page, name));
          await app.db.delete(schema.monitoredEntities).where(eq(schema.monitoredEntities.id, gone.id));
          await act(name);
          await expectVisible(toast(page, message));
          await expectHidden(row(page, name));
          await waitForPath(page, "/automatic-screening");
        }

        await page.goto(`${app.url}/automatic-screening/${quiet.id}/changes`);
        await expectVisible(page.getByText(tr(dict, "monitoring.noChangesYet"), { exact: true }));
        expect(await page.getByRole("link", { name: tr(dict, "monitoring.downloadPdf") }).count()).toBe(0);

        await page.goto(`${app.url}/automatic-screening/${foreign.id}/changes`);
        await expectVisible(page.getByRole("heading", { name: tr(dict, "monitoring.notFound") }));
        expect(await page.getByText("Foreign Subject").count()).toBe(0);
        // Still flagged for its owner: another user's visit changed nothing.
        expect((await app.db.select().from(schema.monitoredEntities).where(eq(schema.monitoredEntities.id, foreign.id)))[0].hasChanges).toBe(true);
      } finally {
        await context.close();
      }
    },
    FLOW_TIMEOUT_MS,
  );
});
