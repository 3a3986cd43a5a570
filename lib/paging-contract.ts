/**
 * What the browser reads of the cursor paging of growing lists (lib/paging.ts): the shape of a page, its sizes and
 * the request. Pure types and constants, no database import: the web app and @duecheck/react include this file,
 * while the queries that build the pages (drizzle) stay in lib/paging.ts, which re-exports these.
 */

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

/** Where the previous page ended: the exact database timestamp (microseconds, UTC) and id of its last row. */
export interface Cursor {
  createdAt: string;
  id: string;
}

export interface PageRequest {
  limit: number;
  cursor?: Cursor;
}

export interface Page<T> {
  items: T[];
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
  /** Rows matching the filter, over all pages. */
  total: number;
}

export type ListOrder = "newest" | "oldest";
