/**
 * Monitored subjects with their details, over real HTTP against real checks (the app's worker screens each check
 * against a small OFAC list and a loopback news server; the scan runs on a manual clock):
 * - Add Entity (POST /api/monitoring/entities and /api/v1/monitoring/entities) takes birthDate, nationality,
 *   identifiers and customerRef, refuses bad ones with 400 and nothing added, the entity's view carries them back,
 *   and its check screens with them;
 * - a manual search's details carry over when it is auto-enrolled, and another spelling of the same subject (same
 *   normalised name and details) adds no second entry, while the same name with another birth date does;
 * - the spelling variants auto-enrolment made are listed and removed in one call, each removal audited, an entry
 *   added by hand never removed;
 * - a monitored customer whose hits were all cleared reads the level the decisions leave beside the screening's own.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { createApiKey } from "../../lib/auth/api-keys.ts";
import { manualClock } from "../../lib/clock.ts";
import { recordChecksOfSearch } from "../../lib/monitoring/check-result.ts";
import { runDueChecks } from "../../lib/monitoring/due-checks.ts";
import type { MonitoredEntityView } from "../../lib/monitoring/schemas.ts";
import { screeningService } from "../../server/screening/service.ts";
import { HttpClient } from "../../support/http-client.ts";
import { importReviewList } from "../fixtures/review-list.ts";
import { importPeps, keepOnlyDatasets } from "../fixtures/screening.ts";
import { createUser, signedIn, type TestApp } from "../helpers/app.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import type { GdeltArticle } from "../helpers/news-servers.ts";
import { startScreeningApp } from "../helpers/screening-app.ts";

const BASE = "/api/monitoring/entities";
const DAY = 86_400_000;
let clock = manualClock(new Date());
const ENV: Record<string, string> = {
  ...SCREENING_TEST_ENV,
  DUECHECK_NEWS_TIMEOUT_MS: "1000",
  DUECHECK_JOB_STOP_SECONDS: "2",
  DUECHECK_MONITORING_SCAN_SECONDS: "0",
};
const news: Record<string, GdeltArticle[]> = {};

let app: TestApp;
let stopApp: () => Promise<void>;
let owner: HttpClient;
let other: HttpClient;
let integrator: HttpClient;
let ownerId: string;

beforeAll(async () => {
  ({ app, stop: stopApp } = await startScreeningApp(news, ENV));
  await keepOnlyDatasets(app.db, ["us_ofac_sdn", "us_congress_peps"]);
  await importReviewList(app.db);
  await importPeps(app.db);
  owner = await signedIn(app, { email: "subjects@example.com", password: "subjects-password", fullName: "Sue Subjects", credits: 1000 });
  other = await signedIn(app, { email: "other-subjects@example.com", password: "other-password", credits: 1000 });
  const [row] = await app.db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, "subjects@example.com"));
  ownerId = row.id;
  const keyOwner = await createUser(app.db, { email: "subjects-api@example.com", password: "subjects-api-password", credits: 100 });
  integrator = new HttpClient(app.url, {
    authorization: `Bearer ${(await createApiKey(app.db, keyOwner.id, "Monitoring", { scopes: ["screen", "read", "monitor"] })).key}`,
  });
});
afterAll(() => stopApp());

const entities = async (client = owner): Promise<MonitoredEntityView[]> => (await client.get(`${BASE}?limit=100`)).json.items;
const entityOf = async (id: string) => (await entities()).find((e) => e.id === id)!;

/** One scan on the test's clock: the due checks start, the app's worker screens them, and they are recorded. */
async function check(): Promise<string[]> {
  const scan = await runDueChecks({ db: app.db, queue: screeningService(app.server.database).queue, clock });
  for (const searchId of scan.searchIds) {
    // Some checks are another user's (the API key's owner): their end is read from the database.
    for (let tries = 0; tries < 300; tries++) {
      const [row] = await app.db.select({ status: schema.searches.status }).from(schema.searches).where(eq(schema.searches.id, searchId));
      if (row.status === "completed" || row.status === "failed") break;
      await Bun.sleep(100);
    }
    await recordChecksOfSearch(app.db, searchId, { clock });
  }
  clock.advance(DAY);
  return scan.searchIds;
}

