/**
 * A monitoring alert stays open until it is decided, over real HTTP against real checks (the app's worker screens
 * each check against a small OFAC list and a loopback news server; the scan runs on a manual clock): a check with a
 * new hit raises the alert, viewing the changes leaves it open, deciding the hit closes it, and the next check takes
 * the decisions over instead of queueing the same hits again. Acknowledge and dismiss, and the table's risk and
 * review columns and filters.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { and, eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { manualClock } from "../../lib/clock.ts";
import { recordChecksOfSearch } from "../../lib/monitoring/check-result.ts";
import { runDueChecks } from "../../lib/monitoring/due-checks.ts";
import type { MonitoredEntityView } from "../../lib/monitoring/schemas.ts";
import { screeningService } from "../../server/screening/service.ts";
import { HttpClient } from "../../support/http-client.ts";
import { importReviewList, REVIEW_ENTRIES } from "../fixtures/review-list.ts";
import { importPeps, keepOnlyDatasets } from "../fixtures/screening.ts";
import { signedIn, type TestApp } from "../helpers/app.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import type { GdeltArticle } from "../helpers/news-servers.ts";
import { startScreeningApp } from "../helpers/screening-app.ts";

const BASE = "/api/monitoring/entities";
const DAY = 86_400_000;
/** The scans' time: set once the entities are added (they are due at once). */
let clock = manualClock(new Date());
const ENV: Record<string, string> = {
  ...SCREENING_TEST_ENV,
  DUECHECK_NEWS_TIMEOUT_MS: "1000",
  DUECHECK_JOB_STOP_SECONDS: "2",
  // No scheduled scan: the test runs each scan on its own clock.
  DUECHECK_MONITORING_SCAN_SECONDS: "0",
};
const CHARGED: GdeltArticle = {
  title: "Dmitri Orlov charged with fraud and money laundering",
  url: "https://news.example/orlov-charged",
  seendate: "20260301T100000Z",
  domain: "news.example",
  language: "English",
  sourcecountry: "United Kingdom",
};
/** What the news server answers for each name: changed between checks. */
const news: Record<string, GdeltArticle[]> = {};

let app: TestApp;
let stopApp: () => Promise<void>;
let owner: HttpClient;
let other: HttpClient;
let admin: HttpClient;

beforeAll(async () => {
  ({ app, stop: stopApp } = await startScreeningApp(news, ENV));
  // A PEP list too: a check with a list not configured is incomplete, and the next is compared with the one before it.
  await keepOnlyDatasets(app.db, ["us_ofac_sdn", "us_congress_peps"]);
  await importReviewList(app.db);
  await importPeps(app.db);
  owner = await signedIn(app, { email: "owner@example.com", password: "owner-password", fullName: "Owen Owner", credits: 1000 });
  other = await signedIn(app, { email: "other@example.com", password: "other-password", credits: 1000 });
  admin = new HttpClient(app.url);
  await admin.signIn("admin@test.local", "Admin-password-1");
});
afterAll(() => stopApp());

const entityOf = async (id: string): Promise<MonitoredEntityView> =>
  ((await owner.get(`${BASE}?limit=100`)).json.items as MonitoredEntityView[]).find((e) => e.id === id)!;

/** One scan on the test's clock: the due checks start, the app's worker screens them, and they are recorded. */
async function check(): Promise<void> {
  const scan = await runDueChecks({ db: app.db, queue: screeningService(app.server.database).queue, clock });
  for (const searchId of scan.searchIds) {
    const ended = await owner.get(`/api/searches/${searchId}?wait=30`);
    expect(ended.json.status).toBe("completed");
    // The app records a check as its worker ends the search; recording again does nothing.
    await recordChecksOfSearch(app.db, searchId, { clock });
  }
  clock.advance(DAY);
}

const search = async (id: string) => (await owner.get(`/api/searches/${id}`)).json;
const flaggedHits = (found: any): any[] => [
  ...found.results.sanctionsList.flatMap((row: any) => row.hits),
  ...found.results.pepListings,
  ...found.results.adverseMedia.filter((m: any) => m.isNegative),
];
const decideAll = async (found: any, hits: any[]) => {
  for (const hit of hits) {
    const res = await owner.post(`/api/searches/${found.id}/decisions`, { hitId: hit.hitId, decision: "false_positive", reason: "common_name" });
    expect(res.status).toBe(201);
  }
};

