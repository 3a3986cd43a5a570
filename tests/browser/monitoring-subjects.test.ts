/**
 * The Automatic Screening table and its subjects in Chromium against the real server:
 * - no two cells' contents overlap at 1366 px and at 375 px (stacked rows there), measured on the element boxes of a
 *   risk badge, "17 to decide", a "Confirmed match" badge and the frequency, in English and in German (longer words);
 * - a monitored customer whose hits were all cleared as false positives reads "Low after review · screened
 *   Critical", in the table and on its own page, with its details and customer reference;
 * - Add Entity takes the search form's "More details" and a customer reference, and refuses a wrong birth date with
 *   the form's words;
 * - the spelling variants auto-enrolment made are removed with one action.
 * The checks are written into the database as finished checks leave them.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { schema } from "../../data/db.ts";
import { de, en } from "../../web/src/i18n/words.ts";
import { checkResults } from "../fixtures/monitoring.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { setEnv } from "../helpers/env.ts";
import { expectVisible, HOOK_TIMEOUT_MS, launchBrowser, pickFromLongList, plainText, signedInPage } from "./support/browser.ts";
import { type Dictionary, tr } from "./support/translate.ts";

const PASSWORD = "Monitoring-2024!";
const DAY = 86_400_000;
let app: TestApp;
let browser: Browser;
let restoreEnv: () => void = () => {};
let user: { id: string; organisationId: string };
let clearedId: string;

beforeAll(async () => {
  restoreEnv = setEnv({ DUECHECK_MONITORING_SCAN_SECONDS: "0", DUECHECK_DATASET_SCHEDULER: "0" });
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  const made = await createUser(app.db, { email: "subjects@example.com", password: PASSWORD, fullName: "Sue Subjects", credits: 100 });
  user = { id: made.id, organisationId: made.organisationId! };
  const now = Date.now();
  const check = (searchTerm: string, fields: Partial<typeof schema.searches.$inferInsert>) =>
    app.db
      .insert(schema.searches)
      .values({ userId: user.id, organisationId: user.organisationId, searchTerm, status: "completed", isAutomated: true, createdAt: new Date(now), ...fields })
      .returning()
      .then(([row]) => row);
  const monitor = (searchTerm: string, fields: Partial<typeof schema.monitoredEntities.$inferInsert>) =>
    app.db
      .insert(schema.monitoredEntities)
      .values({
        userId: user.id,
        organisationId: user.organisationId,
        searchTerm,
        lastChecked: new Date(now),
        nextCheck: new Date(now + 30 * DAY),
        ...fields,
      })
      .returning()
      .then(([row]) => row);

  // 17 hits to decide on a Critical check; a confirmed match; a customer whose only hit was cleared.
  const open = await check("Aleksandr Konstantinopolsky-Vasilievich", {
    riskLevel: "critical",
    reviewStatus: "needs_review",
    openHits: 17,
    results: checkResults({ matches: [["us_ofac_sdn", "ofac-7001", "KONSTANTINOPOLSKY, Aleksandr"]], level: "critical" }),
  });
  await monitor("Aleksandr Konstantinopolsky-Vasilievich", { lastSearchId: open.id, frequency: "monthly", source: "search" });
  const confirmed = await check("Zoran Vukotic-Petrovic", {
    riskLevel: "high",
    reviewStatus: "confirmed",
    openHits: 0,
    results: checkResults({ matches: [["eu_fsf", "eu-42", "VUKOTIC-PETROVIC, Zoran"]], level: "high" }),
  });
  await monitor("Zoran Vukotic-Petrovic", { lastSearchId: confirmed.id, frequency: "weekly" });
  const cleared = await check("Mira Cleared", {
    riskLevel: "critical",
    reviewStatus: "cleared",
    openHits: 0,
    results: checkResults({ matches: [["us_ofac_sdn", "ofac-5150", "CLEARED, Mira"]], level: "critical" }),
  });
  await app.db.insert(schema.hitDecisions).values({
    searchId: cleared.id,
    hitId: "s:ofac-5150",
    hitKind: "sanctions",
    hitLabel: "CLEARED, Mira",
    decision: "false_positive",
    reason: "common_name",
    state: "decided",
    decidedBy: user.id,
  });
  clearedId = (
    await monitor("Mira Cleared", {
      lastSearchId: cleared.id,
      frequency: "daily",
      details: { birthDate: "1975-06-01", nationality: "DE" },
      customerRef: "CUST-0042",
    })
  ).id;
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  restoreEnv();
}, HOOK_TIMEOUT_MS);

interface Box {
  what: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/**
 * The boxes of what each row shows: every badge and line of text inside each cell (a Range over each text node, so
 * a cell's padding does not count), named by the cell they are in.
 */
