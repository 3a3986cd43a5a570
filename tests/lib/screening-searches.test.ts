import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { AppError } from "../../lib/errors.ts";
import { SEARCH_QUEUE } from "../../lib/screening/search-queue.ts";
import { type CreateSearchInput, createSearch, deleteSearch, getSearch, listSearches } from "../../lib/screening/searches.ts";
import { updateSystemSettings } from "../../lib/settings/system-settings.ts";
import { jobsOf, ledgerOf, openScreeningDb, type ScreeningDb, searchRow } from "../fixtures/screening.ts";
import { createUser } from "../helpers/app.ts";
import { balanceOf } from "../helpers/credits.ts";

// No worker runs in this file: searches stay pending with their job queued.
let s: ScreeningDb;
beforeAll(async () => {
  s = await openScreeningDb({ concurrency: 0 });
});
afterAll(() => s.close());

let n = 0;
const newUser = (credits?: number, role?: "user" | "admin") => createUser(s.db, { email: `user${++n}@example.com`, password: "password-1", credits, role });
const create = (userId: string, extra: Partial<CreateSearchInput> = {}) =>
  createSearch({ db: s.db, queue: s.queue }, { userId, searchTerm: "Jane Example", entityType: "person", ...extra });

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error("expected an AppError");
}

const message10 = "You need at least 10 credits to perform a search. Please contact support to add more credits.";

describe("createSearch", () => {
  test("trims and stores the search, charges the manual cost once with the search's id, queues its job, audits it", async () => {
    const user = await newUser(25);
    const search = await create(user.id, { searchTerm: "  Jane   Example ", entityType: "company", language: "de", country: "at", numLinks: 5 });
    expect(search).toMatchObject({
      searchTerm: "Jane   Example",
      entityType: "company",
      language: "de",
      country: "AT",
      numLinks: 5,
      status: "pending",
      creditsUsed: 10,
      isAutomated: false,
    });
    expect(await balanceOf(s.db, user.id)).toBe(15);
    const ledger = await ledgerOf(s.db, user.id);
    expect(ledger.map((r) => ({ type: r.type, amount: r.amount, balance: r.balance, searchId: r.searchId }))).toEqual([
      { type: "manual_search", amount: -10, balance: 15, searchId: search.id },
    ]);
    expect((await jobsOf(s.database, SEARCH_QUEUE)).find((j) => j.id === search.id)?.state).toBe("created");
    expect(await s.queue.jobState(SEARCH_QUEUE, search.id)).toBe("created");
    const audit = await s.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, "search.created"), eq(schema.auditLog.targetId, search.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorKind: "user", actorUserId: user.id, targetType: "search" });
    expect(audit[0].details).toMatchObject({ searchTerm: "Jane   Example", creditsUsed: 10 });
  });

  test("defaults: person, language en, no country, 10 links", async () => {
    const user = await newUser(25);
    const search = await createSearch({ db: s.db, queue: s.queue }, { userId: user.id, searchTerm: "Acme", entityType: "person" });
    expect(search).toMatchObject({ entityType: "person", language: "en", country: null, numLinks: 10 });
  });

  test("invalid input is a 400 with the rule broken, and charges nothing", async () => {
    const user = await newUser(25);
    expect(await refusal(create(user.id, { searchTerm: "   " }))).toEqual({ status: 400, message: "Search term is required" });
    expect(await refusal(create(user.id, { searchTerm: "x".repeat(201) }))).toEqual({ status: 400, message: "Search term must be at most 200 characters" });
    expect((await refusal(create(user.id, { country: "XX" }))).status).toBe(400);
    expect((await refusal(create(user.id, { language: "it" }))).message).toBe("Language must be one of en, de, es, fr");
    expect((await refusal(create(user.id, { numLinks: 0 }))).status).toBe(400);
    expect((await refusal(create(user.id, { numLinks: 51 }))).status).toBe(400);
    expect((await refusal(create(user.id, { entityType: "vessel" as "person" }))).status).toBe(400);
    expect(await balanceOf(s.db, user.id)).toBe(25);
    expect(await ledgerOf(s.db, user.id)).toHaveLength(0);
  });

  test("at the credit boundary: 10 credits buy one search, then 402 saying at least 10 credits are needed, and nothing written", async () => {
    const user = await newUser(10);
    await create(user.id);
    expect(await balanceOf(s.db, user.id)).toBe(0);
    const jobsBefore = (await jobsOf(s.database, SEARCH_QUEUE)).length;
    expect(await refusal(create(user.id))).toEqual({ status: 402, message: message10 });
    expect(await balanceOf(s.db, user.id)).toBe(0);
    expect(await ledgerOf(s.db, user.id)).toHaveLength(1);
    expect((await listSearches(s.db, user, { limit: 50 })).items).toHaveLength(1);
    expect((await jobsOf(s.database, SEARCH_QUEUE)).length).toBe(jobsBefore);

    const nine = await newUser(9);
    expect(await refusal(create(nine.id))).toEqual({ status: 402, message: message10 });
    expect(await balanceOf(s.db, nine.id)).toBe(9);
  });

  test("5 concurrent searches with 25 credits: exactly 2 accepted, 3 refused with 402, balance 5, 2 ledger rows, 2 jobs", async () => {
    const user = await newUser(25);
    const jobsBefore = (await jobsOf(s.database, SEARCH_QUEUE)).length;
    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => create(user.id, { searchTerm: `Concurrent ${i}` })));
    const accepted = outcomes.filter((o) => o.status === "fulfilled");
    const refused = outcomes.filter((o) => o.status === "rejected").map((o) => (o as PromiseRejectedResult).reason);
    expect(accepted).toHaveLength(2);
    expect(refused.map((e) => [e.status, e.message])).toEqual(Array(3).fill([402, message10]));
    expect(await balanceOf(s.db, user.id)).toBe(5);
    const ledger = await ledgerOf(s.db, user.id);
    expect(ledger.map((r) => r.amount)).toEqual([-10, -10]);
    expect(ledger.map((r) => r.balance).sort()).toEqual([15, 5]);
    const searches = (await listSearches(s.db, user, { limit: 50 })).items;
    expect(searches).toHaveLength(2);
    expect(new Set(ledger.map((r) => r.searchId))).toEqual(new Set(searches.map((x) => x.id)));
    expect((await jobsOf(s.database, SEARCH_QUEUE)).length - jobsBefore).toBe(2);
  });

  test("the configured cost is charged and named in the refusal; automatic searches cost the automated price", async () => {
    await updateSystemSettings(s.db, { manualSearchCost: 7, automatedSearchCost: 2 });
    try {
      const user = await newUser(13);
      const manual = await create(user.id);
      expect(manual.creditsUsed).toBe(7);
      expect(await refusal(create(user.id))).toEqual({
        status: 402,
        message: "You need at least 7 credits to perform a search. Please contact support to add more credits.",
      });
      const automatic = await create(user.id, { isAutomated: true });
      expect(automatic).toMatchObject({ isAutomated: true, creditsUsed: 2 });
      expect((await ledgerOf(s.db, user.id)).map((r) => [r.type, r.amount]).sort()).toEqual([
        ["automatic_search", -2],
        ["manual_search", -7],
      ]);
      expect(await balanceOf(s.db, user.id)).toBe(4);
    } finally {
      await updateSystemSettings(s.db, { manualSearchCost: 10, automatedSearchCost: 1 });
    }
  });

  test("an admin is not charged, even with no credits: creditsUsed 0 and no ledger row", async () => {
    const admin = await newUser(0, "admin");
    const search = await create(admin.id);
    expect(search.creditsUsed).toBe(0);
    expect(await balanceOf(s.db, admin.id)).toBe(0);
    expect(await ledgerOf(s.db, admin.id)).toHaveLength(0);
    expect(await s.queue.jobState(SEARCH_QUEUE, search.id)).toBe("created");
  });

  test("a deactivated or unknown user cannot search", async () => {
    const user = await newUser(25);
    await s.db.update(schema.users).set({ isActive: false }).where(eq(schema.users.id, user.id));
    expect((await refusal(create(user.id))).status).toBe(403);
    expect((await refusal(create(crypto.randomUUID()))).status).toBe(404);
    expect(await balanceOf(s.db, user.id)).toBe(25);
  });
});