describe("an alert stays open until it is decided", () => {
  let orlov: MonitoredEntityView;
  let clean: MonitoredEntityView;

  test("the baseline check raises no alert; its hits are decided", async () => {
    orlov = (await owner.post(BASE, { searchTerm: "Dmitri Orlov", entityType: "person" })).json;
    clean = (await owner.post(BASE, { searchTerm: "Quiet Meadowbrook", entityType: "person" })).json;
    expect((await entityOf(orlov.id)).checkState).toBe("not_checked");
    clock = manualClock(new Date(Date.now() + 1000));
    await check();

    orlov = await entityOf(orlov.id);
    expect(orlov).toMatchObject({ checkState: "completed", hasChanges: false, reviewStatus: "needs_review" });
    expect(orlov.riskLevel).not.toBeNull();
    const baseline = await search(orlov.lastSearchId!);
    expect(orlov.openHits).toBe(flaggedHits(baseline).length);
    await decideAll(baseline, flaggedHits(baseline));
    expect(await entityOf(orlov.id)).toMatchObject({ reviewStatus: "cleared", openHits: 0, hasChanges: false });
    expect(await entityOf(clean.id)).toMatchObject({ checkState: "completed", riskLevel: "low", reviewStatus: "no_hits", hasChanges: false });
  });

  test("a check with a new hit raises the alert with only the new hit open; viewing the changes leaves it open; deciding it closes it", async () => {
    news["Dmitri Orlov"] = [CHARGED];
    await check();
    orlov = await entityOf(orlov.id);
    // The sanctions hits decided on the baseline are taken over: only the new article is open.
    expect(orlov).toMatchObject({ hasChanges: true, reviewStatus: "needs_review", openHits: 1, reviewSearchId: orlov.lastSearchId });
    const latest = await search(orlov.lastSearchId!);
    const article = latest.results.adverseMedia.find((m: any) => m.url === CHARGED.url);
    expect(latest.review.decisions.map((d: any) => d.hitId).sort()).toEqual(
      flaggedHits(latest)
        .filter((h) => h.hitId !== article.hitId)
        .map((h) => h.hitId)
        .sort(),
    );
    expect(latest.review.decisions.every((d: any) => d.state === "decided" && d.decidedBy === "Owen Owner")).toBe(true);
    const carried = await app.db.select().from(schema.hitDecisions).where(eq(schema.hitDecisions.searchId, latest.id));
    expect(carried.every((d) => d.carriedFromId !== null)).toBe(true);

    // Viewing, in every way the app offers, leaves it open.
    expect((await owner.post(`${BASE}/${orlov.id}/report`)).json.reportUrl).toBe(`/automatic-screening/${orlov.id}/changes`);
    expect((await owner.get(`${BASE}/${orlov.id}/changes`)).json.entity.hasChanges).toBe(true);
    expect((await owner.get(`${BASE}/${orlov.id}/changes.pdf`)).status).toBe(200);
    expect((await entityOf(orlov.id)).hasChanges).toBe(true);
    expect((await owner.get(`${BASE}?changes=with`)).json.items.map((e: MonitoredEntityView) => e.id)).toEqual([orlov.id]);

    // Acknowledging is refused while the hit is open, and changes nothing.
    const refused = await owner.post(`${BASE}/${orlov.id}/acknowledge`);
    expect([refused.status, refused.json.error]).toEqual([409, "Decide the new hits first: the last check has hits nobody decided yet"]);
    expect((await entityOf(orlov.id)).hasChanges).toBe(true);

    await decideAll(latest, [article]);
    expect(await entityOf(orlov.id)).toMatchObject({ hasChanges: false, reviewStatus: "cleared", openHits: 0 });
  });

  test("the next check takes the decisions over: nothing is queued again and no alert is raised", async () => {
    await check();
    orlov = await entityOf(orlov.id);
    expect(orlov).toMatchObject({ hasChanges: false, reviewStatus: "cleared", openHits: 0 });
    const latest = await search(orlov.lastSearchId!);
    expect(latest.review.status).toBe("cleared");
    expect(latest.review.decisions.length).toBe(flaggedHits(latest).length);
    const queue = (await owner.get("/api/reviews?status=open&source=monitoring&limit=100")).json;
    expect(queue.items.map((i: any) => i.searchId)).not.toContain(latest.id);
  });

  test("a check with changes but nothing to decide is acknowledged by its owner (audited); another user gets 404", async () => {
    // OFAC delists the Orlovs (and lists two others): a change, with nothing new to decide.
    await importReviewList(app.db, [
      ...REVIEW_ENTRIES.filter((e) => !e.name.startsWith("ORLOV")),
      { id: 8104, name: "KOVALENKO, Ivan", type: "individual", program: "RUSSIA-EO14024" },
      { id: 8105, name: "NORTHWIND SHIPPING LTD", type: "entity", program: "IRAN" },
    ]);
    await check();
    orlov = await entityOf(orlov.id);
    expect(orlov).toMatchObject({ hasChanges: true, openHits: 0 });
    expect(orlov.changesSummary).toContain("no longer listed");
    expect((await other.post(`${BASE}/${orlov.id}/acknowledge`)).status).toBe(404);
    const res = await owner.post(`${BASE}/${orlov.id}/acknowledge`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: orlov.id, hasChanges: false });
    expect((await entityOf(orlov.id)).hasChanges).toBe(false);
    const again = await owner.post(`${BASE}/${orlov.id}/acknowledge`);
    expect([again.status, again.json.error]).toEqual([409, "This entity has no open alert"]);
    const audit = await app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, "monitoring.acknowledged"), eq(schema.auditLog.targetId, orlov.id)));
    expect(audit.length).toBe(1);
  });

  test("an administrator dismisses an open alert with a reason, kept as a dismissal note on the check; a user may not", async () => {
    news["Dmitri Orlov"] = [{ ...CHARGED, title: "Dmitri Orlov arrested over bribery", url: "https://news.example/orlov-arrested" }];
    await check();
    orlov = await entityOf(orlov.id);
    expect(orlov).toMatchObject({ hasChanges: true, openHits: 1 });

    const byOwner = await owner.post(`${BASE}/${orlov.id}/dismiss`, { reason: "Not relevant" });
    expect([byOwner.status, byOwner.json.error]).toEqual([403, "Dismissing an alert needs the administrator role"]);
    expect((await admin.post(`${BASE}/${orlov.id}/dismiss`, {})).json.error).toBe("reason is required");
    expect((await admin.post(`${BASE}/${crypto.randomUUID()}/dismiss`, { reason: "x" })).status).toBe(404);
    expect((await entityOf(orlov.id)).hasChanges).toBe(true);

    const res = await admin.post(`${BASE}/${orlov.id}/dismiss`, { reason: "Same matter as the case closed in March" });
    expect(res.status).toBe(200);
    expect(res.json.hasChanges).toBe(false);
    expect((await entityOf(orlov.id)).hasChanges).toBe(false);
    const notes = (await search(orlov.lastSearchId!)).review.notes;
    expect(notes.map((n: any) => [n.kind, n.text])).toEqual([["dismissal", "Same matter as the case closed in March"]]);
    // The check's report carries its review status and the dismissal among its case notes.
    const pdf = await fetch(`${app.url}/api/searches/${orlov.lastSearchId}/export/pdf`, {
      headers: { cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    expect(pdf.status).toBe(200);
    const file = join(mkdtempSync(join(tmpdir(), "dc-review-")), "check.pdf");
    writeFileSync(file, new Uint8Array(await pdf.arrayBuffer()));
    const text = Bun.spawnSync(["pdftotext", "-layout", file, "-"]).stdout.toString().replace(/\s+/g, " ");
    rmSync(dirname(file), { recursive: true, force: true });
    expect(text).toContain("Review status Needs review (Hits to decide: 1)");
    expect(text).toContain("Alert dismissed · Administrator");
    expect(text).toContain("Same matter as the case closed in March");
    const audit = await app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, "monitoring.dismissed"), eq(schema.auditLog.targetId, orlov.id)));
    expect(audit.map((a) => a.details)).toEqual([expect.objectContaining({ after: { hasChanges: false, reason: "Same matter as the case closed in March" } })]);
  });

  test("the table filters by risk level and review status", async () => {
    const items = async (query: string) => ((await owner.get(`${BASE}?${query}`)).json.items as MonitoredEntityView[]).map((e) => e.searchTerm);
    orlov = await entityOf(orlov.id);
    expect(orlov.riskLevel).not.toBe("low");
    expect(await items("review=needs_review")).toEqual(["Dmitri Orlov"]);
    expect(await items("review=open")).toEqual(["Dmitri Orlov"]);
    expect(await items("review=no_hits")).toEqual(["Quiet Meadowbrook"]);
    expect(await items("risk=low")).toEqual(["Quiet Meadowbrook"]);
    expect(await items(`risk=${orlov.riskLevel}`)).toEqual(["Dmitri Orlov"]);
    expect(await items(`risk=${orlov.riskLevel}&review=no_hits`)).toEqual([]);
    const total = (await owner.get(`${BASE}?risk=low`)).json;
    expect([total.total, total.counts.all]).toEqual([1, 2]);
    expect((await owner.get(`${BASE}?risk=severe`)).json.error).toBe("risk must be one of low, medium, high, critical");
    expect((await owner.get(`${BASE}?review=done`)).json.error).toBe("review must be one of no_hits, needs_review, cleared, confirmed, escalated, open");
  });
});