async function contentBoxes(page: Page): Promise<Box[][]> {
  return page.getByTestId("monitored-entity").evaluateAll((rows) =>
    rows.map((row) => {
      const boxes: Box[] = [];
      row.querySelectorAll("td").forEach((cell, c) => {
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const r of range.getClientRects())
            if (r.width > 0) boxes.push({ what: `cell ${c}: ${node.textContent.trim()}`, left: r.left, right: r.right, top: r.top, bottom: r.bottom });
        }
        cell.querySelectorAll('[data-slot="badge"]').forEach((badge) => {
          const r = badge.getBoundingClientRect();
          boxes.push({ what: `cell ${c} badge: ${badge.textContent}`, left: r.left, right: r.right, top: r.top, bottom: r.bottom });
        });
      });
      return boxes;
    }),
  ) as Promise<Box[][]>;
}

const intersect = (a: Box, b: Box) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
/** A badge's own text lies inside it: only boxes of different things count. */
const related = (a: Box, b: Box) =>
  a.what.includes("badge") !== b.what.includes("badge") && (a.what.endsWith(b.what.split(": ")[1]) || b.what.endsWith(a.what.split(": ")[1]));

async function expectNoOverlap(page: Page, words: Dictionary) {
  const rows = page.getByTestId("monitored-entity");
  await expectVisible(rows.nth(2));
  const open = rows.filter({ hasText: "Aleksandr" });
  await expectVisible(open.getByText(tr(words, "monitoring.alert.toDecide", { count: 17 })));
  for (const row of await contentBoxes(page)) {
    for (let i = 0; i < row.length; i++)
      for (let j = i + 1; j < row.length; j++) {
        const [a, b] = [row[i], row[j]];
        if (related(a, b) || (a.what.includes("badge") && b.what.includes("badge") && a.what === b.what)) continue;
        if (intersect(a, b)) throw new Error(`"${a.what}" overlaps "${b.what}"`);
      }
  }
  // The pairs that overlapped before, named: the risk badge and "17 to decide", "Confirmed match" and the frequency.
  const box = async (locator: ReturnType<Page["locator"]>) => (await locator.first().boundingBox())!;
  const riskBadge = await box(open.getByTestId("risk-badge"));
  const toDecide = await box(open.getByTestId("entity-to-decide"));
  const openReview = await box(open.getByTestId("review-status"));
  const openFrequency = await box(open.getByTestId("entity-frequency").getByText(tr(words, "monitoring.frequency.monthly")));
  const confirmed = rows.filter({ hasText: "Zoran" });
  const confirmedBadge = await box(confirmed.getByTestId("review-status"));
  expect(plainText(await confirmed.getByTestId("review-status").textContent())).toBe(tr(words, "review.status.confirmed"));
  const frequency = await box(confirmed.getByTestId("entity-frequency").getByText(tr(words, "monitoring.frequency.weekly")));
  const asBox = (what: string, b: { x: number; y: number; width: number; height: number }): Box => ({
    what,
    left: b.x,
    right: b.x + b.width,
    top: b.y,
    bottom: b.y + b.height,
  });
  const pairs: [Box, Box][] = [
    [asBox("risk badge", riskBadge), asBox("to decide", toDecide)],
    [asBox("risk badge", riskBadge), asBox("review badge", openReview)],
    [asBox("to decide", toDecide), asBox("frequency", openFrequency)],
    [asBox("confirmed match", confirmedBadge), asBox("frequency", frequency)],
  ];
  for (const [a, b] of pairs) expect(`${a.what}/${b.what}: ${intersect(a, b)}`).toBe(`${a.what}/${b.what}: false`);
  // Nothing sticks out of the page sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

test("a cleared customer reads the level its decisions leave beside the screening's own", async () => {
  const { context, page } = await signedInPage(browser, app.url, "subjects@example.com", PASSWORD);
  try {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${app.url}/automatic-screening`);
    const row = page.getByTestId("monitored-entity").filter({ hasText: "Mira Cleared" });
    await expectVisible(row.getByTestId("entity-reviewed-risk"));
    expect(plainText((await row.getByTestId("entity-risk").allInnerTexts()).join(" "))).toBe("Low after review screened Critical");
    expect(await row.getByTestId("entity-reviewed-risk").getAttribute("aria-label")).toBe("Low after review; the screening found Critical");
    expect(plainText(await row.getByTestId("review-status").textContent())).toBe(tr(en, "review.status.cleared"));
    expect(plainText(await row.getByTestId("entity-details").textContent())).toBe("born 1975-06-01 · DE · Ref. CUST-0042");
    // Still critical where nothing was cleared.
    const open = page.getByTestId("monitored-entity").filter({ hasText: "Aleksandr" });
    expect(plainText(await open.getByTestId("entity-risk").textContent())).toBe(tr(en, "risk.critical"));

    await page.goto(`${app.url}/automatic-screening/${clearedId}/changes`);
    const overview = page.getByTestId("entity-overview");
    await expectVisible(overview);
    expect(plainText((await overview.getByTestId("entity-risk").allInnerTexts()).join(" "))).toBe("Low after review screened Critical");
    const details = plainText((await overview.getByTestId("entity-overview-details").allInnerTexts()).join(" "));
    expect(details).toBe("Birth date 1975-06-01 Nationality DE Customer reference CUST-0042");
  } finally {
    await context.close();
  }
});

test("Add Entity takes the search form's details and a customer reference", async () => {
  const { context, page } = await signedInPage(browser, app.url, "subjects@example.com", PASSWORD);
  try {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${app.url}/automatic-screening`);
    await page.getByRole("button", { name: "Add Entity" }).click();
    const dialog = page.getByTestId("add-entity-dialog");
    await expectVisible(dialog);
    await dialog.getByLabel(tr(en, "monitoring.nameLabel")).fill("Rustam Karimov");
    await dialog.getByRole("button", { name: "More details" }).click();
    await dialog.getByLabel("Birth date", { exact: true }).fill("1700");
    await dialog.getByRole("button", { name: tr(en, "monitoring.add"), exact: true }).click();
    await expectVisible(dialog.getByText("Birth date must be a real date between 1850 and today"));
    expect(await app.db.select().from(schema.monitoredEntities).where(eq(schema.monitoredEntities.searchTerm, "Rustam Karimov"))).toHaveLength(0);

    await dialog.getByLabel("Birth date", { exact: true }).fill("1968");
    await pickFromLongList(page, dialog.getByLabel("Nationality"), "Uzbekistan");
    await dialog.getByRole("button", { name: "Add identifier" }).click();
    await dialog.getByLabel("Identifier 1", { exact: true }).fill("FA1234567");
    await dialog.getByLabel(tr(en, "monitoring.details.customerRef")).fill("CUST-0099");
    await dialog.getByRole("button", { name: tr(en, "monitoring.add"), exact: true }).click();

    const row = page.getByTestId("monitored-entity").filter({ hasText: "Rustam Karimov" });
    await expectVisible(row.getByTestId("entity-details"));
    expect(plainText(await row.getByTestId("entity-details").textContent())).toBe("born 1968 · UZ · 1 identifier · Ref. CUST-0099");
    const [stored] = await app.db.select().from(schema.monitoredEntities).where(eq(schema.monitoredEntities.searchTerm, "Rustam Karimov"));
    expect(stored.details).toEqual({ birthDate: "1968", nationality: "UZ", identifiers: [{ kind: "passport", value: "FA1234567" }] });
    expect(stored.customerRef).toBe("CUST-0099");
  } finally {
    await context.close();
  }
});

