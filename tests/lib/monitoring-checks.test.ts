import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq, inArray } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { createBatchJob } from "../../lib/batch/batch-jobs.ts";
import { manualClock } from "../../lib/clock.ts";
import { changeCredits } from "../../lib/credits/ledger.ts";
import type { JobQueue } from "../../lib/jobs/queue.ts";
import { acknowledgeAlert, DECIDE_HITS_FIRST, dismissAlert } from "../../lib/monitoring/alerts.ts";
import { recordChecksOfSearch } from "../../lib/monitoring/check-result.ts";
import { matchListUpdates, runDueChecks, type ScanOutcome } from "../../lib/monitoring/due-checks.ts";
import { addMonitoredEntity } from "../../lib/monitoring/entities.ts";
import { startMonitoringScheduler } from "../../lib/monitoring/scheduler.ts";
import type { MonitoringChanges } from "../../lib/monitoring/schemas.ts";
import { suspendOrganisation, unsuspendOrganisation } from "../../lib/organisations/suspend.ts";
import { memberOf } from "../../lib/review/access.ts";
import { importDatasetFiles } from "../../lib/sanctions/datasets/import.ts";
import { openSearchQueue } from "../../lib/screening/search-queue.ts";
import { createSearch } from "../../lib/screening/searches.ts";
import { defineWebhookQueue } from "../../lib/webhooks/delivery-queue.ts";
import { createWebhook } from "../../lib/webhooks/webhooks.ts";
import { sdnFilesWith } from "../../support/ofac-sdn.ts";
import { checkResults, type ResultsInput } from "../fixtures/monitoring.ts";
import {
  FakeNews,
  importSdn,
  keepOnlyDatasets,
  ledgerOf,
  openScreeningDb,
  pipelineDeps,
  type ScreeningDb,
  startSearchWorker,
  TEST_JOB_SETTINGS,
} from "../fixtures/screening.ts";
import { createUser } from "../helpers/app.ts";
import { balanceOf, organisationOfUser } from "../helpers/credits.ts";
import { TEST_INSTANCE_KEY } from "../helpers/instance-key.ts";

/**
 * Due checks on a real database: claimed once however many processes scan, charged the automated cost through the
 * ledger (or waiting for credits, charged nothing), the end of a check recorded with its changes, and auto-add.
 * Time moves through a manual clock.
 */
let s: ScreeningDb;
let otherProcess: JobQueue;
const m = schema.monitoredEntities;
const T0 = new Date("2026-06-01T08:00:00.000Z");
const DAY = 86_400_000;

beforeAll(async () => {
  // The queue runs no search jobs: a check's search stays queued unless a test works it.
  s = await openScreeningDb({ concurrency: 0 });
  otherProcess = await openSearchQueue(s.database, { ...TEST_JOB_SETTINGS, concurrency: 0 });
  await keepOnlyDatasets(s.db, ["us_ofac_sdn"]);
  await importSdn(s.db);
});
afterAll(async () => {
  await otherProcess.stop();
  await s.close();
});

const entityRow = async (id: string) => (await s.db.select().from(m).where(eq(m.id, id)))[0];
const automatedSearches = (userId: string) =>
  s.db
    .select()
    .from(schema.searches)
    .where(and(eq(schema.searches.userId, userId), eq(schema.searches.isAutomated, true)));
/** Checks a scan started for this user (the scans also find other tests' entities due). */
async function startedFor(userId: string, scan: Promise<ScanOutcome | null> | ScanOutcome | null) {
  const { searchIds = [] } = (await scan) ?? {};
  if (searchIds.length === 0) return 0;
  const rows = await s.db
    .select({ id: schema.searches.id })
    .from(schema.searches)
    .where(and(inArray(schema.searches.id, searchIds), eq(schema.searches.userId, userId)));
  return rows.length;
}
const add = (userId: string, searchTerm: string, clock = manualClock(T0), frequency: "daily" | "weekly" | "monthly" = "daily") =>
  addMonitoredEntity(s.db, userId, { searchTerm, entityType: "person", frequency }, clock);

