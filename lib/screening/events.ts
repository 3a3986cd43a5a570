/**
 * What screening announces (lib/events/channel.ts). The capabilities that react sit above screening and subscribe at
 * start-up (lib/wiring.ts); screening imports none of them.
 */
import type { Db, DbOrTx } from "../../data/db.ts";
import { channel } from "../events/channel.ts";
import type { JobQueue } from "../jobs/queue.ts";
import type { SearchRow } from "./searches.ts";

export interface SearchCreated {
  /** The creating transaction: a subscriber writes with it, and its error undoes the search and its charge. */
  tx: DbOrTx;
  search: SearchRow;
}

/** A search was created by createSearch (createSearches, a batch's rows at once, announces none). */
export const searchCreated = channel<SearchCreated>("search created", { required: true });

export interface SearchesEnded {
  db: Db;
  /** The queue of the process whose worker ended them, for the jobs a reaction queues. */
  queue: JobQueue;
  searchIds: readonly string[];
}

/** Searches this process's worker ended (completed or failed), once their outcome is committed. */
export const searchesEnded = channel<SearchesEnded>("searches ended", { required: true });
