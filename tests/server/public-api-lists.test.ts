/**
 * The public API's lists and the calls a remote `duecheck` needs: the history, batches and their rows, the review
 * queue, four-eyes answers and notes, and the pair comparison, over real HTTP with API keys. Each answers the key's
 * owner's own rows, another member's row is 404, a key without the scope is 403 naming it, and bad input 400.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createApiKey } from "../../lib/auth/api-keys.ts";
import { updateSystemSettings } from "../../lib/settings/system-settings.ts";
import { importSdn, keepOnlyDatasets } from "../fixtures/screening.ts";
import { createUser, type TestApp } from "../helpers/app.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import { startScreeningApp } from "../helpers/screening-app.ts";

let app: TestApp;
let stopApp: () => Promise<void>;
let key: string;
let readOnlyKey: string;
let screenOnlyKey: string;
let otherKey: string;
let searchId: string;
let batchId: string;

const call = async (method: string, path: string, body?: unknown, bearer = key) => {
  const res = await fetch(`${app.url}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as any };
};

beforeAll(async () => {
  ({ app, stop: stopApp } = await startScreeningApp({}, { ...SCREENING_TEST_ENV, DUECHECK_NEWS_TIMEOUT_MS: "1000" }));
  await keepOnlyDatasets(app.db, ["us_ofac_sdn"]);
  await importSdn(app.db);
  const owner = await createUser(app.db, { email: "lists@example.com", password: "lists-password", fullName: "Lisa Lists", credits: 100 });
  key = (await createApiKey(app.db, owner.id, "All", { scopes: ["screen", "read", "review"] })).key;
  readOnlyKey = (await createApiKey(app.db, owner.id, "Read", { scopes: ["read"] })).key;
  screenOnlyKey = (await createApiKey(app.db, owner.id, "Screen", { scopes: ["screen"] })).key;
  const other = await createUser(app.db, { email: "lists-other@example.com", password: "other-password", credits: 100 });
  otherKey = (await createApiKey(app.db, other.id, "Other", { scopes: ["screen", "read", "review"] })).key;

  const screened = await call("POST", "/search?wait=30", { searchTerm: "Rustam Karimov", entityType: "person" });
  expect(screened.json.status).toBe("completed");
  searchId = screened.json.id;
  const form = new FormData();
  form.append("file", new File(["Name,Type\nRustam Karimov,person\nAcme Trading Ltd,company\n"], "rows.csv", { type: "text/csv" }));
  form.append("name", "Two rows");
  const batch = await fetch(`${app.url}/api/v1/batch`, { method: "POST", headers: { authorization: `Bearer ${key}` }, body: form });
  batchId = ((await batch.json()) as any).batchId;
  for (let i = 0; i < 120; i++) {
    if ((await call("GET", `/batch/${batchId}`)).json.status === "completed") break;
    await Bun.sleep(250);
  }
}, 90_000);
afterAll(async () => {
  await stopApp();
});

describe("GET /search (listSearches)", () => {
  test("the key's owner's searches, newest first, paged", async () => {
    const page = await call("GET", "/search?limit=50", undefined, readOnlyKey);
    expect(page.status).toBe(200);
    expect(page.json.items.map((s: any) => s.searchTerm)).toContain("Rustam Karimov");
    expect(page.json.items[0]).toMatchObject({ searchTerm: expect.any(String), searchedBy: { name: expect.any(String) }, reviewStatus: expect.any(String) });
    expect(page.json.total).toBeGreaterThanOrEqual(3);
    const first = await call("GET", "/search?limit=1");
    expect(first.json.items).toHaveLength(1);
    const second = await call("GET", `/search?limit=1&cursor=${encodeURIComponent(first.json.nextCursor)}`);
    expect(second.json.items[0].id).not.toBe(first.json.items[0].id);
    expect((await call("GET", "/search?q=karimov")).json.items.every((s: any) => /karimov/i.test(s.searchTerm))).toBe(true);
    expect((await call("GET", "/search?before=2000-01-01")).json).toMatchObject({ items: [], nextCursor: null });
  });

  test("another user sees none of them; a key without read is 403; a bad limit or date is 400", async () => {
    const other = await call("GET", "/search", undefined, otherKey);
    expect(other.json.items).toEqual([]);
    const refused = await call("GET", "/search", undefined, screenOnlyKey);
    expect(refused.status).toBe(403);
    expect(refused.json.error).toContain("read");
    expect((await call("GET", "/search?limit=0")).status).toBe(400);
    expect((await call("GET", "/search?before=yesterday")).json.error).toContain("before");
    expect((await call("GET", "/search?scope=everyone")).status).toBe(400);
  });
});

describe("batches (listBatches, listBatchResults)", () => {
  test("the batch is listed and its rows read, filtered by risk level", async () => {
    const page = await call("GET", "/batch");
    expect(page.status).toBe(200);
    expect(page.json.items[0]).toMatchObject({ id: batchId, name: "Two rows", totalEntities: 2, createdBy: { name: "Lisa Lists" } });
    const rows = await call("GET", `/batch/${batchId}/results`, undefined, readOnlyKey);
    expect(rows.status).toBe(200);
    expect(rows.json.items.map((r: any) => r.searchTerm)).toEqual(["Rustam Karimov", "Acme Trading Ltd"]);
    const level = rows.json.items[0].riskLevel;
    const kept = await call("GET", `/batch/${batchId}/results?riskLevel=${level}`);
    expect(kept.json.items.every((r: any) => r.riskLevel === level)).toBe(true);
  });

  test("another user's batch is 404; without read 403; a bad risk level 400", async () => {
    expect((await call("GET", "/batch", undefined, otherKey)).json.items).toEqual([]);
    expect((await call("GET", `/batch/${batchId}/results`, undefined, otherKey)).status).toBe(404);
    expect((await call("GET", `/batch/${batchId}/results`, undefined, screenOnlyKey)).status).toBe(403);
    expect((await call("GET", "/batch", undefined, screenOnlyKey)).status).toBe(403);
    const bad = await call("GET", `/batch/${batchId}/results?riskLevel=severe`);
    expect(bad.status).toBe(400);
    expect(bad.json.error).toContain("riskLevel");
  });
});

describe("review (listReviewQueue, listOpenHits, approveDecision, rejectDecision, addSearchNote)", () => {
  test("the queue holds the search with an undecided match; another user's queue does not", async () => {
    const queue = await call("GET", "/reviews", undefined, readOnlyKey);
    expect(queue.status).toBe(200);
    expect(queue.json.items.map((i: any) => i.searchId)).toContain(searchId);
    expect(queue.json.items.find((i: any) => i.searchId === searchId)).toMatchObject({ status: "needs_review", owner: { email: "lists@example.com" } });
    expect((await call("GET", "/reviews", undefined, otherKey)).json.items.map((i: any) => i.searchId)).not.toContain(searchId);
    expect((await call("GET", "/reviews", undefined, screenOnlyKey)).status).toBe(403);
    expect((await call("GET", "/reviews?status=closed")).status).toBe(400);
  });

  test("the open hits are the search's undecided hits, one row each, with their explanation; another user's are not", async () => {
    const open = await call("GET", "/hits/open?limit=100", undefined, readOnlyKey);
    expect(open.status).toBe(200);
    const search = (await call("GET", `/search/${searchId}`)).json;
    const mine = open.json.items.filter((h: any) => h.searchId === searchId);
    expect(search.review.openHits).toBeGreaterThan(0);
    expect(new Set(mine.map((h: any) => h.hitId)).size).toBe(search.review.openHits);
    // Each names a hit of the search as a decision names it (its list and entry).
    expect(mine.every((h: any) => h.kind === "sanctions" && h.hitId.startsWith("s:us_ofac_sdn:"))).toBe(true);
    expect(mine[0]).toMatchObject({ searchTerm: "Rustam Karimov", name: expect.any(String), explanation: expect.any(String), awaitingApproval: false });
    expect((await call("GET", "/hits/open", undefined, otherKey)).json.items.map((h: any) => h.searchId)).not.toContain(searchId);
    const refused = await call("GET", "/hits/open", undefined, screenOnlyKey);
    expect(refused.status).toBe(403);
    expect(refused.json.error).toContain("read");
    expect((await call("GET", "/hits/open?limit=500")).status).toBe(400);
  });

  test("a note is added with the review scope, never to another user's search", async () => {
    const added = await call("POST", `/search/${searchId}/notes`, { text: "Checked the passport copy" });
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({ kind: "note", text: "Checked the passport copy", author: "Lisa Lists" });
    expect((await call("GET", `/search/${searchId}`)).json.review.notes.map((n: any) => n.text)).toContain("Checked the passport copy");
    expect((await call("POST", `/search/${searchId}/notes`, { text: "Mine" }, otherKey)).status).toBe(404);
    const refused = await call("POST", `/search/${searchId}/notes`, { text: "No scope" }, readOnlyKey);
    expect(refused.status).toBe(403);
    expect(refused.json.error).toContain("review");
    expect((await call("POST", `/search/${searchId}/notes`, { text: "  " })).status).toBe(400);
  });

  test("under four eyes a proposal is answered by a reviewer only", async () => {
    await updateSystemSettings(app.db, { fourEyesReview: true });
    try {
      const search = (await call("GET", `/search/${searchId}`)).json;
      const hit = search.sanctionsList.find((row: any) => row.match).hits[0];
      const proposed = await call("POST", `/search/${searchId}/decisions`, { hitId: hit.hitId, decision: "true_match", reason: "confirmed_identity" });
      expect(proposed.json.state).toBe("proposed");
      // a member who is not a reviewer answers no proposal (their own included); reading keys may not answer
      const own = await call("POST", `/decisions/${proposed.json.id}/approve`, {});
      expect(own.status).toBe(403);
      expect((await call("POST", `/decisions/${proposed.json.id}/approve`, {}, otherKey)).status).toBe(403);
      expect((await call("POST", `/decisions/${proposed.json.id}/reject`, { comment: "No" }, readOnlyKey)).status).toBe(403);
      expect((await call("POST", `/decisions/${proposed.json.id}/reject`, {})).status).toBe(400);
    } finally {
      await updateSystemSettings(app.db, { fourEyesReview: false });
    }
  });
});

describe("POST /sanctions/compare (compareNames)", () => {
  test("two names scored with the imported lists as weights, free of charge", async () => {
    const answer = await call("POST", "/sanctions/compare", { query: "Rustam Karimov", candidate: "KARIMOV, Rustam" }, readOnlyKey);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ decision: "match", weights: "lists" });
    expect(answer.json.score).toBeGreaterThan(0.8);
    expect(answer.json.explanation.parts.length).toBeGreaterThan(0);
    expect((await call("POST", "/sanctions/compare", { query: "A", candidate: "B" }, screenOnlyKey)).status).toBe(403);
    const bad = await call("POST", "/sanctions/compare", { query: "", candidate: "B" });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toContain("query");
  });
});
