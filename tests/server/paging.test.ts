/**
 * Paged lists over HTTP (GET /api/searches, GET /api/credits/transactions): newest first, a cursor that neither
 * repeats nor skips rows (also when new rows arrive between pages, rows a microsecond apart or at the same
 * instant), the filters, the total, another user's rows never shown, bad parameters 400.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { changeCredits } from "../../lib/credits/ledger.ts";
import { HttpClient } from "../../support/http-client.ts";
import { createUser, signedIn, startApp, type TestApp } from "../helpers/app.ts";
import { SCREENING_TEST_ENV, setEnv } from "../helpers/env.ts";

let app: TestApp;
let owner: HttpClient;
let ownerId: string;
let otherId: string;
let restoreEnv: () => void = () => {};

/** `count` searches: three at each instant, the instants a microsecond apart, terms "Subject 1".."Subject n". */
async function insertSearches(userId: string, count: number, from: string, term = "Subject") {
  await app.db.execute(sql`
    insert into searches (user_id, organisation_id, search_term, entity_name, entity_type, status, created_at)
    select ${userId}::uuid, (select organisation_id from users where id = ${userId}::uuid), ${term} || ' ' || i, ${term} || ' ' || i, 'person', 'completed',
           ${from}::timestamptz + (i / 3) * interval '1 microsecond'
    from generate_series(1, ${count}) as i`);
}

/** The ids in the order the list must show them, straight from the database. */
/** The user's rows as their list must show them: searches they deleted (hidden) are not in their history. */
async function expectedOrder(table: "searches" | "credit_transactions", userId: string, type?: string) {
  const ofType = type ? sql`and type = ${type}` : table === "searches" ? sql`and hidden_at is null` : sql``;
  const rows = await app.db.execute<{ id: string }>(
    sql`select id from ${sql.identifier(table)} where user_id = ${userId}::uuid ${ofType} order by created_at desc, id desc`,
  );
  return (Array.isArray(rows) ? rows : (rows as unknown as { rows: { id: string }[] }).rows).map((r) => r.id);
}

async function allPages(client: HttpClient, path: string, limit: number) {
  const ids: string[] = [];
  const totals = new Set<number>();
  let cursor: string | null = null;
  let pages = 0;
  do {
    const separator = path.includes("?") ? "&" : "?";
    const res = await client.get(`${path}${separator}limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`);
    expect(res.status).toBe(200);
    expect(res.json.items.length).toBeLessThanOrEqual(limit);
    ids.push(...res.json.items.map((item: { id: string }) => item.id));
    totals.add(res.json.total);
    cursor = res.json.nextCursor;
    pages++;
  } while (cursor);
  return { ids, totals: [...totals], pages };
}

beforeAll(async () => {
  // One test starts a real search: no internet providers.
  restoreEnv = setEnv({ ...SCREENING_TEST_ENV, DUECHECK_NEWS_PROVIDERS: "none" });
  app = await startApp();
  const user = await createUser(app.db, { email: "owner@example.com", password: "owner-password", credits: 0 });
  const other = await createUser(app.db, { email: "other@example.com", password: "other-password", credits: 0 });
  ownerId = user.id;
  otherId = other.id;
  await insertSearches(ownerId, 130, "2025-03-01T00:00:00Z");
  // Another user's searches interleaved in time, with the same terms.
  await insertSearches(otherId, 40, "2025-03-01T00:00:00.000010Z");
  owner = new HttpClient(app.url);
  await owner.signIn("owner@example.com", "owner-password");
}, 60_000);
afterAll(async () => {
  await app.stop();
  restoreEnv();
});