/** The PDF's words as pdftotext reads them, spaces collapsed. */
async function pdfText(path: string): Promise<string> {
  const cookie = [...owner.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const res = await fetch(`${app.url}${path}`, { headers: { cookie } });
  expect(res.status).toBe(200);
  const dir = mkdtempSync(join(tmpdir(), "dc-monitoring-subjects-"));
  try {
    writeFileSync(join(dir, "c.pdf"), new Uint8Array(await res.arrayBuffer()));
    return Bun.spawnSync(["pdftotext", "-layout", join(dir, "c.pdf"), "-"])
      .stdout.toString()
      .replace(/\s+/g, " ");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("Add Entity takes the subject's details", () => {
  let added: MonitoredEntityView;

  test("birthDate, nationality, identifiers and customerRef are kept and shown", async () => {
    const res = await owner.post(BASE, {
      searchTerm: "Dmitri Orlov",
      entityType: "person",
      birthDate: "1961-04-03",
      nationality: "ru",
      identifiers: [{ kind: "passport", value: "7712345" }],
      customerRef: "CUST-0042",
    });
    expect(res.status).toBe(201);
    added = res.json;
    expect(added).toMatchObject({
      searchTerm: "Dmitri Orlov",
      birthDate: "1961-04-03",
      nationality: "RU",
      identifiers: [{ kind: "passport", value: "7712345" }],
      customerRef: "CUST-0042",
    });
    expect(await entityOf(added.id)).toMatchObject({ birthDate: "1961-04-03", nationality: "RU", customerRef: "CUST-0042" });
  });

  test("bad details are refused with the search form's words, and nothing is added", async () => {
    const before = (await entities()).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ birthDate: "3 April 1961" }, "Birth date must be a year (1956) or a date (1956-03-04)"],
      [{ nationality: "XX" }, "Nationality must be a two-letter ISO 3166 code, such as DE or US"],
      [{ identifiers: [{ kind: "passport", value: "12" }] }, "Passport number must have at least 5 letters or digits, one of them a digit"],
      [{ customerRef: "x".repeat(101) }, "customerRef"],
      [{ birth_date: "1961" }, "Unknown field: birth_date"],
    ];
    for (const [fields, message] of cases) {
      const res = await owner.post(BASE, { searchTerm: "Refused Subject", entityType: "person", ...fields });
      expect(res.status).toBe(400);
      expect(res.json.error).toContain(message);
    }
    expect((await entities()).length).toBe(before);
  });

  test("the same subject under another spelling is refused; the same name with other details is another subject", async () => {
    const variant = await owner.post(BASE, {
      searchTerm: "DMITRI  ORLOV.",
      entityType: "person",
      birthDate: "1961-04-03",
      nationality: "RU",
      identifiers: [{ kind: "passport", value: "77 12345" }],
    });
    expect([variant.status, variant.json.error]).toEqual([409, "This subject is already monitored under another spelling of its name"]);
    const sameName = await owner.post(BASE, {
      searchTerm: "dmitri orlov",
      entityType: "person",
      birthDate: "1961-04-03",
      nationality: "RU",
      identifiers: [{ kind: "passport", value: "7712345" }],
    });
    expect([sameName.status, sameName.json.error]).toEqual([409, "This name is already monitored"]);
    // A namesake born in another year is another person: monitored beside the first, then refused a second time.
    const namesake = await owner.post(BASE, { searchTerm: "Dmitri Orlov", entityType: "person", birthDate: "1990" });
    expect(namesake.status).toBe(201);
    expect(await entityOf(namesake.json.id)).toMatchObject({ searchTerm: "Dmitri Orlov", birthDate: "1990" });
    const again = await owner.post(BASE, { searchTerm: "DMITRI ORLOV", entityType: "person", birthDate: "1990" });
    expect([again.status, again.json.error]).toEqual([409, "This name is already monitored"]);
    expect((await entities()).filter((e) => e.searchTerm.toLowerCase() === "dmitri orlov")).toHaveLength(2);
  });

  test("the public API takes them too", async () => {
    const res = await integrator.post("/api/v1/monitoring/entities", {
      searchTerm: "Daria Orlova",
      entityType: "person",
      birthDate: "1979",
      nationality: "RU",
      customerRef: "API-7",
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ birthDate: "1979", nationality: "RU", identifiers: [], customerRef: "API-7" });
    const listed = (await integrator.get("/api/v1/monitoring/entities")).json.items;
    expect(listed.find((e: MonitoredEntityView) => e.id === res.json.id)).toMatchObject({ birthDate: "1979", customerRef: "API-7" });
  });

  test("its check screens with the details, and a cleared customer reads the level the decisions leave", async () => {
    clock = manualClock(new Date(Date.now() + 1000));
    const started = await check();
    const checked = await entityOf(added.id);
    expect(started).toContain(checked.lastSearchId!);
    const search = (await owner.get(`/api/searches/${checked.lastSearchId}`)).json;
    expect(search.details).toEqual({ birthDate: "1961-04-03", nationality: "RU", identifiers: [{ kind: "passport", value: "7712345" }] });
    const [stored] = await app.db.select({ customerRef: schema.searches.customerRef }).from(schema.searches).where(eq(schema.searches.id, search.id));
    expect(stored.customerRef).toBe("CUST-0042");
    // The listed Dmitri Orlov agrees on the birth date: a critical match until a reviewer says otherwise.
    expect(checked.riskLevel).toBe("critical");
    expect(checked.reviewedRiskLevel).toBe("critical");

    const hits = [
      ...search.results.sanctionsList.flatMap((row: any) => row.hits),
      ...search.results.pepListings,
      ...search.results.adverseMedia.filter((m: any) => m.isNegative),
    ];
    expect(hits.length).toBeGreaterThan(0);
    // One hit decided: the match is still there.
    const [first, ...rest] = hits;
    const decide = (hitId: string) =>
      owner.post(`/api/searches/${search.id}/decisions`, { hitId, decision: "false_positive", reason: "other", text: "Another person: customer file checked" });
    expect((await decide(first.hitId)).status).toBe(201);
    if (rest.length > 0) expect((await entityOf(added.id)).reviewedRiskLevel).not.toBe("low");
    for (const hit of rest) expect((await decide(hit.hitId)).status).toBe(201);

    const cleared = await entityOf(added.id);
    expect(cleared).toMatchObject({ reviewStatus: "cleared", riskLevel: "critical", reviewedRiskLevel: "low", openHits: 0 });
    // The screening's own level is unchanged on the search itself.
    expect((await owner.get(`/api/searches/${search.id}`)).json.riskLevel).toBe("critical");
    // The entry's report says both, with the customer's reference.
    const pdf = await pdfText(`${BASE}/${added.id}/changes.pdf`);
    expect(pdf).toContain("Risk after review Low Risk (screened: Critical Risk)");
    expect(pdf).toContain("Customer reference CUST-0042");
  });

  test("a hit confirmed as a true match keeps the level", async () => {
    const res = await owner.post(BASE, { searchTerm: "Daria Orlova", entityType: "person", birthDate: "1979" });
    expect(res.status).toBe(201);
    await check();
    const checked = await entityOf(res.json.id);
    expect(checked.riskLevel).not.toBe("low");
    const search = (await owner.get(`/api/searches/${checked.lastSearchId}`)).json;
    const hit = search.results.sanctionsList.flatMap((row: any) => row.hits)[0];
    const confirmed = await owner.post(`/api/searches/${search.id}/decisions`, { hitId: hit.hitId, decision: "true_match", reason: "confirmed_identity" });
    expect(confirmed.status).toBe(201);
    const after = await entityOf(res.json.id);
    expect(after.reviewedRiskLevel).toBe(checked.riskLevel);
  });
});

