/**
 * An organisation's own watchlists over HTTP: created by its owners and admins, filled by a CSV import whose bad lines
 * are answered with their line numbers while the good ones are kept, read in pages and exported in the import's
 * format. A search of the organisation screens them beside the published lists (a row of its own, marked internal,
 * with the matcher's evidence), verify reproduces it, and another organisation sees neither the list, its entries nor
 * its hits; the installation's own places (the lists screen, the global index) never show it.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { recordChecksOfSearch } from "../../lib/monitoring/check-result.ts";
import { runDueChecks } from "../../lib/monitoring/due-checks.ts";
import { verifySearch } from "../../lib/records/verify-search.ts";
import { listStates } from "../../lib/sanctions/availability.ts";
import { datasetsInOrder } from "../../lib/sanctions/datasets/catalog.ts";
import { currentVersions } from "../../lib/sanctions/index-cache/load.ts";
import { WATCHLIST_CSV_HEADER } from "../../lib/watchlists/contract.ts";
import { screeningService } from "../../server/screening/service.ts";
import type { HttpClient } from "../../support/http-client.ts";
import { importReviewList } from "../fixtures/review-list.ts";
import { keepOnlyDatasets } from "../fixtures/screening.ts";
import { signedIn, type TestApp } from "../helpers/app.ts";
import { postFile } from "../helpers/case-attachments.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import { MEMBER_PASSWORD, memberOf } from "../helpers/organisation-walk.ts";
import { startScreeningApp } from "../helpers/screening-app.ts";

const ENV: Record<string, string> = { ...SCREENING_TEST_ENV, DUECHECK_NEWS_TIMEOUT_MS: "1000", DUECHECK_JOB_STOP_SECONDS: "2" };

let app: TestApp;
let stopApp: () => Promise<void>;
let alpha: HttpClient;
let bravo: HttpClient;
let analyst: HttpClient;
let watchlist: string;

const csv = (text: string) => new TextEncoder().encode(text);
const importCsv = (client: HttpClient, id: string, text: string | Uint8Array, mode = "add") =>
  postFile(client, `/api/organisation/watchlists/${id}/import?mode=${mode}`, typeof text === "string" ? csv(text) : text, "list.csv", "text/csv");

async function screened(client: HttpClient, body: Record<string, unknown>) {
  const created = await client.post("/api/searches", { entityType: "person", ...body });
  expect(created.status).toBe(201);
  const res = await client.get(`/api/searches/${created.json.id}?wait=30`);
  expect(res.json.status).toBe("completed");
  return res.json;
}

beforeAll(async () => {
  ({ app, stop: stopApp } = await startScreeningApp({}, ENV));
  await keepOnlyDatasets(app.db, ["us_ofac_sdn"]);
  await importReviewList(app.db);
  alpha = await signedIn(app, { email: "owner.alpha@example.com", password: MEMBER_PASSWORD, fullName: "Owner Alpha", credits: 1000 });
  bravo = await signedIn(app, { email: "owner.bravo@example.com", password: MEMBER_PASSWORD, fullName: "Owner Bravo", credits: 1000 });
  const organisation = (await alpha.get("/api/auth/me")).json.organisation.id;
  analyst = (await memberOf(app, organisation, "analyst", "analyst.alpha@example.com")).http;
  const created = await alpha.post("/api/organisation/watchlists", { name: "Exited customers" });
  expect(created.status).toBe(201);
  watchlist = created.json.id;
  expect(watchlist).toMatch(/^wl_/);
  expect(created.json).toMatchObject({ name: "Exited customers", entryCount: 0, versionId: null });
}, 120_000);
afterAll(() => stopApp());

test("a mixed CSV: the good lines are kept, each bad line is answered with its line number and why", async () => {
  const file = [
    "name,entityType,aliases,birthDate,nationality,identifiers,reason",
    "Viktor Testovsky,person,Viktor Testowski;V. Testovsky,1970-05-12,RU,passport:AB1234567;tax_id:RU-77-001,Fraud at onboarding",
    "Northwind Shell Trading Ltd,company,,,,lei:5493001KJTIIGC8Y1R12,Refused onboarding",
    "Ada Unknownkind,person,,,,fingerprint:12345,bad kind",
    ",person,,,,,no name",
    "Bea Baddate,person,,12/05/1970,,,",
    "Viktor Testovsky,person,,1970-05-12,,,the same person again",
    "Cyril Plainname,,,,,,",
    "Too Many,person,,,,,,extra",
  ].join("\n");
  const res = await importCsv(alpha, watchlist, file);
  expect(res.status).toBe(200);
  expect(res.json).toMatchObject({ imported: 3, duplicates: 1, rejectedCount: 4 });
  expect(res.json.rejected).toEqual([
    { line: 4, error: expect.stringContaining('unknown identifier kind "fingerprint"') },
    { line: 5, error: "name is empty" },
    { line: 6, error: expect.stringContaining("birthDate") },
    { line: 9, error: "expected 7 columns, found 8" },
  ]);
  expect(res.json.watchlist).toMatchObject({ id: watchlist, entryCount: 3, versionId: expect.any(String) });

  const page = await alpha.get(`/api/organisation/watchlists/${watchlist}?limit=2`);
  expect(page.status).toBe(200);
  expect(page.json).toMatchObject({ total: 3, offset: 0, limit: 2, entryCount: 3 });
  expect(page.json.entries.map((e: any) => e.name)).toEqual(["Cyril Plainname", "Northwind Shell Trading Ltd"]);
  const next = await alpha.get(`/api/organisation/watchlists/${watchlist}?limit=2&offset=2`);
  expect(next.json.entries).toEqual([
    {
      id: expect.any(String),
      name: "Viktor Testovsky",
      entityType: "person",
      aliases: ["Viktor Testowski", "V. Testovsky"],
      birthDate: "1970-05-12",
      nationality: "RU",
      identifiers: [
        { kind: "passport", value: "AB1234567" },
        { kind: "tax_id", value: "RU-77-001" },
      ],
      reason: "Fraud at onboarding",
    },
  ]);
  const found = await alpha.get(`/api/organisation/watchlists/${watchlist}?q=testowski`);
  expect(found.json.entries.map((e: any) => e.name)).toEqual(["Viktor Testovsky"]);
});

test("a CSV without a name column is refused with the header expected, and changes nothing", async () => {
  const before = (await alpha.get(`/api/organisation/watchlists/${watchlist}`)).json;
  const res = await importCsv(alpha, watchlist, "fullName,entityType\nSomeone,person\n");
  expect(res.status).toBe(400);
  expect(res.json.error).toContain(WATCHLIST_CSV_HEADER.join(","));
  const after = (await alpha.get(`/api/organisation/watchlists/${watchlist}`)).json;
  expect(after.versionId).toBe(before.versionId);
});

test("an entry added by hand and removed again; the export is the import's format and imports back the same", async () => {
  const added = await alpha.post(`/api/organisation/watchlists/${watchlist}/entries`, { name: "Dora Handadded", birthDate: "1985" });
  expect(added.status).toBe(201);
  expect((await alpha.post(`/api/organisation/watchlists/${watchlist}/entries`, { name: "Dora Handadded", birthDate: "1985" })).status).toBe(409);
  expect((await alpha.get(`/api/organisation/watchlists/${watchlist}`)).json.entryCount).toBe(4);
  const removed = await alpha.request("DELETE", `/api/organisation/watchlists/${watchlist}/entries/${added.json.id}`);
  expect(removed.status).toBe(200);
  expect((await alpha.request("DELETE", `/api/organisation/watchlists/${watchlist}/entries/${added.json.id}`)).status).toBe(404);

  const exported = await alpha.get(`/api/organisation/watchlists/${watchlist}/export`);
  expect(exported.status).toBe(200);
  expect(exported.headers.get("content-type")).toContain("text/csv");
  const lines = exported.text
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(lines[0]).toBe(WATCHLIST_CSV_HEADER.join(","));
  expect(lines).toHaveLength(4);
  const copy = (await alpha.post("/api/organisation/watchlists", { name: "Copy" })).json.id;
  const again = await importCsv(alpha, copy, exported.text);
  expect(again.json).toMatchObject({ imported: 3, rejected: [] });
  const original = (await alpha.get(`/api/organisation/watchlists/${watchlist}`)).json.entries;
  const copied = (await alpha.get(`/api/organisation/watchlists/${copy}`)).json.entries;
  expect(copied).toEqual(original);
  // Replacing makes the file the whole list.
  const replaced = await importCsv(alpha, copy, "name\nOnly One Left\n", "replace");
  expect(replaced.json).toMatchObject({ imported: 1, watchlist: { entryCount: 1 } });
  expect((await alpha.request("DELETE", `/api/organisation/watchlists/${copy}`)).status).toBe(200);
  expect((await alpha.get(`/api/organisation/watchlists/${copy}`)).status).toBe(404);
});

test("a search of the organisation hits a watchlist entry in a row of its own, marked internal, with the evidence; verify reproduces it", async () => {
  const search = await screened(alpha, { searchTerm: "Viktor Testovsky", details: { identifiers: [{ kind: "passport", value: "AB1234567" }] } });
  const row = search.results.sanctionsList.find((r: any) => r.datasetId === watchlist);
  expect(row).toMatchObject({ source: "Exited customers", internal: true, match: true });
  const hit = row.hits[0];
  expect(hit).toMatchObject({ name: "Viktor Testovsky", entityId: expect.stringContaining(`${watchlist}:`), aliases: ["Viktor Testowski", "V. Testovsky"] });
  expect(hit.explanation.length).toBeGreaterThan(0);
  expect(hit.evidence?.identifier).toMatchObject({ kind: "passport" });
  const used = search.results.datasetsUsed.find((d: any) => d.id === watchlist);
  expect(used).toMatchObject({ name: "Exited customers", internal: true, versionId: expect.any(String), checksum: expect.any(String) });
  expect(search.results.datasetsUsed.find((d: any) => d.id === "us_ofac_sdn")?.internal).toBeUndefined();

  const verified = await verifySearch(app.db, { kind: "system" }, search.id);
  expect(verified).toMatchObject({ outcome: "identical", differences: [] });
  expect(verified.versions).toContainEqual({ datasetId: watchlist, versionId: used.versionId });

  // A change to the list is a new version: the old search still verifies against the version it recorded.
  expect((await alpha.post(`/api/organisation/watchlists/${watchlist}/entries`, { name: "Viktor Testovsky Junior" })).status).toBe(201);
  expect((await verifySearch(app.db, { kind: "system" }, search.id)).outcome).toBe("identical");
});

test("a batch's rows are screened against the organisation's watchlists as a search is", async () => {
  const created = await alpha.post("/api/batch-jobs", { name: "Onboarding batch", totalEntities: 2, status: "processing" });
  expect(created.status).toBe(201);
  const rows = [
    { searchTerm: "Northwind Shell Trading Ltd", entityType: "company" },
    { searchTerm: "Quentin Nobodysson", entityType: "person" },
  ];
  expect((await alpha.post(`/api/batch-jobs/${created.json.id}/entities`, { entities: rows })).status).toBe(200);
  const deadline = Date.now() + 60_000;
  while ((await alpha.get(`/api/batch-jobs/${created.json.id}`)).json.status !== "completed") {
    if (Date.now() > deadline) throw new Error("the batch did not complete");
    await Bun.sleep(200);
  }
  const items = (await alpha.get(`/api/batch-jobs/${created.json.id}/results`)).json.items as any[];
  const rowOf = async (term: string) => {
    const search = (await alpha.get(`/api/searches/${items.find((i) => i.searchTerm === term).searchId}`)).json;
    return search.results.sanctionsList.find((r: any) => r.datasetId === watchlist);
  };
  expect(await rowOf("Northwind Shell Trading Ltd")).toMatchObject({
    internal: true,
    match: true,
    hits: [expect.objectContaining({ name: "Northwind Shell Trading Ltd" })],
  });
  expect(await rowOf("Quentin Nobodysson")).toMatchObject({ internal: true, match: false });
}, 120_000);

test("another organisation never sees the watchlist, its entries or its hits", async () => {
  const path = `/api/organisation/watchlists/${watchlist}`;
  expect((await bravo.get(path)).status).toBe(404);
  expect((await bravo.get(`${path}/export`)).status).toBe(404);
  expect((await bravo.request("PUT", path, { name: "Taken over" })).status).toBe(404);
  expect((await bravo.request("DELETE", path)).status).toBe(404);
  expect((await bravo.post(`${path}/entries`, { name: "Planted Entry" })).status).toBe(404);
  expect((await importCsv(bravo, watchlist, "name\nPlanted Entry\n")).status).toBe(404);
  expect((await bravo.get("/api/organisation/watchlists")).json).toEqual([]);
  const search = await screened(bravo, { searchTerm: "Viktor Testovsky" });
  expect(JSON.stringify(search.results)).not.toContain(watchlist);
  expect(JSON.stringify(search.results)).not.toContain("Exited customers");
  expect(search.results.sanctionsList.some((r: any) => r.internal)).toBe(false);
  // The changes are in Alpha's audit log, never in Bravo's.
  const actions = async (client: HttpClient) => ((await client.get("/api/organisation/audit?limit=100")).json.items as any[]).map((e) => e.action);
  expect(await actions(alpha)).toEqual(expect.arrayContaining(["watchlist.created", "watchlist.imported", "watchlist.entry_added", "watchlist.entry_removed"]));
  expect((await actions(bravo)).filter((a) => a.startsWith("watchlist."))).toEqual([]);
  // Nothing changed for Alpha.
  expect((await alpha.get(path)).json.entryCount).toBe(4);
});

test("a watchlist change re-checks the organisation's monitored name, whose check then shows the hit; another organisation's is left alone", async () => {
  const monitor = async (client: HttpClient) => {
    const res = await client.post("/api/monitoring/entities", { searchTerm: "Greta Newlylisted", entityType: "person", frequency: "weekly" });
    expect(res.status).toBe(201);
    return res.json.id as string;
  };
  const alphaEntity = await monitor(alpha);
  const bravoEntity = await monitor(bravo);
  const queue = screeningService(app.server.database).queue;
  /** One scan: the checks it starts are screened by the app's worker and recorded. */
  const scan = async () => {
    const outcome = await runDueChecks({ db: app.db, queue });
    for (const searchId of outcome.searchIds) {
      const owner = (await alpha.get(`/api/searches/${searchId}`)).status === 200 ? alpha : bravo;
      expect((await owner.get(`/api/searches/${searchId}?wait=30`)).json.status).toBe("completed");
      await recordChecksOfSearch(app.db, searchId);
    }
    return outcome;
  };
  // The first checks of both names: no hit anywhere.
  await scan();
  const lastSearch = async (client: HttpClient, id: string) => {
    const entity = (await client.get("/api/monitoring/entities?limit=100")).json.items.find((e: any) => e.id === id);
    return (await client.get(`/api/searches/${entity.lastSearchId}`)).json;
  };
  expect((await lastSearch(alpha, alphaEntity)).results.sanctionsList.some((r: any) => r.datasetId === watchlist && r.match)).toBe(false);

  expect((await alpha.post(`/api/organisation/watchlists/${watchlist}/entries`, { name: "Greta Newlylisted", reason: "Chargeback fraud" })).status).toBe(201);
  const outcome = await scan();
  expect(outcome.listUpdateFlagged).toBeGreaterThanOrEqual(1);
  expect(outcome.searchIds).toHaveLength(1);
  const recheck = await lastSearch(alpha, alphaEntity);
  expect(recheck.id).toBe(outcome.searchIds[0]);
  const row = recheck.results.sanctionsList.find((r: any) => r.datasetId === watchlist);
  expect(row).toMatchObject({ internal: true, match: true });
  expect(row.hits[0]).toMatchObject({ name: "Greta Newlylisted" });
  // Bravo's same name was not checked again, and its checks never carry Alpha's list.
  const bravoLast = await lastSearch(bravo, bravoEntity);
  expect(outcome.searchIds).not.toContain(bravoLast.id);
  expect(JSON.stringify(bravoLast.results)).not.toContain(watchlist);
}, 120_000);