describe("GET /api/searches", () => {
  test("pages of 50, newest first, every search exactly once, the total on every page", async () => {
    const expected = await expectedOrder("searches", ownerId);
    expect(expected).toHaveLength(130);
    const { ids, totals, pages } = await allPages(owner, "/api/searches", 50);
    expect(pages).toBe(3);
    expect(ids).toEqual(expected);
    expect(totals).toEqual([130]);

    const first = await owner.get("/api/searches");
    expect(first.json.items).toHaveLength(50);
    expect(Object.keys(first.json).sort()).toEqual(["items", "nextCursor", "total"]);
    expect(Object.keys(first.json.items[0]).sort()).toEqual([
      "createdAt",
      "entityType",
      "id",
      "reviewStatus",
      "riskLevel",
      "searchTerm",
      "searchedBy",
      "status",
    ]);
    // 129 and 130 were made at the same instant.
    expect(["Subject 129", "Subject 130"]).toContain(first.json.items[0].searchTerm);
  });

  test("searches made between two pages neither repeat nor shift the next page", async () => {
    const expected = await expectedOrder("searches", ownerId);
    const first = await owner.get("/api/searches?limit=20");
    expect(first.json.items.map((s: { id: string }) => s.id)).toEqual(expected.slice(0, 20));
    await insertSearches(ownerId, 6, "2025-04-01T00:00:00Z", "Newer");
    const second = await owner.get(`/api/searches?limit=20&cursor=${first.json.nextCursor}`);
    expect(second.json.items.map((s: { id: string }) => s.id)).toEqual(expected.slice(20, 40));
    expect(second.json.total).toBe(136);
    // The new ones come first on a fresh first page.
    const fresh = await owner.get("/api/searches?limit=6");
    expect(fresh.json.items.map((s: { searchTerm: string }) => s.searchTerm).sort()).toEqual([
      "Newer 1",
      "Newer 2",
      "Newer 3",
      "Newer 4",
      "Newer 5",
      "Newer 6",
    ]);
  });

  test("q filters on the term, ignoring case, over all pages; LIKE characters are plain text", async () => {
    // Subject 1, 10..19, 100..130 of the owner: 1 + 10 + 31 = 42 (the other user's never count).
    const { ids, totals } = await allPages(owner, "/api/searches?q=%20subject%201", 15);
    expect(totals).toEqual([42]);
    expect(ids).toHaveLength(42);
    expect(new Set(ids).size).toBe(42);
    const res = await owner.get("/api/searches?q=SUBJECT%2012");
    const items: { id: string; searchTerm: string }[] = res.json.items;
    expect(items.map((s) => s.searchTerm).sort()).toEqual(["Subject 12", ...Array.from({ length: 10 }, (_, i) => `Subject 12${i}`)]);
    const shown = new Set(items.map((s) => s.id));
    expect(items.map((s) => s.id)).toEqual((await expectedOrder("searches", ownerId)).filter((id) => shown.has(id)));
    expect((await owner.get("/api/searches?q=%25")).json).toEqual({ items: [], nextCursor: null, total: 0 });
    expect((await owner.get("/api/searches?q=Subject_1")).json.total).toBe(0);
  });

  test("another user's searches never appear, and a user without searches gets an empty page", async () => {
    const other = new HttpClient(app.url);
    await other.signIn("other@example.com", "other-password");
    const { ids, totals } = await allPages(other, "/api/searches", 100);
    expect(ids).toEqual(await expectedOrder("searches", otherId));
    expect(totals).toEqual([40]);
    const mine = new Set(await expectedOrder("searches", ownerId));
    expect(ids.some((id) => mine.has(id))).toBe(false);

    const fresh = await signedIn(app, { email: "new@example.com", password: "new-password" });
    expect((await fresh.get("/api/searches")).json).toEqual({ items: [], nextCursor: null, total: 0 });
  });

  test("the total follows deletes, and the filtered total agrees with the unfiltered one", async () => {
    const before = (await owner.get("/api/searches?limit=1")).json;
    const newest = before.items[0];
    expect((await owner.request("DELETE", `/api/searches/${newest.id}`)).status).toBe(200);
    const after = (await owner.get("/api/searches?limit=1")).json;
    expect(after.total).toBe(before.total - 1);
    expect(after.items[0].id).not.toBe(newest.id);
    // Every term ("Subject n", "Newer n") contains an e: the filter's own count sees the same searches.
    expect((await owner.get("/api/searches?q=E&limit=1")).json.total).toBe(after.total);
    expect((await owner.get("/api/searches?limit=1")).json.total).toBe((await expectedOrder("searches", ownerId)).length);
  });

  test("bad limit, cursor or q: 400 with the reason; signed out: 401", async () => {
    for (const [query, error] of [
      ["limit=0", "limit must be at least 1"],
      ["limit=101", "limit must be at most 100"],
      ["limit=ten", "limit must be a number"],
      ["limit=2.5", "limit must be a whole number"],
      ["cursor=nonsense", "Invalid cursor"],
      [`cursor=${Buffer.from("2025-01-01T00:00:00.000000Z_not-a-uuid").toString("base64url")}`, "Invalid cursor"],
      [`cursor=${Buffer.from("yesterday_00000000-0000-0000-0000-000000000000").toString("base64url")}`, "Invalid cursor"],
      [`q=${"x".repeat(201)}`, "q must be at most 200 characters"],
    ]) {
      const res = await owner.get(`/api/searches?${query}`);
      expect([query, res.status, res.json]).toEqual([query, 400, { error }]);
    }
    expect((await new HttpClient(app.url).get("/api/searches")).status).toBe(401);
  });
});