describe("due checks", () => {
  test("two processes scanning the same due entity at once start one check, charged once; the next is due a day later", async () => {
    const user = await createUser(s.db, { email: "claim@example.com", password: "password-1", credits: 10 });
    const clock = manualClock(T0);
    const entity = await add(user.id, "Rustam Karimov", clock);
    expect(entity.nextCheck).toEqual(T0);

    const [a, b] = await Promise.all([runDueChecks({ db: s.db, queue: s.queue, clock }), runDueChecks({ db: s.db, queue: otherProcess, clock })]);
    expect((await startedFor(user.id, a)) + (await startedFor(user.id, b))).toBe(1);
    const searches = await automatedSearches(user.id);
    expect(searches.length).toBe(1);
    expect(searches[0]).toMatchObject({ searchTerm: "Rustam Karimov", entityType: "person", isAutomated: true, creditsUsed: 1, status: "pending" });
    const ledger = await ledgerOf(s.db, user.id);
    expect(ledger.map((t) => [t.type, t.amount, t.searchId])).toEqual([["automatic_search", -1, searches[0].id]]);
    expect(await balanceOf(s.db, user.id)).toBe(9);
    expect(await s.queue.jobState("screening-search", searches[0].id)).toBe("created");
    const after = await entityRow(entity.id);
    expect(after.nextCheck).toEqual(new Date(T0.getTime() + DAY));
    expect(after.lastSearchId).toBe(searches[0].id);

    // Scanning again at the same time finds nothing due; a day later the next check starts.
    expect(await startedFor(user.id, runDueChecks({ db: s.db, queue: otherProcess, clock }))).toBe(0);
    clock.advance(DAY);
    expect(await startedFor(user.id, runDueChecks({ db: s.db, queue: s.queue, clock }))).toBe(1);
    expect((await entityRow(entity.id)).nextCheck).toEqual(new Date(T0.getTime() + 2 * DAY));
    expect((await automatedSearches(user.id)).length).toBe(2);
    expect(await balanceOf(s.db, user.id)).toBe(8);
  });

  test("weekly and monthly entities are checked at their own frequency; a paused one is not checked", async () => {
    const user = await createUser(s.db, { email: "freq@example.com", password: "password-1", credits: 10 });
    const clock = manualClock("2026-01-31T10:00:00.000Z");
    const weekly = await add(user.id, "Weekly Person", clock, "weekly");
    const monthly = await add(user.id, "Monthly Person", clock, "monthly");
    const paused = await add(user.id, "Paused Person", clock);
    await s.db.update(m).set({ status: "paused" }).where(eq(m.id, paused.id));
    await runDueChecks({ db: s.db, queue: s.queue, clock });
    expect((await entityRow(weekly.id)).nextCheck).toEqual(new Date("2026-02-07T10:00:00.000Z"));
    expect((await entityRow(monthly.id)).nextCheck).toEqual(new Date("2026-02-28T10:00:00.000Z"));
    expect((await entityRow(paused.id)).lastSearchId).toBeNull();
    expect((await automatedSearches(user.id)).map((r) => r.searchTerm).sort()).toEqual(["Monthly Person", "Weekly Person"]);
  });

  test("an owner who cannot pay: nothing charged or created, 'waiting for credits' at every scan; once credits arrive the check runs, charged once", async () => {
    const user = await createUser(s.db, { email: "broke@example.com", password: "password-1", credits: 0 });
    const clock = manualClock(T0);
    const entity = await add(user.id, "Broke Subject", clock);
    for (let i = 0; i < 2; i++) {
      expect(await startedFor(user.id, runDueChecks({ db: s.db, queue: s.queue, clock }))).toBe(0);
      expect((await entityRow(entity.id)).waitingFor).toBe("credits");
      clock.advance(60_000);
    }
    expect(await automatedSearches(user.id)).toEqual([]);
    expect(await ledgerOf(s.db, user.id)).toEqual([]);
    expect((await entityRow(entity.id)).nextCheck).toEqual(T0);

    await changeCredits(s.db, { userId: user.id, type: "admin_credit", amount: 3 });
    expect(await startedFor(user.id, runDueChecks({ db: s.db, queue: s.queue, clock }))).toBe(1);
    const row = await entityRow(entity.id);
    expect(row.waitingFor).toBeNull();
    expect(row.nextCheck).toEqual(new Date(T0.getTime() + DAY));
    expect((await ledgerOf(s.db, user.id)).map((t) => [t.type, t.amount])).toEqual([["automatic_search", -1]]);
    expect(await balanceOf(s.db, user.id)).toBe(2);
    expect(await startedFor(user.id, runDueChecks({ db: s.db, queue: s.queue, clock }))).toBe(0);
  });

  test("an administrator's checks are not charged", async () => {
    const admin = await createUser(s.db, { email: "admin-monitor@example.com", password: "password-1", role: "admin", credits: 0 });
    const clock = manualClock(T0);
    await add(admin.id, "Admin Subject", clock);
    expect(await startedFor(admin.id, runDueChecks({ db: s.db, queue: s.queue, clock }))).toBe(1);
    expect((await automatedSearches(admin.id))[0].creditsUsed).toBe(0);
    expect(await balanceOf(s.db, admin.id)).toBe(0);
  });
});

