/** Shared by the screening tests: a database with the search queue, list fixtures and news providers to order. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { and, eq, inArray, notInArray } from "drizzle-orm";
import { type Database, type Db, openDatabase, schema } from "../../data/db.ts";
import { type JobHandler, JobQueue } from "../../lib/jobs/queue.ts";
import { DEFAULT_JOB_SETTINGS, type JobSettings } from "../../lib/jobs/settings.ts";
import { type NewsArticle, type NewsProvider, NewsProviderError, type NewsQuery } from "../../lib/media/news-article.ts";
import { importDatasetFiles } from "../../lib/sanctions/datasets/import.ts";
import { seedDatasets } from "../../lib/sanctions/datasets/registry.ts";
import { SanctionsIndexCache } from "../../lib/sanctions/index-cache/cache.ts";
import type { PipelineDeps } from "../../lib/screening/pipeline.ts";
import { workSearches } from "../../lib/screening/search-jobs.ts";
import { openSearchQueue } from "../../lib/screening/search-queue.ts";
import { seedSystemSettings } from "../../lib/settings/system-settings.ts";
import { wireCapabilities } from "../../lib/wiring.ts";
import { sdnFiles } from "../../support/ofac-sdn.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";

const FIXTURES = join(import.meta.dir, "..", "fixtures", "sanctions");

/** Fast jobs for tests: quick polls, short leases, no pause before a retry. */
export const TEST_JOB_SETTINGS: JobSettings = {
  ...DEFAULT_JOB_SETTINGS,
  concurrency: 2,
  pollSeconds: 0.5,
  expireSeconds: 4,
  maintenanceSeconds: 1,
  retryDelaySeconds: 0,
  stopSeconds: 2,
};

export interface ScreeningDb {
  database: Database;
  db: Db;
  queue: JobQueue;
  testDatabase: TestDatabase;
  close(): Promise<void>;
}

export async function openScreeningDb(settings: Partial<JobSettings> = {}): Promise<ScreeningDb> {
  // As the server and the CLI do at start-up: searches created or ended here get the same reactions.
  wireCapabilities();
  const testDatabase = await createTestDatabase();
  const database = await openDatabase({ databaseUrl: testDatabase.databaseUrl, dataDir: testDatabase.dataDir, role: "cli" });
  await seedSystemSettings(database.db);
  await seedDatasets(database.db);
  const queue = await openSearchQueue(database, { ...TEST_JOB_SETTINGS, ...settings });
  return {
    database,
    db: database.db,
    queue,
    testDatabase,
    async close() {
      await queue.stop();
      await database.close();
      await testDatabase.drop();
    },
  };
}

/** Another "process" on the same database: a job queue of its own that runs search jobs with these sources. */
export async function startSearchWorker(s: ScreeningDb, deps: PipelineDeps): Promise<JobQueue> {
  const queue = await openSearchQueue(s.database, { ...TEST_JOB_SETTINGS, concurrency: 1 });
  workSearches(queue, deps);
  return queue;
}

/** Another "process" running the jobs of one queue with this handler. */
export async function startWorker<T>(s: ScreeningDb, name: string, handler: JobHandler<T>): Promise<JobQueue> {
  const queue = await JobQueue.start(s.database, { ...TEST_JOB_SETTINGS, concurrency: 1 });
  queue.work(name, handler);
  return queue;
}

const stored = (name: string, content: string | Uint8Array) => ({
  name,
  content: typeof content === "string" ? new TextEncoder().encode(content) : content,
  sourceUrl: null,
  etag: null,
  lastModified: null,
});

/** The OFAC SDN fixture (KARIMOV, Rustam Alievich, SDGT, Uzbekistan, ...) as the current us_ofac_sdn version. */
export async function importSdn(db: Db) {
  const files = Object.entries(sdnFiles()).map(([name, content]) => stored(name, content));
  return importDatasetFiles(db, "us_ofac_sdn", files, { actor: { kind: "system" }, timeoutMs: 10_000 });
}

/** The OpenSanctions Senzing fixture (Scott Franklin, US Congress) as the current us_congress_peps version. */
export async function importPeps(db: Db) {
  const content = new Uint8Array(readFileSync(join(FIXTURES, "opensanctions_senzing", "senzing.json")));
  return importDatasetFiles(db, "us_congress_peps", [stored("senzing.json", content)], { actor: { kind: "system" }, timeoutMs: 10_000 });
}

/** Keeps only these datasets in the registry, so the others do not count as never downloaded. */
export async function keepOnlyDatasets(db: Db, ids: string[]) {
  await db.delete(schema.sanctionsDatasets).where(notInArray(schema.sanctionsDatasets.id, ids));
}

/** A news provider to order: fixed articles, a failure, or an answer that never comes. */
export class FakeNews implements NewsProvider {
  mode: "answer" | "fail" | "hang" = "answer";
  articles: NewsArticle[] = [];
  readonly queries: NewsQuery[] = [];

  constructor(readonly name = "Test News") {}

  async search(query: NewsQuery): Promise<NewsArticle[]> {
    this.queries.push(query);
    if (this.mode === "fail") throw new NewsProviderError(this.name, "answered HTTP 503", "http_error", { status: 503 });
    if (this.mode === "hang") {
      return new Promise((_, reject) => query.signal?.addEventListener("abort", () => reject(new Error(`${this.name}: aborted`))));
    }
    return this.articles;
  }
}

export function article(title: string, snippet: string, extra: Partial<NewsArticle> = {}): NewsArticle {
  return {
    title,
    snippet,
    url: `https://news.example/${encodeURIComponent(title.toLowerCase().replace(/\s+/g, "-"))}`,
    source: "news.example",
    publishedAt: "2025-03-01T10:00:00Z",
    language: "en",
    ...extra,
  };
}

export function pipelineDeps(db: Db, news: NewsProvider[], extra: Partial<PipelineDeps> = {}): PipelineDeps {
  return { db, lists: new SanctionsIndexCache(db), newsProviders: news, model: null, ...extra };
}

/** The user's search charges in the ledger (the welcome credits left out). */
export async function ledgerOf(db: Db, userId: string) {
  return db
    .select()
    .from(schema.creditTransactions)
    .where(and(eq(schema.creditTransactions.userId, userId), inArray(schema.creditTransactions.type, ["manual_search", "automatic_search"])));
}

export async function searchRow(db: Db, id: string) {
  const [row] = await db.select().from(schema.searches).where(eq(schema.searches.id, id));
  return row;
}

/** Jobs of a queue in pg-boss's table, whatever their state. */
export async function jobsOf(database: Database, queue: string) {
  const { rows } = await database.executeSql(
    `select id, state, retry_count, priority, data from pgboss.job where name = $1 order by priority desc, created_on, id`,
    [queue],
  );
  return rows as { id: string; state: string; retry_count: number; priority: number; data: Record<string, unknown> }[];
}

/** Waits until the search is completed or failed. */
export async function waitForSearch(db: Db, id: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await searchRow(db, id);
    if (row && (row.status === "completed" || row.status === "failed")) return row;
    if (Date.now() > deadline) throw new Error(`search ${id} still ${row?.status} after ${timeoutMs} ms`);
    await Bun.sleep(100);
  }
}
