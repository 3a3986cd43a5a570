/** The queue search jobs are sent to. A job's id is its search's id, so a search has at most one job. */
import type { Database } from "../../data/db.ts";
import { JobQueue } from "../jobs/queue.ts";
import type { JobSettings } from "../jobs/settings.ts";

export const SEARCH_QUEUE = "screening-search";
export const FAILED_SEARCH_QUEUE = "screening-search-failed";

export interface SearchJobData {
  searchId: string;
}

/** The job queue with the search queues defined: what createSearch needs. */
export async function openSearchQueue(database: Pick<Database, "db" | "executeSql">, settings?: JobSettings): Promise<JobQueue> {
  const queue = await JobQueue.start(database, settings);
  try {
    await queue.define(SEARCH_QUEUE, { deadLetter: FAILED_SEARCH_QUEUE });
  } catch (error) {
    await queue.stop();
    throw error;
  }
  return queue;
}

