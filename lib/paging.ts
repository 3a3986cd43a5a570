/**
 * Paging of every list that grows with use (searches, credit transactions): newest first (a batch's rows: oldest
 * first, the file's order), a keyset cursor on
 * (createdAt, id), an optional filter and the total count. A keyset cursor, unlike an offset, never repeats or
 * skips a row when new rows arrive between two pages. Each list needs an index on (owner, createdAt, id).
 * The page's shape and sizes live in the browser-safe lib/paging-contract.ts, re-exported here for the server.
 */
import { asc, desc, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { z } from "zod";
import { isUuid } from "./ids.ts";
import { type Cursor, DEFAULT_PAGE_SIZE, type ListOrder, MAX_PAGE_SIZE, type Page } from "./paging-contract.ts";
import { text } from "./validation/text.ts";

export { type Cursor, DEFAULT_PAGE_SIZE, type ListOrder, MAX_PAGE_SIZE, type Page, type PageRequest } from "./paging-contract.ts";

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const NIL_UUID = "00000000-0000-0000-0000-000000000000";

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.createdAt}_${cursor.id}`).toString("base64url");
}

/** The cursor in the text, or undefined when it is not one this module wrote. */
export function decodeCursor(text: string): Cursor | undefined {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(text)) return undefined;
  const [createdAt, id, ...rest] = Buffer.from(text, "base64url").toString("utf8").split("_");
  if (rest.length || !TIMESTAMP.test(createdAt ?? "") || !isUuid(id ?? "") || Number.isNaN(Date.parse(createdAt))) return undefined;
  return { createdAt, id };
}

/** A cursor that starts the list at rows created strictly before this moment (the CLI's --before). */
export function cursorBefore(moment: Date): Cursor {
  return { createdAt: moment.toISOString().replace("Z", "000Z"), id: NIL_UUID };
}

/** Query parameters limit, cursor and (for lists with a text filter) q; validated at the edge. */
export const pageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(MAX_PAGE_SIZE, `limit must be at most ${MAX_PAGE_SIZE}`)
    .default(DEFAULT_PAGE_SIZE),
  cursor: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text === "") return undefined;
      const cursor = decodeCursor(text);
      if (!cursor) ctx.addIssue({ code: "custom", message: "Invalid cursor" });
      return cursor;
    }),
});

export const pageWithTermQuerySchema = pageQuerySchema.extend({
  q: text({ field: "q", max: 200 }).optional(),
});

/** The columns a list is ordered by. */
export interface Keyset {
  createdAt: PgColumn;
  id: PgColumn;
}

/** Select this as `cursorKey` beside a list's columns: the row's position, exact to the microsecond. */
export const cursorKey = (keyset: Keyset) => sql<string>`to_char(${keyset.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Rows after the cursor in newest-first order, or oldest-first (undefined on the first page). */
export function afterCursor(keyset: Keyset, cursor: Cursor | undefined, order: ListOrder = "newest"): SQL | undefined {
  if (!cursor) return undefined;
  return order === "newest"
    ? sql`(${keyset.createdAt}, ${keyset.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
    : sql`(${keyset.createdAt}, ${keyset.id}) > (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`;
}

export const newestFirst = (keyset: Keyset) => [desc(keyset.createdAt), desc(keyset.id)];
/** A batch's rows in the order of its file: each row was created a microsecond after the one before. */
export const oldestFirst = (keyset: Keyset) => [asc(keyset.createdAt), asc(keyset.id)];

/** `%term%` for ILIKE, with the pattern characters of the term matched literally. */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Rows fetched with limit + 1 become a page: the extra row only tells that another page exists. */
export function toPage<R extends { cursorKey: string; id: string }, T>(
  rows: R[],
  limit: number,
  total: number,
  view: (row: Omit<R, "cursorKey">) => T,
): Page<T> {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    items: shown.map(({ cursorKey: _, ...row }) => view(row)),
    nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.cursorKey, id: last.id }) : null,
    total,
  };
}
