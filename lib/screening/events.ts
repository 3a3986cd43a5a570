/**
 * What screening announces (lib/events/channel.ts). The capabilities that react sit above screening and subscribe at
 * start-up (lib/wiring.ts); screening imports none of them.
 */
import type { Db, DbOrTx } from "../../data/db.ts";
import { channel } from "../events/channel.ts";
import type { JobQueue } from "../jobs/queue.ts";
import type { SearchResults } from "./results.ts";
import type { SearchRow } from "./searches.ts";

export interface SearchCreated {
  /** The creating transaction: a subscriber writes with it, and its error undoes the search and its charge. */
  tx: DbOrTx;
  search: SearchRow;
}

/** A search was created by createSearch (createSearches, a batch's rows at once, announces none). */
export const searchCreated = channel<SearchCreated>("search created", { required: true });

export interface FinishedSearch {
  searchId: string;
  status: "completed" | "failed";
  /** What the screening found (a failed one: what it could check). */
  results: SearchResults;
}

export interface SearchesFinished {
  /** The transaction that wrote the outcomes: a subscriber writes with it, so its writes commit with them or not at all. */
  tx: DbOrTx;
  searches: readonly FinishedSearch[];
}

/**
 * Screened searches whose outcome (completed or failed, with the results) is being written, inside the writing
 * transaction. Not the searches marked failed because no attempt could screen them: those have no results.
 */
export const searchesFinished = channel<SearchesFinished>("searches finished", { required: true });

export interface SearchesEnded {
  db: Db;
  /** The queue of the process whose worker ended them, for the jobs a reaction queues. */
  queue: JobQueue;
  searchIds: readonly string[];
}

/** Searches this process's worker ended (completed or failed), once their outcome is committed. */
export const searchesEnded = channel<SearchesEnded>("searches ended", { required: true });
