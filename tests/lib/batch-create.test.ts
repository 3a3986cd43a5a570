import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, asc, eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { createBatchJob } from "../../lib/batch/batch-jobs.ts";
import { AppError } from "../../lib/errors.ts";
import type { CreateSearchFields } from "../../lib/screening/schemas.ts";
import { SEARCH_CHUNK_QUEUE, SEARCHES_PER_CHUNK } from "../../lib/screening/search-queue.ts";
import { updateSystemSettings } from "../../lib/settings/system-settings.ts";
import { jobsOf, openScreeningDb, type ScreeningDb } from "../fixtures/screening.ts";
import { createUser } from "../helpers/app.ts";
import { balanceOf } from "../helpers/credits.ts";

// No worker runs in this file: the batch's searches stay pending with their jobs queued.
let s: ScreeningDb;
beforeAll(async () => {
  s = await openScreeningDb({ concurrency: 0 });
});
afterAll(() => s.close());

let n = 0;
const newUser = (credits: number, role?: "user" | "admin") => createUser(s.db, { email: `batch${++n}@example.com`, password: "password-1", credits, role });
const rows = (count: number): CreateSearchFields[] =>
  Array.from({ length: count }, (_, i) => ({ searchTerm: `Person ${i + 1}`, entityType: i % 2 ? "company" : "person", language: "en", numLinks: 10 }));
const create = (userId: string, entities: CreateSearchFields[]) => createBatchJob({ db: s.db, queue: s.queue }, { userId, name: "Customers", entities });

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error("expected an AppError");
}

const batchesOf = (userId: string) => s.db.select().from(schema.batchJobs).where(eq(schema.batchJobs.userId, userId));
const searchesOf = (userId: string) => s.db.select().from(schema.searches).where(eq(schema.searches.userId, userId)).orderBy(asc(schema.searches.createdAt));
const chargesOf = (userId: string) =>
  s.db
    .select()
    .from(schema.creditTransactions)
    .where(and(eq(schema.creditTransactions.userId, userId), eq(schema.creditTransactions.type, "manual_search")))
    .orderBy(asc(schema.creditTransactions.createdAt), asc(schema.creditTransactions.id));

