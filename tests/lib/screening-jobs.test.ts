import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import type { IndexSnapshot } from "../../lib/sanctions/index-cache/cache.ts";
import { SanctionsIndexCache } from "../../lib/sanctions/index-cache/cache.ts";
import type { SearchResults } from "../../lib/screening/results.ts";
import { SEARCH_QUEUE } from "../../lib/screening/search-queue.ts";
import { createSearch } from "../../lib/screening/searches.ts";
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
  startWorker,
  waitForSearch,
} from "../fixtures/screening.ts";
import { createUser } from "../helpers/app.ts";

/**
 * The job queue on this database (pg-boss over the app's connection): jobs in transactions, workers, retries,
 * leases that expire when their process is gone, and the dead letter of searches that cannot be finished.
 */
let s: ScreeningDb;
let userId: string;

beforeAll(async () => {
  // Workers are started per test: the queue itself runs none (concurrency 0 as the default of this instance).
  s = await openScreeningDb({ concurrency: 0, retryLimit: 1 });
  await keepOnlyDatasets(s.db, ["us_ofac_sdn"]);
  await importSdn(s.db);
  userId = (await createUser(s.db, { email: "jobs@example.com", password: "password-1", credits: 10_000 })).id;
});
afterAll(() => s.close());

const create = (searchTerm: string) => createSearch({ db: s.db, queue: s.queue }, { userId, searchTerm, entityType: "person" });

