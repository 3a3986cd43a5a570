/**
 * The queues of search jobs. A search made by itself has a job of its own (its id is the search's id, so a search
 * has at most one); the rows of a batch run in chunks, one job for each SEARCHES_PER_CHUNK searches. Each queue has a
 * dead-letter queue whose worker marks failed the searches no attempt could finish. The two queues have their own
 * workers, so a search made by itself never waits behind a batch.
 */
import type { Database, DbOrTx } from "../../data/db.ts";
import { fairPriorities } from "../jobs/fair-share.ts";
import { JobQueue } from "../jobs/queue.ts";
import type { JobSettings } from "../jobs/settings.ts";

export const SEARCH_QUEUE = "screening-search";
export const FAILED_SEARCH_QUEUE = "screening-search-failed";

export const SEARCH_CHUNK_QUEUE = "screening-search-chunk";
export const FAILED_SEARCH_CHUNK_QUEUE = "screening-search-chunk-failed";

export interface SearchJobData {
  searchId: string;
}

export interface SearchChunkJobData {
  /** The searches' owner: the queue shares its workers fairly among users (lib/jobs/fair-share.ts). */
  userId: string;
  searchIds: string[];
}

/** The job queue with the search queues defined: what createSearch needs. */
export async function openSearchQueue(database: Pick<Database, "db" | "executeSql" | "health">, settings?: JobSettings): Promise<JobQueue> {
  const queue = await JobQueue.start(database, settings);
  try {
    await queue.define(SEARCH_QUEUE, { deadLetter: FAILED_SEARCH_QUEUE });
    await queue.define(SEARCH_CHUNK_QUEUE, { deadLetter: FAILED_SEARCH_CHUNK_QUEUE });
  } catch (error) {
    await queue.stop();
    throw error;
  }
  return queue;
}

/**
 * Searches a chunk job runs. Large enough that the lists are opened and the outcomes written once for many rows,
 * small enough that a chunk takes seconds and a retried one repeats little.
 */
export const SEARCHES_PER_CHUNK = 50;

/** Queues the searches in chunks, in the caller's transaction, after the owner's searches already queued. */
export async function queueSearchChunks(queue: JobQueue, tx: DbOrTx, userId: string, searchIds: readonly string[]): Promise<void> {
  const chunks: string[][] = [];
  for (let i = 0; i < searchIds.length; i += SEARCHES_PER_CHUNK) chunks.push(searchIds.slice(i, i + SEARCHES_PER_CHUNK));
  const priorities = await fairPriorities(tx, SEARCH_CHUNK_QUEUE, userId, chunks.length);
  await queue.sendMany<SearchChunkJobData>(
    SEARCH_CHUNK_QUEUE,
    chunks.map((searchIds, i) => ({ id: crypto.randomUUID(), data: { userId, searchIds }, priority: priorities[i] })),
    { tx },
  );
}