test("members read the watchlists; only owners and admins change them", async () => {
  expect((await analyst.get(`/api/organisation/watchlists/${watchlist}`)).status).toBe(200);
  expect((await analyst.post("/api/organisation/watchlists", { name: "Mine" })).status).toBe(403);
  expect((await analyst.post(`/api/organisation/watchlists/${watchlist}/entries`, { name: "Someone" })).status).toBe(403);
  expect((await importCsv(analyst, watchlist, "name\nSomeone\n")).status).toBe(403);
});

test("the installation's own places never show an organisation's watchlist", async () => {
  const lists = await alpha.get("/api/sanctions/datasets");
  expect(lists.status).toBe(200);
  expect(JSON.stringify(lists.json)).not.toContain(watchlist);
  expect((await alpha.get(`/api/sanctions/datasets/${watchlist}`)).status).toBe(404);
  expect((await datasetsInOrder(app.db)).map((d) => d.id)).toEqual(["us_ofac_sdn"]);
  expect((await listStates(app.db)).map((l) => l.id)).toEqual(["us_ofac_sdn"]);
  expect((await currentVersions(app.db)).versions.map((v) => v.datasetId)).toEqual(["us_ofac_sdn"]);
  const status = await alpha.get("/api/sanctions/status");
  expect(JSON.stringify(status.json)).not.toContain(watchlist);
});

test("a watchlist over 1,000,000 entries is refused with 413 and keeps its entries", async () => {
  const before = (await alpha.get(`/api/organisation/watchlists/${watchlist}`)).json;
  const lines = ["name"];
  for (let i = 0; i <= 1_000_000; i++) lines.push(`p${i}`);
  const res = await importCsv(alpha, watchlist, `${lines.join("\n")}\n`);
  expect(res.status).toBe(413);
  const after = (await alpha.get(`/api/organisation/watchlists/${watchlist}`)).json;
  expect([after.entryCount, after.versionId]).toEqual([before.entryCount, before.versionId]);
}, 120_000);