describe("auto-enrolment", () => {
  const searchAndWait = async (body: Record<string, unknown>) => {
    const res = await owner.post("/api/searches", { entityType: "person", ...body });
    expect(res.status).toBe(201);
    const id = res.json.id ?? res.json.searchId;
    await owner.get(`/api/searches/${id}?wait=30`);
    return id as string;
  };

  test("a search's details carry over, and another spelling of the same subject adds no second entry", async () => {
    const details = { birthDate: "1968-01-02", nationality: "RU", identifiers: [{ kind: "passport", value: "AB123456" }] };
    const first = await searchAndWait({ searchTerm: "Oleg Deripaska", details });
    const enrolled = (await entities()).filter((e) => e.source === "search" && e.searchTerm.toLowerCase().includes("deripaska"));
    expect(enrolled).toHaveLength(1);
    expect(enrolled[0]).toMatchObject({ searchTerm: "Oleg Deripaska", birthDate: "1968-01-02", nationality: "RU", identifiers: details.identifiers });
    expect(enrolled[0].lastSearchId).toBe(first);

    await searchAndWait({ searchTerm: "OLEG  DERIPASKA.", details: { ...details, identifiers: [{ kind: "passport", value: "ab 123456" }] } });
    await searchAndWait({ searchTerm: "Olég Deripaska", details });
    expect((await entities()).filter((e) => e.searchTerm.toLowerCase().includes("deripaska"))).toHaveLength(1);

    // Another birth date is another person: a second entry.
    await searchAndWait({ searchTerm: "Oleg Deripaska Jr", details: { birthDate: "1995" } });
    await searchAndWait({ searchTerm: "Olég  Deripaska-Jr", details: { birthDate: "1995" } });
    expect((await entities()).filter((e) => e.searchTerm.toLowerCase().includes("deripaska"))).toHaveLength(2);
    // The very same name with another birth date, too.
    await searchAndWait({ searchTerm: "Oleg Deripaska", details: { birthDate: "1931" } });
    const sameName = (await entities()).filter((e) => e.searchTerm === "Oleg Deripaska");
    expect(sameName.map((e) => e.birthDate).sort()).toEqual(["1931", "1968-01-02"]);
  });
});