describe("the end of a check", () => {
  /** What a worker writes when it ends a search. */
  const finish = (searchId: string, input: ResultsInput) =>
    s.db
      .update(schema.searches)
      .set({ status: "completed", results: checkResults(input), riskLevel: input.level ?? "low", updatedAt: new Date() })
      .where(eq(schema.searches.id, searchId));

  test("the first check is the baseline; later ones compare with the last complete check; changes summarised in the owner's language; a failed source is no change", async () => {
    const user = await createUser(s.db, { email: "changes@example.com", password: "password-1", credits: 20 });
    await s.db.update(schema.users).set({ reportLanguage: "de" }).where(eq(schema.users.id, user.id));
    const clock = manualClock(T0);
    const entity = await add(user.id, "Changing Person", clock);
    // The owner's webhook for monitoring.changed gets one delivery per check that changed something.
    await defineWebhookQueue(s.queue);
    const hook = await createWebhook(s.db, user.id, { url: "https://hooks.example/duecheck", events: ["monitoring.changed"] }, TEST_INSTANCE_KEY);
    const deliveries = () => s.db.select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.webhookId, hook.id));
    const check = async (input: ResultsInput) => {
      await runDueChecks({ db: s.db, queue: s.queue, clock });
      const searchId = (await entityRow(entity.id)).lastSearchId!;
      await finish(searchId, input);
      clock.advance(DAY);
      const recorded = await recordChecksOfSearch(s.db, searchId, { clock, queue: s.queue });
      expect(recorded.length).toBe(1);
      // Recorded once: a second call (the scan after the worker) does nothing.
      expect(await recordChecksOfSearch(s.db, searchId, { clock, queue: s.queue })).toEqual([]);
      return { searchId, row: await entityRow(entity.id) };
    };

    const first = await check({});
    expect(first.row).toMatchObject({ hasChanges: false, changes: null, lastSearchId: first.searchId, previousSearchId: null });
    expect(first.row.lastChecked).not.toBeNull();

    const second = await check({ matches: [["us_ofac_sdn", "ofac-1", "Changing PERSON"]], media: [{ url: "https://n.example/fraud" }], level: "critical" });
    expect(second.row.hasChanges).toBe(true);
    expect(second.row.previousSearchId).toBe(first.searchId);
    const changes = second.row.changes as MonitoringChanges;
    expect(changes).toMatchObject({
      previousSearchId: first.searchId,
      searchId: second.searchId,
      riskBefore: "low",
      riskAfter: "critical",
      removedMatches: [],
      notChecked: [],
      trigger: "schedule",
    });
    expect(changes.addedMatches.map((x) => x.entityId)).toEqual(["ofac-1"]);
    expect(changes.newMedia.map((x) => x.url)).toEqual(["https://n.example/fraud"]);
    expect(second.row.changesSummary).toBe(
      "1 neuer Sanktionstreffer; Risikostufe von niedrig auf kritisch geändert; 1 neuer negativer oder PEP-Befund in Medien und PEP-Listen",
    );
    expect(second.row.changedAt).toEqual(clock.now());
    const [delivery] = await deliveries();
    expect(delivery).toMatchObject({ event: "monitoring.changed", status: "pending" });
    expect(delivery.payload).toMatchObject({ entity: { id: entity.id, hasChanges: true }, changes: { searchId: second.searchId } });

    // Its new match and article are hits to decide: the owner cannot just acknowledge the alert.
    const [checked] = await s.db.select().from(schema.searches).where(eq(schema.searches.id, second.searchId));
    expect([checked.reviewStatus, checked.openHits]).toEqual(["needs_review", 2]);
    const owner = { ...memberOf(user), kind: "user" as const };
    await expect(acknowledgeAlert(s.db, owner, entity.id)).rejects.toThrow(DECIDE_HITS_FIRST);

    // Then OFAC cannot be checked: no change, and the alert raised before stays open (it is not decided yet).
    const third = await check({ failed: [{ source: "us_ofac_sdn", kind: "sanctions" }], media: [{ url: "https://n.example/fraud" }], level: "medium" });
    expect(third.row.hasChanges).toBe(true);
    expect((third.row.changes as MonitoringChanges).searchId).toBe(second.searchId);
    // An administrator closes it.
    const admin = await createUser(s.db, { email: "changes-admin@example.com", password: "password-1", role: "admin" });
    await dismissAlert(s.db, { ...memberOf(admin), kind: "admin" }, entity.id, "Known matter, handled offline");
    expect((await entityRow(entity.id)).hasChanges).toBe(false);

    // The next complete check is compared with the last complete one (the second), not the partial third: the match is no news.
    const fourth = await check({ matches: [["us_ofac_sdn", "ofac-1", "Changing PERSON"]], media: [{ url: "https://n.example/fraud" }], level: "critical" });
    expect(fourth.row.previousSearchId).toBe(second.searchId);
    expect(fourth.row.hasChanges).toBe(false);
    expect((await deliveries()).length).toBe(1);
  });

  test("a server's scheduler records the check as soon as its worker ends the search", async () => {
    const user = await createUser(s.db, { email: "worker@example.com", password: "password-1", credits: 5 });
    // Due before every other test's entity, and the only one due at this clock.
    const clock = manualClock("2025-01-01T00:00:00.000Z");
    const entity = await add(user.id, "Rustam Karimov", clock);
    const worker = await startSearchWorker(s, pipelineDeps(s.db, [new FakeNews()]));
    const scheduler = startMonitoringScheduler({ db: s.db, queue: worker, clock }, { scanSeconds: 0 });
    try {
      expect(await startedFor(user.id, scheduler.scan())).toBe(1);
      const deadline = Date.now() + 30_000;
      let row = await entityRow(entity.id);
      while (!row.lastChecked && Date.now() < deadline) {
        await Bun.sleep(100);
        row = await entityRow(entity.id);
      }
      const [search] = await s.db.select().from(schema.searches).where(eq(schema.searches.id, row.lastSearchId!));
      expect(search.status).toBe("completed");
      expect(row.lastChecked).toEqual(search.updatedAt);
      expect(row.hasChanges).toBe(false);
    } finally {
      await scheduler.stop();
      await worker.stop();
    }
  });
});

