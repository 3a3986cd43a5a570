/**
 * Answering as soon as a search has ended: the public API's `POST /api/v1/search?wait=` and the web app's
 * `GET /api/searches/{id}?wait=` both wait here. The search worker of this process announces the end at once
 * (search-jobs.ts); a search run by another process is noticed within a quarter of a second.
 */
import type { Db } from "../../data/db.ts";
import { signalChange, type WaitOptions, waitForChange } from "../jobs/change-signal.ts";
import { searchWaitQuerySchema, waitQuerySchema } from "./schemas.ts";
import { getSearch, type SearchRow } from "./searches.ts";
import type { SearchReader } from "./visibility.ts";

const endKey = (searchId: string) => `search-ended:${searchId}`;

/** Called by the worker that wrote a search's outcome (completed or failed): wakes the waits on it. */
export function announceSearchEnded(searchId: string): void {
  signalChange(endKey(searchId));
}

export function searchHasEnded(row: Pick<SearchRow, "status">): boolean {
  return row.status === "completed" || row.status === "failed";
}

/** A search the member reads, once it has ended, or as it stands after `ms`. Another organisation's: 404 at once. */
export function waitForSearchEnd(db: Db, reader: SearchReader, searchId: string, ms: number, options?: WaitOptions): Promise<SearchRow> {
  return waitForChange(endKey(searchId), () => getSearch(db, reader, searchId), searchHasEnded, ms, options);
}

export { searchWaitQuerySchema, waitQuerySchema };