describe("createBatchJob", () => {
  test("charges exactly rows × the manual cost, one ledger entry per row with the balance after it, and queues the rows in chunk jobs that hold each row once", async () => {
    const user = await newUser(2600);
    const { batch, creditsRequired } = await create(user.id, rows(250));
    expect(creditsRequired).toBe(2500);
    expect(batch).toMatchObject({ status: "processing", totalEntities: 250 });
    expect(await balanceOf(s.db, user.id)).toBe(100);

    const searches = await searchesOf(user.id);
    expect(searches).toHaveLength(250);
    expect(new Set(searches.map((r) => r.searchTerm))).toEqual(new Set(rows(250).map((r) => r.searchTerm)));
    expect(searches.every((r) => r.batchJobId === batch.id && r.status === "pending" && r.creditsUsed === 10)).toBe(true);

    const charges = await chargesOf(user.id);
    expect(charges).toHaveLength(250);
    expect(new Set(charges.map((c) => c.searchId))).toEqual(new Set(searches.map((r) => r.id)));
    expect(charges.every((c) => c.amount === -10)).toBe(true);
    // Read in the ledger's order, the balances step down by the cost to the balance now.
    expect(charges.map((c) => c.balance)).toEqual(Array.from({ length: 250 }, (_, i) => 2600 - 10 * (i + 1)));
    expect(charges[0].description).toMatch(/^Manual search: Person \d+$/);

    const chunks = (await jobsOf(s.database, SEARCH_CHUNK_QUEUE)).filter((j) => j.data.userId === user.id);
    expect(chunks).toHaveLength(Math.ceil(250 / SEARCHES_PER_CHUNK));
    expect(chunks.every((j) => j.state === "created" && (j.data.searchIds as string[]).length <= SEARCHES_PER_CHUNK)).toBe(true);
    const queued = chunks.flatMap((j) => j.data.searchIds as string[]);
    expect(queued).toHaveLength(250);
    expect(new Set(queued)).toEqual(new Set(searches.map((r) => r.id)));
    const audit = await s.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, "batch.created"), eq(schema.auditLog.targetId, batch.id)));
    expect(audit.map((a) => a.details)).toEqual([{ totalEntities: 250, creditsRequired: 2500 }]);
  });

  test("too few credits for every row: 402 naming what is required and available, and nothing is written", async () => {
    const user = await newUser(95);
    expect(await refusal(create(user.id, rows(10)))).toEqual({
      status: 402,
      message: "Insufficient credits: this batch of 10 needs 100 credits, the balance is 95",
    });
    expect(await balanceOf(s.db, user.id)).toBe(95);
    expect(await batchesOf(user.id)).toEqual([]);
    expect(await searchesOf(user.id)).toEqual([]);
    expect(await chargesOf(user.id)).toEqual([]);
  });

  test("an invalid row refuses the whole batch: no batch, search, charge or job", async () => {
    const user = await newUser(1000);
    const jobsBefore = (await jobsOf(s.database, SEARCH_CHUNK_QUEUE)).length;
    const entities = rows(20);
    entities[13] = { ...entities[13], country: "XX" };
    const refused = await refusal(create(user.id, entities));
    expect(refused.status).toBe(400);
    expect(refused.message).toContain("Row 14");
    expect(await balanceOf(s.db, user.id)).toBe(1000);
    expect(await batchesOf(user.id)).toEqual([]);
    expect(await searchesOf(user.id)).toEqual([]);
    expect(await chargesOf(user.id)).toEqual([]);
    expect((await jobsOf(s.database, SEARCH_CHUNK_QUEUE)).length).toBe(jobsBefore);
  });

  test("admins are not charged: creditsRequired 0, no ledger entry, searches cost 0", async () => {
    const admin = await newUser(0, "admin");
    const { creditsRequired } = await create(admin.id, rows(30));
    expect(creditsRequired).toBe(0);
    expect(await balanceOf(s.db, admin.id)).toBe(0);
    expect(await chargesOf(admin.id)).toEqual([]);
    const searches = await searchesOf(admin.id);
    expect(searches).toHaveLength(30);
    expect(searches.every((r) => r.creditsUsed === 0)).toBe(true);
  });

  test("the cost of the system settings applies to every row", async () => {
    await updateSystemSettings(s.db, { manualSearchCost: 3 });
    try {
      const user = await newUser(40);
      const { creditsRequired } = await create(user.id, rows(13));
      expect(creditsRequired).toBe(39);
      expect(await balanceOf(s.db, user.id)).toBe(1);
      expect((await chargesOf(user.id)).map((c) => c.amount)).toEqual(Array(13).fill(-3));
    } finally {
      await updateSystemSettings(s.db, { manualSearchCost: 10 });
    }
  });

  test("the workers take chunks in turns across users, while one user's batches run one after the other", async () => {
    const [ana, ben] = [await newUser(10_000), await newUser(10_000)];
    const first = await create(ana.id, rows(3 * SEARCHES_PER_CHUNK));
    const other = await create(ben.id, rows(2 * SEARCHES_PER_CHUNK));
    const second = await create(ana.id, rows(SEARCHES_PER_CHUNK));
    const batchOf = new Map<string, string>();
    for (const { batch } of [first, other, second]) {
      for (const r of await s.db.select({ id: schema.searches.id }).from(schema.searches).where(eq(schema.searches.batchJobId, batch.id)))
        batchOf.set(r.id, batch.id);
    }
    // The order the queue hands chunks out in (pg-boss fetches by priority, then age).
    const order = (await jobsOf(s.database, SEARCH_CHUNK_QUEUE))
      .filter((j) => j.state === "created" && (j.data.userId === ana.id || j.data.userId === ben.id))
      .map((j) => batchOf.get((j.data.searchIds as string[])[0]));
    const [a1, b, a2] = [first.batch.id, other.batch.id, second.batch.id];
    expect(order).toEqual([a1, b, a1, b, a1, a2]);
  });
});
