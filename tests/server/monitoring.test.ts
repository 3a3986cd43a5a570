/**
 * The monitoring calls over real HTTP: add, list by tab with counts, pause and resume,
 * delete, the changes (report URL, JSON, PDF read back with pdftotext), owner only, validation messages; auto-add
 * from a manual search and its profile setting.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { compareChecks } from "../../lib/monitoring/compare-checks.ts";
import type { MonitoredEntityView, MonitoringChanges } from "../../lib/monitoring/schemas.ts";
import { HttpClient } from "../../support/http-client.ts";
import { checkResults } from "../fixtures/monitoring.ts";
import { signedIn, startApp, type TestApp } from "../helpers/app.ts";
import { SCREENING_TEST_ENV, setEnv } from "../helpers/env.ts";

let app: TestApp;
let analyst: HttpClient;
let other: HttpClient;
let restoreEnv: () => void = () => {};
const BASE = "/api/monitoring/entities";

beforeAll(async () => {
  // No scheduled scan: this file checks the calls; the checks themselves are tested in tests/lib/monitoring-checks.
  restoreEnv = setEnv({ ...SCREENING_TEST_ENV, DUECHECK_NEWS_PROVIDERS: "none", DUECHECK_MONITORING_SCAN_SECONDS: "0" });
  app = await startApp();
  analyst = await signedIn(app, { email: "analyst@example.com", password: "analyst-password", fullName: "Ana Lyst", credits: 1000 });
  other = await signedIn(app, { email: "other@example.com", password: "other-password", credits: 1000 });
});
afterAll(async () => {
  await app.stop();
  restoreEnv();
});

/** What a check that found changes leaves on the entity (as lib/monitoring/check-result.ts writes it). */
async function flagChanges(id: string) {
  const compared = compareChecks(
    checkResults({ level: "low" }),
    checkResults({
      matches: [["us_ofac_sdn", "ofac-7", "Karimov, Rustam Alievich"]],
      media: [{ url: "https://news.example/fraud", title: "Karimov charged with fraud" }],
      level: "critical",
      failed: [{ source: "Google News", kind: "media" }],
    }),
  );
  const { riskChanged: _, ...facts } = compared;
  const changes: MonitoringChanges = {
    checkedAt: "2026-11-20T08:00:00.000Z",
    previousSearchId: null,
    searchId: crypto.randomUUID(),
    ...facts,
    trigger: "schedule",
  };
  await app.db
    .update(schema.monitoredEntities)
    .set({ hasChanges: true, changes, changedAt: new Date(), changesSummary: "1 new sanctions match" })
    .where(eq(schema.monitoredEntities.id, id));
  return changes;
}

