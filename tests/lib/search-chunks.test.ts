import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { teamMemberById } from "../../lib/auth/team-records.ts";
import { createBatchJob, getBatchJob } from "../../lib/batch/batch-jobs.ts";
import { type NewsArticle, NewsProviderError, type NewsQuery } from "../../lib/media/news-article.ts";
import { type IndexSnapshot, SanctionsIndexCache } from "../../lib/sanctions/index-cache/cache.ts";
import type { ListIndex } from "../../lib/screening/lists.ts";
import { SEARCH_CHUNK_QUEUE } from "../../lib/screening/search-queue.ts";
import {
  FakeNews,
  importSdn,
  jobsOf,
  keepOnlyDatasets,
  ledgerOf,
  openScreeningDb,
  pipelineDeps,
  type ScreeningDb,
  startSearchWorker,
} from "../fixtures/screening.ts";
import { createUser } from "../helpers/app.ts";

/**
 * A batch's rows run in chunk jobs: each row is its own search written once, a retried chunk screens only the rows
 * still open, a row that cannot be screened fails alone, and a chunk no attempt could finish fails its open rows.
 */
let s: ScreeningDb;
let userId: string;

beforeAll(async () => {
  // One retry after the first attempt; the queue of this instance runs no jobs, workers are started per test.
  s = await openScreeningDb({ concurrency: 0, retryLimit: 1 });
  await keepOnlyDatasets(s.db, ["us_ofac_sdn"]);
  await importSdn(s.db);
  userId = (await createUser(s.db, { email: "chunks@example.com", password: "password-1", credits: 10_000 })).id;
});
afterAll(() => s.close());

const TERMS = ["Rustam Karimov", "Maria Schneider", "Jean Dupont", "Ana Lopez", "Peter Novak"];
const createBatch = async (terms: string[]) =>
  (
    await createBatchJob(
      { db: s.db, queue: s.queue },
      { userId, name: "Chunks", entities: terms.map((searchTerm) => ({ searchTerm, entityType: "person" as const, language: "en" as const, numLinks: 10 })) },
    )
  ).batch.id;

async function waitForBatchEnd(batchId: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const batch = await getBatchJob(s.db, await teamMemberById(s.db, userId), batchId);
    if (batch.status === "completed" || batch.status === "failed") return batch;
    if (Date.now() > deadline) throw new Error(`batch still ${batch.status} after ${timeoutMs} ms`);
    await Bun.sleep(100);
  }
}

/** The real index, with the list searches counted per term and failing for the terms `fails` says. */
function countingLists(fails: (term: string, call: number) => boolean): ListIndex & { calls: Map<string, number> } {
  const real = new SanctionsIndexCache(s.db);
  const calls = new Map<string, number>();
  return {
    calls,
    async refresh(): Promise<IndexSnapshot> {
      const snapshot = await real.refresh();
      const index = Object.create(snapshot.index);
      index.search = async (term: string, options: Parameters<IndexSnapshot["index"]["search"]>[1]) => {
        const call = (calls.get(term) ?? 0) + 1;
        calls.set(term, call);
        if (fails(term, call)) throw new Error(`the list search broke on ${term}`);
        return snapshot.index.search(term, options);
      };
      return { ...snapshot, index };
    },
  };
}

/** News that answers, except for the terms given, where the provider fails. */
class NewsFailingFor extends FakeNews {
  constructor(private readonly failing: Set<string>) {
    super();
  }
  async search(query: NewsQuery): Promise<NewsArticle[]> {
    if (this.failing.has(query.term)) throw new NewsProviderError(this.name, "answered HTTP 503", "http_error", { status: 503 });
    return super.search(query);
  }
}

const rowsOf = (batchId: string) =>
  s.db
    .select({ term: schema.searches.searchTerm, status: schema.searches.status, error: schema.searches.error, results: schema.searches.results })
    .from(schema.searches)
    .where(eq(schema.searches.batchJobId, batchId));

describe("batch chunks", () => {
  test("a retried chunk screens only its rows still open: the others are written on the first attempt and charged once", async () => {
    const lists = countingLists((term, call) => term === "Jean Dupont" && call === 1);
    const worker = await startSearchWorker(s, pipelineDeps(s.db, [new FakeNews()], { lists }));
    try {
      const batchId = await createBatch(TERMS);
      const batch = await waitForBatchEnd(batchId);
      expect(batch).toMatchObject({ status: "completed", processedEntities: TERMS.length, failedEntities: 0 });
      expect(Object.fromEntries(lists.calls)).toEqual({ "Rustam Karimov": 1, "Maria Schneider": 1, "Jean Dupont": 2, "Ana Lopez": 1, "Peter Novak": 1 });
      const karimov = (await rowsOf(batchId)).find((r) => r.term === "Rustam Karimov");
      expect((karimov!.results as { sanctionsList: { match: boolean }[] }).sanctionsList.some((row) => row.match)).toBe(true);
      const charges = (await ledgerOf(s.db, userId)).filter((r) => batch.searches.some((b) => b.id === r.searchId));
      expect(charges).toHaveLength(TERMS.length);
    } finally {
      await worker.stop();
    }
  });

  test("a row nothing could be checked for fails alone: the batch completes with its failed count", async () => {
    const lists = countingLists((term) => term === "Ana Lopez");
    const worker = await startSearchWorker(s, pipelineDeps(s.db, [new NewsFailingFor(new Set(["Ana Lopez"]))], { lists }));
    try {
      const batchId = await createBatch(TERMS);
      const batch = await waitForBatchEnd(batchId);
      expect(batch).toMatchObject({ status: "completed", processedEntities: TERMS.length - 1, failedEntities: 1 });
      const failed = (await rowsOf(batchId)).filter((r) => r.status === "failed");
      expect(failed.map((r) => r.term)).toEqual(["Ana Lopez"]);
      expect(failed[0].error).toContain("Nothing could be checked");
    } finally {
      await worker.stop();
    }
  });

  test("a chunk no attempt could finish goes to the dead letter: its rows are marked failed with the last error, the batch fails", async () => {
    const broken: ListIndex = {
      refresh: async () =>
        ({
          get versions(): never {
            throw new Error("index broke again");
          },
        }) as unknown as IndexSnapshot,
    };
    const worker = await startSearchWorker(s, pipelineDeps(s.db, [new FakeNews()], { lists: broken }));
    try {
      const batchId = await createBatch(TERMS.slice(0, 3));
      const batch = await waitForBatchEnd(batchId);
      expect(batch).toMatchObject({ status: "failed", processedEntities: 0, failedEntities: 3 });
      for (const row of await rowsOf(batchId)) {
        expect(row.error).toBe("The search could not be completed: every attempt failed (last error: index broke again). Please try again.");
      }
      const jobs = (await jobsOf(s.database, SEARCH_CHUNK_QUEUE)).filter((j) => batch.searches.some((b) => (j.data.searchIds as string[]).includes(b.id)));
      expect(jobs.map((j) => j.state)).toEqual(["failed"]);
    } finally {
      await worker.stop();
    }
  });
});
