/**
 * The web app's batch calls over real HTTP: the two-step create, the charge of every row
 * through the ledger, progress to the end, results per entity, and who may see what.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { HttpClient } from "../../support/http-client.ts";
import { importPeps, importSdn, keepOnlyDatasets } from "../fixtures/screening.ts";
import { signedIn, startApp, type TestApp } from "../helpers/app.ts";
import { apiBalance } from "../helpers/credits.ts";
import { SCREENING_TEST_ENV, setEnv } from "../helpers/env.ts";
import { batchGdeltAnswer, type NewsServer, startGdeltServer } from "../helpers/news-servers.ts";

let gdelt: NewsServer;
let app: TestApp;
let analyst: HttpClient;
let other: HttpClient;
let restoreEnv: () => void = () => {};

beforeAll(async () => {
  gdelt = startGdeltServer(batchGdeltAnswer);
  restoreEnv = setEnv({
    ...SCREENING_TEST_ENV,
    DUECHECK_NEWS_PROVIDERS: "gdelt",
    DUECHECK_GDELT_URL: gdelt.url,
    DUECHECK_NEWS_TIMEOUT_MS: "1000",
    DUECHECK_JOB_STOP_SECONDS: "2",
    DUECHECK_INDEX_REFRESH_MS: "200",
  });
  app = await startApp();
  // The lists are imported only after the first test, whose failing row needs a run where no list answers.
  await keepOnlyDatasets(app.db, ["us_ofac_sdn", "us_congress_peps"]);
  analyst = await signedIn(app, { email: "analyst@example.com", password: "analyst-password", credits: 1000 });
  other = await signedIn(app, { email: "other@example.com", password: "other-password", credits: 1000 });
});
afterAll(async () => {
  await app.stop();
  await gdelt.stop();
  restoreEnv();
});

const jobCount = async () => (await app.server.database.executeSql("select count(*)::int as n from pgboss.job where name = 'search'")).rows[0].n as number;

/** Creates a batch as the web screen does: the batch (status 'processing'), then its entities. */
async function startBatch(client: HttpClient, entities: Record<string, unknown>[], name = "Batch 22.11.2026, 10:00:00") {
  const created = await client.post("/api/batch-jobs", { name, totalEntities: entities.length, status: "processing" });
  expect(created.status).toBe(201);
  const added = await client.post(`/api/batch-jobs/${created.json.id}/entities`, { entities });
  return { id: created.json.id as string, created, added };
}

async function ended(client: HttpClient, id: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await client.get(`/api/batch-jobs/${id}`);
    expect(res.status).toBe(200);
    if (res.json.status === "completed" || res.json.status === "failed") return res.json;
    if (Date.now() > deadline) throw new Error(`batch ${id} is still ${res.json.status}: ${JSON.stringify(res.json)}`);
    await Bun.sleep(200);
  }
}