describe("adding and listing", () => {
  test("bad input is refused with the rule it breaks, and nothing is added", async () => {
    for (const body of [{}, { searchTerm: "" }, { searchTerm: "   " }, { searchTerm: 7 }]) {
      const res = await analyst.post(BASE, body);
      expect([res.status, res.json.error]).toEqual([400, "Please enter a name or company to monitor."]);
    }
    expect((await analyst.post(BASE, { searchTerm: "A B", frequency: "hourly" })).json.error).toBe("frequency must be daily, weekly or monthly");
    expect((await analyst.post(BASE, { searchTerm: "A B", entityType: "vessel" })).json.error).toBe("entityType must be person or company");
    expect((await analyst.post(BASE, { searchTerm: "A B", country: "DEU" })).json.error).toBe("country must be a two-letter ISO 3166 code");
    expect((await analyst.post(BASE, { searchTerm: "A B", colour: "red" })).json.error).toBe("Unknown field: colour");
    expect((await analyst.get(BASE)).json.total).toBe(0);
  });

  test("an entity is added active, due at once, by hand; the same name in any case and type again is 409", async () => {
    const before = Date.now();
    const res = await analyst.post(BASE, { searchTerm: "  Rustam Karimov ", entityType: "person", frequency: "weekly", country: "uz" });
    expect(res.status).toBe(201);
    const view = res.json as MonitoredEntityView;
    expect(view).toMatchObject({
      searchTerm: "Rustam Karimov",
      entityType: "person",
      frequency: "weekly",
      country: "UZ",
      status: "active",
      waitingFor: null,
      hasChanges: false,
      changesSummary: null,
      source: "manual",
      lastChecked: null,
      lastSearchId: null,
      checkState: "not_checked",
      riskLevel: null,
      reviewStatus: null,
      openHits: 0,
    });
    expect(Date.parse(view.nextCheck!)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(view.nextCheck!)).toBeLessThanOrEqual(Date.now());

    const again = await analyst.post(BASE, { searchTerm: "RUSTAM KARIMOV" });
    expect([again.status, again.json.error]).toEqual([409, "This name is already monitored"]);
    // Another type, or another user, is another entry.
    expect((await analyst.post(BASE, { searchTerm: "Rustam Karimov", entityType: "company" })).status).toBe(201);
    expect((await other.post(BASE, { searchTerm: "Rustam Karimov" })).status).toBe(201);
  });

  test("the list: newest first, paged, by tab, with the counts of all tabs; others' entries never appear", async () => {
    await analyst.post(BASE, { searchTerm: "Acme Trading Ltd", entityType: "company" });
    const all = await analyst.get(`${BASE}?limit=2`);
    expect(all.status).toBe(200);
    expect(all.json.total).toBe(3);
    expect(all.json.items.map((e: MonitoredEntityView) => e.searchTerm)).toEqual(["Acme Trading Ltd", "Rustam Karimov"]);
    const next = await analyst.get(`${BASE}?limit=2&cursor=${all.json.nextCursor}`);
    expect(next.json.items.map((e: MonitoredEntityView) => [e.searchTerm, e.entityType])).toEqual([["Rustam Karimov", "person"]]);
    expect(next.json.nextCursor).toBeNull();

    await flagChanges(all.json.items[1].id);
    const withChanges = await analyst.get(`${BASE}?changes=with`);
    expect(withChanges.json.items.map((e: MonitoredEntityView) => [e.searchTerm, e.entityType, e.hasChanges])).toEqual([["Rustam Karimov", "company", true]]);
    expect(withChanges.json.total).toBe(1);
    expect(withChanges.json.counts).toEqual({ all: 3, withChanges: 1, noChanges: 2 });
    expect((await analyst.get(`${BASE}?changes=without`)).json.total).toBe(2);
    expect((await analyst.get(`${BASE}?q=acme`)).json.items.map((e: MonitoredEntityView) => e.searchTerm)).toEqual(["Acme Trading Ltd"]);
    expect((await analyst.get(`${BASE}?changes=some`)).json.error).toBe("changes must be all, with or without");
    expect((await other.get(BASE)).json.counts).toEqual({ all: 1, withChanges: 0, noChanges: 1 });
    expect((await new HttpClient(app.url).get(BASE)).status).toBe(401);
  });
});

