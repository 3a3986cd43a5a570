/**
 * An organisation's own watchlists (exited customers, refused onboardings, fraudsters): what the server answers and
 * accepts, shared by server, web, package and CLI. Browser-safe: zod and constants only.
 */
import { z } from "zod";
import { text } from "../validation/text.ts";

export {
  WATCHLIST_CSV_HEADER,
  WATCHLIST_ENTITY_TYPES,
  WATCHLIST_IDENTIFIER_KINDS,
  type WatchlistEntityType,
  type WatchlistEntryData,
  type WatchlistEntryInput,
  watchlistEntryInputSchema,
} from "../sanctions/watchlist-format.ts";

import { WATCHLIST_ENTITY_TYPES } from "../sanctions/watchlist-format.ts";

/** Entries one watchlist may hold: a larger one is refused (413). */
export const MAX_WATCHLIST_ENTRIES = 1_000_000;
/**
 * The largest CSV upload, the server's limit for any upload (a list's files): a million short lines fit; a larger file
 * is imported with `duecheck watchlists import`, which reads it from disk.
 */
export const WATCHLIST_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;
/** The multipart field that carries the CSV. */
export const WATCHLIST_UPLOAD_FIELD = "file";
/** Rejected lines listed in an import's answer; the count beyond is given by `rejectedCount`. */
export const MAX_REJECTED_LISTED = 1000;

const name = text({ field: "Name", max: 100, required: "A watchlist needs a name" }).min(1, "A watchlist needs a name");

export const createWatchlistSchema = z.object({ name });
export const renameWatchlistSchema = z.object({ name });

/** How an import treats the entries already there: `add` keeps them, `replace` makes the file the whole list. */
export const WATCHLIST_IMPORT_MODES = ["add", "replace"] as const;
export type WatchlistImportMode = (typeof WATCHLIST_IMPORT_MODES)[number];

export const watchlistEntriesQuerySchema = z.object({
  q: text({ field: "q", max: 200 }).optional(),
  offset: z.coerce.number({ error: "offset must be a number" }).int().min(0, "offset must be at least 0").default(0),
  limit: z.coerce.number({ error: "limit must be a number" }).int().min(1, "limit must be at least 1").max(200, "limit must be at most 200").default(50),
});
export type WatchlistEntriesQuery = z.input<typeof watchlistEntriesQuerySchema>;

export const watchlistSchema = z.object({
  id: z.string(),
  name: z.string(),
  entryCount: z.number().int(),
  /** The current version: what a search screens and records; null before the first entry. */
  versionId: z.string().nullable(),
  versionDate: z.string().nullable(),
  createdAt: z.string(),
});
export type Watchlist = z.infer<typeof watchlistSchema>;

export const watchlistEntrySchema = z.object({
  /** Stable across versions: the entry's id in results (`${watchlistId}:${id}` is the hit's entityId). */
  id: z.string(),
  name: z.string(),
  entityType: z.enum(WATCHLIST_ENTITY_TYPES),
  aliases: z.array(z.string()),
  birthDate: z.string().nullable(),
  nationality: z.string().nullable(),
  identifiers: z.array(z.object({ kind: z.string(), value: z.string() })),
  reason: z.string().nullable(),
});
export type WatchlistEntry = z.infer<typeof watchlistEntrySchema>;

export const watchlistDetailSchema = watchlistSchema.extend({
  entries: z.array(watchlistEntrySchema),
  /** Entries matching `q` (all of them without it), of which `entries` is the page from `offset`. */
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
});
export type WatchlistDetail = z.infer<typeof watchlistDetailSchema>;

export const watchlistRejectedLineSchema = z.object({ line: z.number().int(), error: z.string() });
export type WatchlistRejectedLine = z.infer<typeof watchlistRejectedLineSchema>;

export const watchlistImportResultSchema = z.object({
  /** Entries added from the file. */
  imported: z.number().int(),
  /** Lines equal to an entry already there or earlier in the file (same name, type and birth date): not added twice. */
  duplicates: z.number().int(),
  /** The lines not imported, each with its line number in the file and why (the first MAX_REJECTED_LISTED). */
  rejected: z.array(watchlistRejectedLineSchema),
  rejectedCount: z.number().int(),
  /** The watchlist after the import. */
  watchlist: watchlistSchema,
});
export type WatchlistImportResult = z.infer<typeof watchlistImportResultSchema>;