describe("the two-step create, progress and results", () => {
  test("a row whose screening fails counts as failed, and the batch still completes", async () => {
    const { id, created, added } = await startBatch(analyst, [{ searchTerm: "Jane Example" }, { searchTerm: "Broken Subject" }]);
    // Stored pending until its entities arrive, whatever status the client sent.
    expect(created.json).toMatchObject({
      name: "Batch 22.11.2026, 10:00:00",
      status: "pending",
      totalEntities: 2,
      processedEntities: 0,
      failedEntities: 0,
      completedAt: null,
    });
    expect(added.status).toBe(200);
    expect(added.json).toMatchObject({ id, status: "processing", totalEntities: 2, creditsRequired: 20 });
    const batch = await ended(analyst, id);
    expect(batch).toMatchObject({ status: "completed", totalEntities: 2, processedEntities: 1, failedEntities: 1 });
    expect(Date.parse(batch.completedAt)).toBeGreaterThanOrEqual(Date.parse(batch.createdAt));
    const results = await analyst.get(`/api/batch-jobs/${id}/results`);
    const byTerm = Object.fromEntries(results.json.items.map((r: { searchTerm: string }) => [r.searchTerm, r]));
    expect(byTerm["Broken Subject"]).toMatchObject({ status: "failed", riskLevel: null });
    // No list has data, so the one that completed is not low risk.
    expect(byTerm["Jane Example"]).toMatchObject({ status: "completed", riskLevel: "medium", sanctionsMatches: 0, mediaCount: 0 });
  });

  test("every row charged once through the ledger, progress to completed, one result per entity with risk, matches and media", async () => {
    await importSdn(app.db);
    await importPeps(app.db);
    for (let i = 0; ; i++) {
      const sdn = await analyst.get("/api/sanctions/search?term=Rustam%20Karimov&dataset=sanctions");
      const peps = await analyst.get("/api/sanctions/search?term=Scott%20Franklin&dataset=peps");
      if (sdn.json?.found && peps.json?.found) break;
      if (i > 100) throw new Error("the server's index never got the lists");
      await Bun.sleep(100);
    }
    const before = await apiBalance(analyst);
    const entities = [
      { searchTerm: "Rustam Karimov", entityType: "person", country: "UZ" },
      { searchTerm: "Acme Trading", entityType: "company", language: "de" },
      { searchTerm: "Jane Example" },
    ];
    const { id, added } = await startBatch(analyst, entities, "Quarterly customers");
    expect(added.json).toMatchObject({ creditsRequired: 30, status: "processing" });
    expect(await apiBalance(analyst)).toBe(before - 30);
    const charges = await app.db
      .select({ amount: schema.creditTransactions.amount, type: schema.creditTransactions.type })
      .from(schema.creditTransactions)
      .innerJoin(schema.searches, eq(schema.creditTransactions.searchId, schema.searches.id))
      .where(eq(schema.searches.batchJobId, id));
    expect(charges).toEqual(Array.from({ length: 3 }, () => ({ amount: -10, type: "manual_search" })));

    const batch = await ended(analyst, id);
    expect(batch).toMatchObject({ id, name: "Quarterly customers", status: "completed", totalEntities: 3, processedEntities: 3, failedEntities: 0 });
    expect(await apiBalance(analyst)).toBe(before - 30);

    const list = await analyst.get("/api/batch-jobs");
    expect(list.status).toBe(200);
    expect(list.json.total).toBe(2);
    expect(list.json.items[0]).toEqual(batch);
    expect(list.json.items[1]).toMatchObject({ status: "completed", failedEntities: 1 });

    const results = await analyst.get(`/api/batch-jobs/${id}/results`);
    expect(results.json.total).toBe(3);
    // In the order of the file.
    expect(results.json.items.map((r: { searchTerm: string }) => r.searchTerm)).toEqual(entities.map((e) => e.searchTerm));
    const byTerm = Object.fromEntries(results.json.items.map((r: { searchTerm: string }) => [r.searchTerm, r]));
    const karimov = byTerm["Rustam Karimov"];
    expect(Object.keys(karimov).sort()).toEqual([
      "birthDate",
      "customerRef",
      "entityType",
      "identifiers",
      "mediaCount",
      "nationality",
      "openHits",
      "reviewStatus",
      "riskLevel",
      "sanctionsMatches",
      "searchId",
      "searchTerm",
      "status",
    ]);
    expect(karimov).toMatchObject({ entityType: "person", status: "completed", sanctionsMatches: 1, mediaCount: 1 });
    expect(["high", "critical"]).toContain(karimov.riskLevel);
    expect(byTerm["Acme Trading"]).toMatchObject({ entityType: "company", status: "completed", riskLevel: "low", sanctionsMatches: 0, mediaCount: 0 });
    // Each row is the search itself, readable as any search.
    const search = await analyst.get(`/api/searches/${karimov.searchId}`);
    expect(search.json).toMatchObject({ searchTerm: "Rustam Karimov", country: "UZ", riskLevel: karimov.riskLevel });

    const filtered = await analyst.get(`/api/batch-jobs/${id}/results?riskLevel=${karimov.riskLevel}`);
    expect(filtered.json).toEqual({ items: [karimov], nextCursor: null, total: 1 });
    const low = await analyst.get(`/api/batch-jobs/${id}/results?riskLevel=low`);
    expect(low.json.items.map((r: { searchTerm: string }) => r.searchTerm).sort()).toEqual(["Acme Trading", "Jane Example"]);

    const first = await analyst.get(`/api/batch-jobs/${id}/results?limit=2`);
    expect(first.json.items).toHaveLength(2);
    expect(first.json.total).toBe(3);
    const second = await analyst.get(`/api/batch-jobs/${id}/results?limit=2&cursor=${first.json.nextCursor}`);
    expect(second.json).toMatchObject({ nextCursor: null, total: 3 });
    expect([...first.json.items, ...second.json.items].map((r: { searchId: string }) => r.searchId)).toEqual(
      results.json.items.map((r: { searchId: string }) => r.searchId),
    );

    // A search deleted from the history is hidden from its owner and kept: the batch's counts and rows stay whole.
    const deleted = byTerm["Jane Example"].searchId;
    expect((await analyst.request("DELETE", `/api/searches/${deleted}`)).status).toBe(200);
    expect((await analyst.get(`/api/searches/${deleted}`)).status).toBe(404);
    // The history's total (a count the database keeps per statement) follows the batch's inserts and counts the hidden one out.
    const [owner] = await app.db.select({ userId: schema.searches.userId }).from(schema.searches).where(eq(schema.searches.batchJobId, id)).limit(1);
    const history = await analyst.get("/api/searches?limit=100");
    expect(history.json.total).toBe((await app.db.$count(schema.searches, eq(schema.searches.userId, owner.userId))) - 1);
    expect(history.json.items.map((r: { id: string }) => r.id)).not.toContain(deleted);
    expect((await analyst.get(`/api/batch-jobs/${id}`)).json).toMatchObject({ status: "completed", totalEntities: 3, processedEntities: 3, failedEntities: 0 });
    expect((await analyst.get(`/api/batch-jobs/${id}/results`)).json.total).toBe(3);
  });

  test("402 names the credits required and available; nothing is charged or queued and the batch keeps waiting", async () => {
    const short = await signedIn(app, { email: "short@example.com", password: "short-password", credits: 15 });
    const jobs = await jobCount();
    const { id, added } = await startBatch(short, [{ searchTerm: "Jane Example" }, { searchTerm: "John Sample" }]);
    expect(added.status).toBe(402);
    expect(added.json.error).toBe("Insufficient credits: this batch of 2 needs 20 credits, the balance is 15");
    expect(await apiBalance(short)).toBe(15);
    expect(await jobCount()).toBe(jobs);
    expect((await app.db.select().from(schema.searches).where(eq(schema.searches.batchJobId, id))).length).toBe(0);
    expect((await short.get(`/api/batch-jobs/${id}`)).json).toMatchObject({ status: "pending", processedEntities: 0 });
  });

  test("a batch takes its entities once, exactly as many as announced; admins are not charged", async () => {
    const admin = new HttpClient(app.url);
    await admin.signIn("admin@test.local", "Admin-password-1");
    const created = await admin.post("/api/batch-jobs", { name: "Admin batch", totalEntities: 1, status: "processing" });
    // A body far over the 64 KB of other routes is read (and refused for its count, not its size).
    const many = Array.from({ length: 2000 }, (_, i) => ({ searchTerm: `Person number ${i}`, entityType: "person" }));
    const tooMany = await admin.post(`/api/batch-jobs/${created.json.id}/entities`, { entities: many });
    expect([tooMany.status, tooMany.json]).toEqual([400, { error: "The batch was created for 1 entities, but 2000 were sent" }]);
    const added = await admin.post(`/api/batch-jobs/${created.json.id}/entities`, { entities: [{ searchTerm: "Jane Example" }] });
    expect(added.json).toMatchObject({ status: "processing", creditsRequired: 0 });
    const again = await admin.post(`/api/batch-jobs/${created.json.id}/entities`, { entities: [{ searchTerm: "Jane Example" }] });
    expect([again.status, again.json]).toEqual([409, { error: "This batch already has its entities" }]);
    expect(await ended(admin, created.json.id)).toMatchObject({ status: "completed", processedEntities: 1 });
    expect((await app.db.select().from(schema.searches).where(eq(schema.searches.batchJobId, created.json.id)))[0].creditsUsed).toBe(0);
  });
});