test("the spelling variants auto-enrolment made are removed with one action", async () => {
  const now = Date.now();
  const add = (searchTerm: string, source: string, minutesAgo: number) =>
    app.db
      .insert(schema.monitoredEntities)
      .values({
        userId: user.id,
        organisationId: user.organisationId,
        searchTerm,
        source,
        nextCheck: new Date(now + DAY),
        createdAt: new Date(now - minutesAgo * 60_000),
      })
      .returning();
  await add("Viktor Vekselberg", "search", 30);
  await add("VEKSELBERG, Viktor", "search", 20);
  await add("Viktor Vekselburg", "search", 10);
  const { context, page } = await signedInPage(browser, app.url, "subjects@example.com", PASSWORD);
  try {
    await page.goto(`${app.url}/automatic-screening`);
    const button = page.getByRole("button", { name: tr(en, "monitoring.variants.button", { count: 2 }) });
    await expectVisible(button);
    await button.click();
    const dialog = page.getByTestId("spelling-variants-dialog");
    await expectVisible(dialog);
    expect(plainText((await dialog.getByTestId("spelling-variant-group").allInnerTexts()).join(" "))).toBe(
      "Keeps Viktor Vekselberg Removes: VEKSELBERG, Viktor · Viktor Vekselburg",
    );
    await dialog.getByRole("button", { name: tr(en, "monitoring.variants.confirm", { count: 2 }) }).click();
    await expectVisible(page.getByText(tr(en, "monitoring.variants.removed", { count: 2 })).first());
    await expectVisible(page.getByTestId("monitored-entity").filter({ hasText: "Viktor Vekselberg" }));
    expect(await page.getByTestId("monitored-entity").filter({ hasText: "Vekselburg" }).count()).toBe(0);
    expect(await page.getByTestId("monitored-entity").filter({ hasText: "VEKSELBERG, Viktor" }).count()).toBe(0);
    expect(await button.count()).toBe(0);
  } finally {
    await context.close();
  }
});

// Last: the German run leaves the profile in German.
for (const [code, words] of [
  ["en", en],
  ["de", de],
] as const) {
  test(`no cell's content overlaps another at 1366 px and 375 px (${code})`, async () => {
    const { context, page } = await signedInPage(browser, app.url, "subjects@example.com", PASSWORD, { code, words: words as Dictionary });
    try {
      for (const viewport of [
        { width: 1366, height: 900 },
        { width: 375, height: 812 },
      ]) {
        await page.setViewportSize(viewport);
        await page.goto(`${app.url}/automatic-screening`);
        await expectNoOverlap(page, words as Dictionary);
      }
    } finally {
      await context.close();
    }
  });
}