describe("reading and deleting", () => {
  test("getSearch: own search only; another organisation's, unknown and malformed ids are 404 'Search not found'", async () => {
    const owner = await newUser(25);
    const other = await newUser(25);
    const search = await create(owner.id);
    expect((await getSearch(s.db, owner, search.id)).id).toBe(search.id);
    for (const [reader, id] of [
      [other, search.id],
      [owner, crypto.randomUUID()],
      [owner, "not-a-uuid"],
      [owner, `${search.id}'--`],
    ] as const) {
      expect(await refusal(getSearch(s.db, reader, id))).toEqual({ status: 404, message: "Search not found" });
    }
  });

  test("listSearches: the user's own, newest first, with the list fields", async () => {
    const user = await newUser(100);
    const first = await create(user.id, { searchTerm: "First" });
    await Bun.sleep(5);
    const second = await create(user.id, { searchTerm: "Second" });
    await create((await newUser(25)).id, { searchTerm: "Someone else's" });
    const list = (await listSearches(s.db, user, { limit: 50 })).items;
    expect(list.map((x) => x.id)).toEqual([second.id, first.id]);
    expect(Object.keys(list[0]).sort()).toEqual(["createdAt", "entityType", "id", "reviewStatus", "riskLevel", "searchTerm", "searchedBy", "status", "userId"]);
    expect(list[0]).toMatchObject({ searchTerm: "Second", entityType: "person", status: "pending", riskLevel: null, userId: user.id });
  });

  test("deleteSearch: hides the own search from its owner and keeps it (the ledger row stays linked); another user's is 404", async () => {
    const owner = await newUser(25);
    const other = await newUser(25);
    const search = await create(owner.id);
    expect(await refusal(deleteSearch(s.db, other.id, search.id))).toEqual({ status: 404, message: "Search not found" });
    expect((await searchRow(s.db, search.id))?.hiddenAt).toBeNull();
    await deleteSearch(s.db, owner.id, search.id);
    expect((await searchRow(s.db, search.id))?.hiddenBy).toBe(owner.id);
    expect(await refusal(getSearch(s.db, owner, search.id))).toEqual({ status: 404, message: "Search not found" });
    expect((await listSearches(s.db, owner, { limit: 50 })).items).toEqual([]);
    expect((await listSearches(s.db, owner, { limit: 50 })).total).toBe(0);
    expect(await refusal(deleteSearch(s.db, owner.id, search.id))).toEqual({ status: 404, message: "Search not found" });
    const ledger = await ledgerOf(s.db, owner.id);
    expect(ledger.map((r) => [r.amount, r.searchId])).toEqual([[-10, search.id]]);
    expect(await balanceOf(s.db, owner.id)).toBe(15);
  });
});