describe("queueing", () => {
  test("a job sent in a transaction that rolls back does not exist; one that commits does, once per id", async () => {
    await s.queue.define("test-tx");
    const id = crypto.randomUUID();
    await expect(
      s.db.transaction(async (tx) => {
        expect(await s.queue.send("test-tx", { n: 1 }, { id, tx })).toBe(id);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await s.queue.jobState("test-tx", id)).toBeNull();
    await s.db.transaction(async (tx) => {
      await s.queue.send("test-tx", { n: 2 }, { id, tx });
    });
    expect(await s.queue.jobState("test-tx", id)).toBe("created");
    expect(await s.queue.send("test-tx", { n: 3 }, { id })).toBeNull();
    expect((await jobsOf(s.database, "test-tx")).length).toBe(1);
  });
});

describe("workers", () => {
  test("a worker runs a queued search to completion and completes its job", async () => {
    const worker = await startSearchWorker(s, pipelineDeps(s.db, [new FakeNews()]));
    try {
      const search = await create("Worker Person");
      const row = await waitForSearch(s.db, search.id);
      expect(row.status).toBe("completed");
      expect(await waitForJobState(search.id, "completed")).toBe("completed");
    } finally {
      await worker.stop();
    }
  });

  test("an attempt that fails is retried; the search completes once and is charged once", async () => {
    let calls = 0;
    const real = new SanctionsIndexCache(s.db);
    // The first attempt meets a sanctions index that cannot be built; the retry gets the real one.
    const flaky = {
      refresh: async (): Promise<IndexSnapshot> => {
        if (++calls === 1) throw new Error("Sanctions index worker failed");
        return real.refresh();
      },
    };
    const worker = await startSearchWorker(s, { ...pipelineDeps(s.db, [new FakeNews()]), lists: flaky });
    try {
      const search = await create("Retried Person");
      const row = await waitForSearch(s.db, search.id);
      expect(row.status).toBe("completed");
      expect(calls).toBe(2);
      // The retry searched the list: no failed source is left from the first attempt.
      expect((row.results as SearchResults).sources.filter((x) => x.status === "failed" && x.kind === "sanctions")).toEqual([]);
      expect((row.results as SearchResults).sanctionsList[0].datasetId).toBe("us_ofac_sdn");
      // The search's row is written before pg-boss marks its job done.
      expect(await waitForJobState(search.id, "completed")).toBe("completed");
      const [job] = (await jobsOf(s.database, SEARCH_QUEUE)).filter((j) => j.id === search.id);
      expect(job).toMatchObject({ state: "completed", retry_count: 1 });
      expect((await ledgerOf(s.db, userId)).filter((r) => r.searchId === search.id).map((r) => r.amount)).toEqual([-10]);
    } finally {
      await worker.stop();
    }
  });

  test("on the last attempt an index that cannot be built is recorded as a failed source, and the search completes", async () => {
    const down = { refresh: async (): Promise<IndexSnapshot> => Promise.reject(new Error("Sanctions index worker failed")) };
    const worker = await startSearchWorker(s, { ...pipelineDeps(s.db, [new FakeNews()]), lists: down });
    try {
      const search = await create("Unlucky Person");
      const row = await waitForSearch(s.db, search.id);
      expect(row.status).toBe("completed");
      const results = row.results as SearchResults;
      // (This database has no PEP list: that is a failed source of its own.)
      expect(results.sources.filter((x) => x.status === "failed" && x.kind === "sanctions")).toEqual([
        {
          source: "OFAC Specially Designated Nationals (SDN) List",
          kind: "sanctions",
          status: "failed",
          error: "The list index could not be built: Sanctions index worker failed",
          errorCode: "index_failed",
        },
      ]);
      expect(results.clean).toBe(false);
      // The search's row is written before pg-boss marks its job done.
      expect(await waitForJobState(search.id, "completed")).toBe("completed");
      const [job] = (await jobsOf(s.database, SEARCH_QUEUE)).filter((j) => j.id === search.id);
      expect(job).toMatchObject({ state: "completed", retry_count: 1 });
    } finally {
      await worker.stop();
    }
  });

  test("a search whose every attempt fails goes to the dead letter and is marked failed with the last error", async () => {
    const broken = {
      refresh: async (): Promise<IndexSnapshot> =>
        ({
          get versions(): never {
            throw new Error("index broke again");
          },
        }) as unknown as IndexSnapshot,
    };
    const worker = await startSearchWorker(s, { ...pipelineDeps(s.db, [new FakeNews()]), lists: broken });
    try {
      const search = await create("Doomed Person");
      const row = await waitForSearch(s.db, search.id);
      expect(row.status).toBe("failed");
      expect(row.error).toBe("The search could not be completed: every attempt failed (last error: index broke again). Please try again.");
      expect(await s.queue.jobState(SEARCH_QUEUE, search.id)).toBe("failed");
      expect((await ledgerOf(s.db, userId)).filter((r) => r.searchId === search.id)).toHaveLength(1);
    } finally {
      await worker.stop();
    }
  });

  test("a job taken by a process that died is expired when its lease runs out and completed by a live worker", async () => {
    const search = await create("Orphaned Person");
    // What a worker that took the job and was then killed leaves behind: an active job nobody renews.
    await s.db.execute(sql`update pgboss.job set state = 'active', started_on = now() where name = ${SEARCH_QUEUE} and id = ${search.id}`);
    await s.db.execute(sql`update searches set status = 'processing' where id = ${search.id}`);
    const worker = await startSearchWorker(s, pipelineDeps(s.db, [new FakeNews()]));
    try {
      const started = Date.now();
      const row = await waitForSearch(s.db, search.id, 30_000);
      expect(row.status).toBe("completed");
      // The lease is 4 s in these tests and maintenance runs every second.
      expect(Date.now() - started).toBeGreaterThan(2_000);
      // The search's row is written before pg-boss marks its job done.
      expect(await waitForJobState(search.id, "completed")).toBe("completed");
      const [job] = (await jobsOf(s.database, SEARCH_QUEUE)).filter((j) => j.id === search.id);
      expect(job).toMatchObject({ state: "completed", retry_count: 1 });
      expect((await ledgerOf(s.db, userId)).filter((r) => r.searchId === search.id)).toHaveLength(1);
    } finally {
      await worker.stop();
    }
  });
});

describe("leases", () => {
  test("a job running longer than its lease keeps it (renewed) and runs once", async () => {
    await s.queue.define("test-slow");
    const runs: string[] = [];
    const worker = await startWorker(s, "test-slow", async (job) => {
      runs.push(job.id);
      await Bun.sleep(7_000); // the lease is 4 s
    });
    try {
      const id = (await s.queue.send("test-slow", { n: 1 }))!;
      await waitForJobState(id, "completed", "test-slow", 20_000);
      expect(runs).toEqual([id]);
    } finally {
      await worker.stop();
    }
  });

  test("stopping a process hands its running jobs back to the queue at once", async () => {
    await s.queue.define("test-stop");
    const worker = await startWorker(s, "test-stop", () => new Promise<void>(() => {}));
    const id = (await s.queue.send("test-stop", { n: 1 }))!;
    await waitForJobState(id, "active", "test-stop");
    await worker.stop(); // lets the job run for 2 s (stopSeconds), then gives up on it
    expect(await s.queue.jobState("test-stop", id)).toBe("retry");
  });
});

async function waitForJobState(id: string, state: string, queue = SEARCH_QUEUE, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const current = await s.queue.jobState(queue, id);
    if (current === state) return current;
    if (Date.now() > deadline) throw new Error(`job ${id} is ${current}, not ${state}`);
    await Bun.sleep(100);
  }
}