describe("owner only, signed in, valid input", () => {
  test("another user's batch is 404 on every call; unknown and malformed ids too; lists are one's own", async () => {
    const { id } = await startBatch(analyst, [{ searchTerm: "Jane Example" }]);
    for (const path of [`/api/batch-jobs/${id}`, `/api/batch-jobs/${id}/results`]) {
      expect(await other.get(path)).toMatchObject({ status: 404, json: { error: "Batch not found" } });
    }
    const foreign = await other.post("/api/batch-jobs", { name: "Mine", totalEntities: 1 });
    const steal = await analyst.post(`/api/batch-jobs/${foreign.json.id}/entities`, { entities: [{ searchTerm: "Jane Example" }] });
    expect([steal.status, steal.json]).toEqual([404, { error: "Batch not found" }]);
    expect((await other.get(`/api/batch-jobs/${foreign.json.id}`)).json.status).toBe("pending");
    for (const bad of ["not-a-uuid", "00000000-0000-4000-8000-000000000000", "1"]) {
      expect((await analyst.get(`/api/batch-jobs/${bad}`)).status).toBe(404);
      expect((await analyst.get(`/api/batch-jobs/${bad}/results`)).status).toBe(404);
    }
    const ids = (await other.get("/api/batch-jobs")).json.items.map((b: { id: string }) => b.id);
    expect(ids).toEqual([foreign.json.id]);
    await ended(analyst, id);
  });

  test("signed out: 401 on every call", async () => {
    const anonymous = new HttpClient(app.url);
    const id = "00000000-0000-4000-8000-000000000000";
    for (const [method, path] of [
      ["GET", "/api/batch-jobs"],
      ["POST", "/api/batch-jobs"],
      ["GET", `/api/batch-jobs/${id}`],
      ["POST", `/api/batch-jobs/${id}/entities`],
      ["GET", `/api/batch-jobs/${id}/results`],
    ]) {
      const res = await anonymous.request(method, path, method === "POST" ? { name: "x", totalEntities: 1 } : undefined);
      expect({ path, status: res.status }).toEqual({ path, status: 401 });
    }
  });

  test("bad input is 400 naming the field or the entity, and charges nothing", async () => {
    const before = await apiBalance(analyst);
    for (const [body, error] of [
      [{ name: "  ", totalEntities: 1 }, "name is required"],
      [{ name: "B", totalEntities: 0 }, "totalEntities must be at least 1"],
      [{ name: "B", totalEntities: 100_001 }, "totalEntities must be at most 100,000"],
      [{ name: "B", totalEntities: 1.5 }, "totalEntities must be a whole number"],
      [{ name: "B", totalEntities: 1, status: "completed" }, "status must be processing"],
      [{ name: "B", totalEntities: 1, creditsUsed: 0 }, "Unknown field: creditsUsed"],
    ] as const) {
      const res = await analyst.post("/api/batch-jobs", body);
      expect([res.status, res.json]).toEqual([400, { error }]);
    }
    const created = await analyst.post("/api/batch-jobs", { name: "Checked", totalEntities: 2 });
    const path = `/api/batch-jobs/${created.json.id}/entities`;
    for (const [entities, error] of [
      [[], "entities must not be empty"],
      [[{ searchTerm: "   " }, { searchTerm: "Jane" }], "Entity 1: Search term is required"],
      [[{ searchTerm: "Jane" }, { searchTerm: "Acme", entityType: "vessel" }], "Entity 2: Entity type must be person or company"],
      [[{ searchTerm: "Jane" }, { searchTerm: "Acme", country: "Narnia" }], "Entity 2: Country must be a two-letter ISO 3166 code, such as DE or US"],
      [[{ searchTerm: "Jane" }, { searchTerm: "Acme\u0000" }], "Entity 2: Search term must not contain control characters or unpaired surrogates"],
      ["Jane", "entities must be a list"],
    ] as const) {
      const res = await analyst.post(path, { entities });
      expect([res.status, res.json]).toEqual([400, { error }]);
    }
    expect((await analyst.post(path, { entities: [{ searchTerm: "Jane" }], extra: 1 })).json).toEqual({ error: "Unknown field: extra" });
    for (const [query, error] of [
      ["riskLevel=extreme", "riskLevel must be one of critical, high, medium, low"],
      ["limit=0", "limit must be at least 1"],
      ["cursor=nope", "Invalid cursor"],
    ]) {
      const res = await analyst.get(`/api/batch-jobs/${created.json.id}/results?${query}`);
      expect([res.status, res.json]).toEqual([400, { error }]);
    }
    expect((await analyst.get("/api/batch-jobs?limit=101")).status).toBe(400);
    expect(await apiBalance(analyst)).toBe(before);
    expect((await analyst.get(`/api/batch-jobs/${created.json.id}`)).json.status).toBe("pending");
  });
});