describe("a list update", () => {
  test("an entity whose last check predates the new version and lacks its match is made due now; one checked since is left alone", async () => {
    const user = await createUser(s.db, { email: "listupdate@example.com", password: "password-1", credits: 10 });
    const other = await createUser(s.db, { email: "listupdate2@example.com", password: "password-1", credits: 10 });
    const clock = manualClock(new Date());
    const checkedAt = async (userId: string, at: Date) => {
      const [search] = await s.db
        .insert(schema.searches)
        .values({
          userId,
          organisationId: organisationOfUser(userId),
          searchTerm: "Maria Quorvath",
          status: "completed",
          results: checkResults(),
          isAutomated: true,
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      const entity = await add(userId, "Maria Quorvath", manualClock(new Date(Date.now() + 7 * DAY)));
      await s.db.update(m).set({ lastSearchId: search.id, lastChecked: at }).where(eq(m.id, entity.id));
      return entity.id;
    };
    const before = await checkedAt(user.id, new Date(Date.now() - DAY));
    const files = Object.entries(sdnFilesWith([{ id: 7001, name: "QUORVATH, Maria", type: "individual", program: "SDGT" }])).map(([name, content]) => ({
      name,
      content: new TextEncoder().encode(content),
      sourceUrl: null,
      etag: null,
      lastModified: null,
    }));
    expect((await importDatasetFiles(s.db, "us_ofac_sdn", files, { actor: { kind: "system" }, timeoutMs: 10_000 })).status).toBe("success");
    const after = await checkedAt(other.id, new Date(Date.now() + 1000));

    expect(await matchListUpdates(s.db, clock)).toBe(1);
    expect(await entityRow(before)).toMatchObject({ checkTrigger: "list_update", nextCheck: clock.now() });
    expect((await entityRow(after)).checkTrigger).toBeNull();
    // Matched once: a second scan finds nothing new.
    expect(await matchListUpdates(s.db, clock)).toBe(0);
  });
});

describe("auto-add", () => {
  const monitored = (userId: string) => s.db.select().from(m).where(eq(m.userId, userId));

  test("a manual search's subject is monitored daily, once per name (any case) and type, its search the first check", async () => {
    const user = await createUser(s.db, { email: "auto@example.com", password: "password-1", credits: 100 });
    const ctx = { db: s.db, queue: s.queue };
    const search = await createSearch(ctx, { userId: user.id, searchTerm: "Ada Lovelace", entityType: "person", country: "GB" });
    await createSearch(ctx, { userId: user.id, searchTerm: "ADA LOVELACE", entityType: "person" });
    await createSearch(ctx, { userId: user.id, searchTerm: "Ada Lovelace", entityType: "company" });
    const rows = await monitored(user.id);
    expect(rows.map((r) => [r.searchTerm, r.entityType]).sort()).toEqual([
      ["Ada Lovelace", "company"],
      ["Ada Lovelace", "person"],
    ]);
    const person = rows.find((r) => r.entityType === "person")!;
    expect(person).toMatchObject({ frequency: "daily", status: "active", source: "search", sourceSearchId: search.id, lastSearchId: search.id, country: "GB" });
    expect(person.nextCheck!.getTime()).toBeGreaterThan(Date.now() + DAY - 3_600_000);
  });

  test("a search's details go with its subject: every check screens the same birth date, nationality and identifiers", async () => {
    const user = await createUser(s.db, { email: "auto-details@example.com", password: "password-1", credits: 100 });
    const ctx = { db: s.db, queue: s.queue };
    const details = { birthDate: "1968-03-14", nationality: "UZ", identifiers: [{ kind: "passport" as const, value: "AB1234567" }] };
    await createSearch(ctx, { userId: user.id, searchTerm: "Grace Hopper", entityType: "person", details });
    const [entry] = await monitored(user.id);
    expect(entry.details).toEqual(details);

    const clock = manualClock(new Date(entry.nextCheck!.getTime() + 1000));
    expect(await startedFor(user.id, runDueChecks({ db: s.db, queue: s.queue, clock }))).toBe(1);
    const [check] = await automatedSearches(user.id);
    expect(check).toMatchObject({ searchTerm: "Grace Hopper", details });
  });

  test("not for automated searches, batch rows, nor when the owner turned it off", async () => {
    const user = await createUser(s.db, { email: "noauto@example.com", password: "password-1", credits: 100 });
    const ctx = { db: s.db, queue: s.queue };
    await createSearch(ctx, { userId: user.id, searchTerm: "Automated Only", entityType: "person", isAutomated: true });
    await createBatchJob(ctx, { userId: user.id, name: "Batch", entities: [{ searchTerm: "Batch Row", entityType: "person", language: "en", numLinks: 10 }] });
    expect(await monitored(user.id)).toEqual([]);

    await s.db.update(schema.users).set({ autoMonitorSearches: false }).where(eq(schema.users.id, user.id));
    await createSearch(ctx, { userId: user.id, searchTerm: "Manual But Off", entityType: "person" });
    expect(await monitored(user.id)).toEqual([]);
  });
});

describe("a suspended organisation", () => {
  const OPERATOR = { kind: "cli", id: null } as const;

  test("its entities wait, claimed and charged nothing; unsuspended, the overdue check runs once and the schedule goes on", async () => {
    const user = await createUser(s.db, { email: "suspended@example.com", password: "password-1", credits: 10 });
    const clock = manualClock(T0);
    const entity = await add(user.id, "Rustam Karimov", clock);
    const [{ organisationId }] = await s.db.select({ organisationId: schema.users.organisationId }).from(schema.users).where(eq(schema.users.id, user.id));
    await suspendOrganisation(s.db, OPERATOR, organisationId);

    clock.advance(3 * DAY);
    expect(await startedFor(user.id, runDueChecks({ db: s.db, queue: s.queue, clock }))).toBe(0);
    expect(await automatedSearches(user.id)).toEqual([]);
    expect(await balanceOf(s.db, user.id)).toBe(10);
    // Still due as it was: nothing skipped, nothing moved on.
    expect(await entityRow(entity.id)).toMatchObject({ status: "active", nextCheck: T0, waitingFor: null });

    await unsuspendOrganisation(s.db, OPERATOR, organisationId);
    expect(await startedFor(user.id, runDueChecks({ db: s.db, queue: s.queue, clock }))).toBe(1);
    expect(await balanceOf(s.db, user.id)).toBe(9);
    expect((await entityRow(entity.id)).nextCheck!.getTime()).toBeGreaterThan(clock.now().getTime());
    expect(await startedFor(user.id, runDueChecks({ db: s.db, queue: s.queue, clock }))).toBe(0);
  });
});