describe("GET /api/credits/transactions", () => {
  test("pages newest first with the total; type filters; the description as code, params and English text", async () => {
    for (let i = 1; i <= 12; i++) {
      await changeCredits(app.db, { userId: ownerId, type: i % 3 ? "admin_credit" : "credit_bonus", amount: i, description: `Grant ${i}` });
    }
    await changeCredits(app.db, { userId: otherId, type: "admin_credit", amount: 5, description: "Not yours" });
    // The twelve and the welcome credits.
    const expected = await expectedOrder("credit_transactions", ownerId);
    expect(expected).toHaveLength(13);
    const { ids, totals, pages } = await allPages(owner, "/api/credits/transactions", 5);
    expect(pages).toBe(3);
    expect(ids).toEqual(expected);
    expect(totals).toEqual([13]);

    const bonuses = await allPages(owner, "/api/credits/transactions?type=credit_bonus", 3);
    expect(bonuses.totals).toEqual([5]);
    expect(bonuses.pages).toBe(2);
    expect(bonuses.ids).toEqual(await expectedOrder("credit_transactions", ownerId, "credit_bonus"));

    const first = (await owner.get("/api/credits/transactions?limit=1")).json.items[0];
    expect(first).toMatchObject({ type: "credit_bonus", amount: 12, balance: 78, description: "Grant 12", descriptionCode: null, descriptionParams: null });

    expect((await owner.get("/api/credits/transactions?type=refund")).status).toBe(400);
    expect((await owner.get("/api/credits/transactions?cursor=%3D%3D")).json).toEqual({ error: "Invalid cursor" });
    expect((await owner.get("/api/credits/balance?limit=101")).status).toBe(400);
  });

  test("a search's charge and the welcome credits carry their code and params", async () => {
    const client = new HttpClient(app.url);
    await createUser(app.db, { email: "payer@example.com", password: "payer-password" });
    await client.signIn("payer@example.com", "payer-password");
    expect((await client.post("/api/searches", { searchTerm: "Acme Trading", entityType: "company" })).status).toBe(201);
    const items = (await client.get("/api/credits/transactions")).json.items;
    expect(items).toMatchObject([
      { type: "manual_search", description: "Manual search: Acme Trading", descriptionCode: "search", descriptionParams: { searchTerm: "Acme Trading" } },
      { type: "credit_bonus", description: "Welcome credits", descriptionCode: "welcome", descriptionParams: null },
    ]);
  });
});