describe("one entity", () => {
  const entityOf = async (client: HttpClient, term: string, type = "person") =>
    ((await client.get(`${BASE}?q=${encodeURIComponent(term)}`)).json.items as MonitoredEntityView[]).find((e) => e.entityType === type)!;

  test("pause and resume; a bad status is 400", async () => {
    const entity = await entityOf(analyst, "Acme Trading Ltd", "company");
    const paused = await analyst.put(`${BASE}/${entity.id}/status`, { status: "paused" });
    expect([paused.status, paused.json.status]).toEqual([200, "paused"]);
    expect((await analyst.put(`${BASE}/${entity.id}/status`, { status: "active" })).json.status).toBe("active");
    expect((await analyst.put(`${BASE}/${entity.id}/status`, { status: "stopped" })).json.error).toBe("status must be active or paused");
  });

  test("another user's entity, an unknown or a malformed id: 404 for every call, and nothing changes", async () => {
    const entity = await entityOf(analyst, "Rustam Karimov", "company");
    for (const id of [entity.id, crypto.randomUUID(), "not-an-id"]) {
      for (const res of [
        await other.put(`${BASE}/${id}/status`, { status: "paused" }),
        await other.post(`${BASE}/${id}/report`),
        await other.get(`${BASE}/${id}/changes`),
        await other.get(`${BASE}/${id}/changes.pdf`),
        await other.post(`${BASE}/${id}/acknowledge`),
        await other.request("DELETE", `${BASE}/${id}`),
      ]) {
        expect([res.status, res.json?.error]).toEqual([404, "Monitored entity not found"]);
      }
    }
    const still = await entityOf(analyst, "Rustam Karimov", "company");
    expect([still.status, still.hasChanges]).toEqual(["active", true]);
  });

  test("the report: its page's URL, and viewing leaves the alert open (it stays open until decided); the changes as JSON", async () => {
    const entity = await entityOf(analyst, "Rustam Karimov", "company");
    const report = await analyst.post(`${BASE}/${entity.id}/report`);
    expect(report.json).toEqual({ reportUrl: `/automatic-screening/${entity.id}/changes` });
    expect((await entityOf(analyst, "Rustam Karimov", "company")).hasChanges).toBe(true);
    expect((await analyst.get(BASE)).json.counts.withChanges).toBe(1);

    const changes = await flagChanges(entity.id);
    const res = await analyst.get(`${BASE}/${entity.id}/changes`);
    expect(res.json.entity).toMatchObject({ id: entity.id, hasChanges: true, changesSummary: "1 new sanctions match" });
    // the facts each interface words in its reader's language
    expect(res.json.entity.changeFacts).toEqual({
      addedMatches: changes.addedMatches.length,
      removedMatches: 0,
      riskBefore: changes.riskBefore,
      riskAfter: changes.riskAfter,
      newMedia: changes.newMedia.length,
      notChecked: changes.notChecked,
    });
    expect(res.json.changes).toEqual(changes);
    const none = await analyst.get(`${BASE}/${(await entityOf(analyst, "Acme Trading Ltd", "company")).id}/changes`);
    expect(none.json.changes).toBeNull();
  });

  test("the changes as a PDF in the owner's report language", async () => {
    const entity = await entityOf(analyst, "Rustam Karimov", "company");
    await flagChanges(entity.id);
    const pdfText = async (client: HttpClient) => {
      const response = await fetch(`${app.url}${BASE}/${entity.id}/changes.pdf`, {
        headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="duecheck-monitoring-rustam-karimov-\d{4}-\d{2}-\d{2}\.pdf"$/);
      const dir = mkdtempSync(join(tmpdir(), "dc-pdf-"));
      try {
        writeFileSync(join(dir, "c.pdf"), new Uint8Array(await response.arrayBuffer()));
        return Bun.spawnSync(["pdftotext", "-layout", join(dir, "c.pdf"), "-"])
          .stdout.toString()
          .replace(/\s+/g, " ");
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    };
    const english = await pdfText(analyst);
    for (const words of [
      "Monitoring: changes found",
      "Rustam Karimov",
      "Risk level before: Low Risk",
      "Risk level now: Critical Risk",
      "New sanctions matches (1)",
      "Karimov, Rustam Alievich",
      "ofac-7",
      // worded as the changes screen words them
      "Sanctions matches no longer found (0)",
      "New adverse media articles (1)",
      "Karimov charged with fraud",
      "Sources that could not be checked",
      "Google News",
      "Reason scheduled check",
    ]) {
      expect(english).toContain(words);
    }
    // Each label stays in its column, apart from its value (a long one wraps there instead of running into it).
    expect(english).toContain("Previous check —");
    expect(english).toMatch(/Latest check [0-9a-f]{8}-/);
    expect(english).not.toMatch(/[a-z][0-9a-f]{8}-[0-9a-f]{4}-/);
    expect((await entityOf(analyst, "Rustam Karimov", "company")).hasChanges).toBe(true);

    expect((await analyst.post("/api/auth/update-languages", { profileLanguage: "en", reportLanguage: "de" })).status).toBe(200);
    const german = await pdfText(analyst);
    for (const words of [
      "Überwachung: gefundene Änderungen",
      "Risikostufe vorher: Niedriges Risiko",
      "Neue Sanktionstreffer (1)",
      "Quellen, die nicht geprüft werden konnten",
    ])
      expect(german).toContain(words);
  });

  test("delete: gone from the list; deleting again is 404", async () => {
    const entity = await entityOf(analyst, "Acme Trading Ltd", "company");
    expect((await analyst.request("DELETE", `${BASE}/${entity.id}`)).json).toEqual({ success: true });
    expect((await analyst.get(BASE)).json.total).toBe(2);
    expect((await analyst.request("DELETE", `${BASE}/${entity.id}`)).status).toBe(404);
  });
});

describe("auto-add", () => {
  test("a manual search adds its subject (source 'search'); the profile setting turns it off", async () => {
    const me = await analyst.get("/api/auth/me");
    expect(me.json.autoMonitorSearches).toBe(true);
    const search = await analyst.post("/api/searches", { searchTerm: "Jane Example", entityType: "person" });
    expect(search.status).toBe(201);
    const added = (await analyst.get(`${BASE}?q=Jane`)).json.items as MonitoredEntityView[];
    expect(added.map((e) => [e.searchTerm, e.frequency, e.source, e.lastSearchId])).toEqual([["Jane Example", "daily", "search", search.json.id]]);

    const off = await analyst.put("/api/auth/profile", { autoMonitorSearches: false });
    expect([off.status, off.json.user.autoMonitorSearches]).toEqual([200, false]);
    expect((await analyst.get("/api/auth/me")).json.autoMonitorSearches).toBe(false);
    expect((await analyst.post("/api/searches", { searchTerm: "John Example", entityType: "person" })).status).toBe(201);
    expect((await analyst.get(`${BASE}?q=John`)).json.total).toBe(0);
    expect((await analyst.put("/api/auth/profile", { autoMonitorSearches: "no" })).json.error).toBe("autoMonitorSearches must be true or false");
  });
});