describe("spelling variants are removed in one action", () => {
  test("listed with the entry kept, removed together, each audited; a hand-added entry and other subjects stay", async () => {
    const [org] = await app.db.select({ organisationId: schema.users.organisationId }).from(schema.users).where(eq(schema.users.id, ownerId));
    const add = async (searchTerm: string, source: "manual" | "search", minutesAgo: number, details?: { birthDate: string }) => {
      const [row] = await app.db
        .insert(schema.monitoredEntities)
        .values({
          userId: ownerId,
          organisationId: org.organisationId!,
          searchTerm,
          entityType: "person",
          source,
          details: details ?? null,
          nextCheck: new Date(Date.now() + DAY),
          createdAt: new Date(Date.now() - minutesAgo * 60_000),
        })
        .returning();
      return row.id;
    };
    // As auto-enrolment made them before it compared subjects: one name spelt four ways, one typed by hand.
    const kept = await add("Viktor Vekselberg", "manual", 50);
    const reordered = await add("VEKSELBERG, Viktor", "search", 40);
    const typo = await add("Viktor Vekselburg", "search", 30);
    const typoOfTypo = await add("Viktr Vekselburg", "search", 20);
    const otherPerson = await add("Viktor Vekselberg Jr", "search", 10, { birthDate: "1990" });
    const unrelated = await add("Anna Vekselova", "search", 5);
    const handAddedVariant = await add("Vekselberg Viktor", "manual", 4);

    const listed = await owner.get("/api/monitoring/variants");
    expect(listed.status).toBe(200);
    const group = listed.json.groups.find((g: any) => g.kept.id === kept);
    expect(group.variants.map((v: any) => v.id).sort()).toEqual([reordered, typo, typoOfTypo].sort());
    expect(listed.json.groups.flatMap((g: any) => g.variants.map((v: any) => v.id))).not.toContain(handAddedVariant);
    // Another user sees none of them and removes none of them.
    expect((await other.get("/api/monitoring/variants")).json).toEqual({ groups: [], count: 0 });
    expect((await other.request("DELETE", "/api/monitoring/variants")).json.count).toBe(0);

    const removed = await owner.request("DELETE", "/api/monitoring/variants");
    expect(removed.status).toBe(200);
    expect(removed.json.count).toBe(listed.json.count);
    const left = (await entities()).map((e) => e.id);
    for (const id of [reordered, typo, typoOfTypo]) expect(left).not.toContain(id);
    for (const id of [kept, otherPerson, unrelated, handAddedVariant]) expect(left).toContain(id);

    const audit = await app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, "monitoring.removed"), eq(schema.auditLog.targetId, typo)));
    expect(audit).toHaveLength(1);
    expect(audit[0].details).toMatchObject({ searchTerm: "Viktor Vekselburg", spellingVariantOf: { id: kept, searchTerm: "Viktor Vekselberg" } });

    expect((await owner.get("/api/monitoring/variants")).json).toEqual({ groups: [], count: 0 });
  });
});
