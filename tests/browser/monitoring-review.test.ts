/**
 * A monitoring alert stays open until it is decided, in Chromium against the real server: the table says why it is
 * open and links to the check's results; viewing the changes (and reloading the page) leaves it open with no way to
 * acknowledge; once the hit is decided the alert is closed on the changes page and in the table. The check is written
 * into the database as a finished check leaves it; the hit is decided over the app's own HTTP call (the result page's
 * decision controls are tested with that page).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { schema } from "../../data/db.ts";
import { en } from "../../web/src/i18n/words.ts";
import { checkResults } from "../fixtures/monitoring.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { setEnv } from "../helpers/env.ts";
import { expectVisible, HOOK_TIMEOUT_MS, launchBrowser, signedInPage, waitForPath } from "./support/browser.ts";
import { tr } from "./support/translate.ts";

const PASSWORD = "Monitoring-2024!";
let app: TestApp;
let browser: Browser;
let restoreEnv: () => void = () => {};

beforeAll(async () => {
  restoreEnv = setEnv({ DUECHECK_MONITORING_SCAN_SECONDS: "0", DUECHECK_DATASET_SCHEDULER: "0" });
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  restoreEnv();
}, HOOK_TIMEOUT_MS);

test("a monitoring alert stays open until it is decided", async () => {
  const user = await createUser(app.db, { email: "alert@example.com", password: PASSWORD, fullName: "Alma Alert", credits: 100 });
  const now = Date.now();
  // A check that found a new sanctions match, its hit not decided yet; the check before it was clean.
  const [previous, latest] = await app.db
    .insert(schema.searches)
    .values([
      {
        userId: user.id,
        organisationId: user.organisationId,
        searchTerm: "Zoran Vukotic",
        status: "completed",
        riskLevel: "low",
        isAutomated: true,
        results: checkResults(),
        createdAt: new Date(now - 86_400_000),
      },
      {
        userId: user.id,
        organisationId: user.organisationId,
        searchTerm: "Zoran Vukotic",
        status: "completed",
        riskLevel: "critical",
        isAutomated: true,
        results: checkResults({ matches: [["us_ofac_sdn", "ofac-5150", "VUKOTIC, Zoran"]], level: "critical" }),
        reviewStatus: "needs_review",
        openHits: 1,
        createdAt: new Date(now),
      },
    ])
    .returning();
  const [entity] = await app.db
    .insert(schema.monitoredEntities)
    .values({
      userId: user.id,
      organisationId: user.organisationId,
      searchTerm: "Zoran Vukotic",
      frequency: "daily",
      lastChecked: new Date(now),
      nextCheck: new Date(now + 86_400_000),
      hasChanges: true,
      changesSummary: "1 new sanctions match",
      changes: {
        checkedAt: new Date(now).toISOString(),
        previousSearchId: previous.id,
        searchId: latest.id,
        riskBefore: "low",
        riskAfter: "critical",
        addedMatches: [{ datasetId: "us_ofac_sdn", datasetName: "OFAC SDN List", entityId: "ofac-5150", name: "VUKOTIC, Zoran", score: 0.97 }],
        removedMatches: [],
        newMedia: [],
        notChecked: [],
        trigger: "schedule",
      },
      changedAt: new Date(now),
      lastSearchId: latest.id,
      previousSearchId: previous.id,
    })
    .returning();

  const { context, page } = await signedInPage(browser, app.url, "alert@example.com", PASSWORD);
  try {
    // The table: Critical, needs review, and why the alert is open, linking to the check's results.
    await page.goto(`${app.url}/automatic-screening`);
    const row = page.getByTestId("monitored-entity").filter({ hasText: "Zoran Vukotic" });
    await expectVisible(row.getByTestId("entity-risk").getByText(tr(en, "risk.critical"), { exact: true }));
    await expectVisible(row.getByTestId("entity-review").getByText(tr(en, "review.status.needs_review"), { exact: true }));
    const reason = row.getByRole("link", { name: tr(en, "monitoring.alert.newHits", { count: 1 }) });
    expect(await reason.getAttribute("href")).toBe(`/searches/${latest.id}`);

    // View Changes: the alert is open, says why, and cannot be acknowledged; a reload changes nothing.
    await row.getByRole("button", { name: tr(en, "monitoring.viewChangesLabel", { name: "Zoran Vukotic" }) }).click();
    await waitForPath(page, `/automatic-screening/${entity.id}/changes`);
    const alert = page.getByTestId("alert-card");
    await expectVisible(alert.getByText(tr(en, "monitoring.alert.open"), { exact: true }));
    await page.reload();
    await expectVisible(alert.getByText(tr(en, "monitoring.alert.open"), { exact: true }));
    await expectVisible(alert.getByRole("link", { name: tr(en, "monitoring.alert.newHits", { count: 1 }) }));
    expect(await alert.getByRole("button", { name: tr(en, "monitoring.acknowledge") }).count()).toBe(0);
    expect(await alert.getByRole("link", { name: tr(en, "monitoring.alert.decide") }).getAttribute("href")).toBe(`/searches/${latest.id}`);

    // The hit is decided: the alert closes.
    const decided = await context.request.post(`${app.url}/api/searches/${latest.id}/decisions`, {
      data: { hitId: "s:ofac-5150", decision: "false_positive", reason: "common_name" },
      headers: { origin: app.url },
    });
    expect(decided.status()).toBe(201);
    await page.reload();
    await expectVisible(alert.getByText(tr(en, "monitoring.alert.closed"), { exact: true }));
    await expectVisible(alert.getByTestId("entity-review").getByText(tr(en, "review.status.cleared"), { exact: true }));

    await page
      .getByRole("link", { name: tr(en, "monitoring.back") })
      .first()
      .click();
    await waitForPath(page, "/automatic-screening");
    await expectVisible(row.getByTestId("entity-review").getByText(tr(en, "review.status.cleared"), { exact: true }));
    // Its only hit cleared, it reads the level the decision leaves, with the screening's own (Critical) beside it.
    await expectVisible(row.getByTestId("entity-reviewed-risk").getByText(tr(en, "monitoring.risk.afterReview", { level: tr(en, "monitoring.level.low") })));
    await expectVisible(row.getByTestId("entity-screened-risk").getByText(tr(en, "monitoring.risk.screened", { level: tr(en, "monitoring.level.critical") })));
    expect(await row.getByTestId("entity-new").count()).toBe(0);
    expect(await row.getByTestId("alert-reason").count()).toBe(0);
  } finally {
    await context.close();
  }
}, 90_000);
