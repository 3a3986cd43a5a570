/**
 * A watchlist's entries are its dataset's current version: each change (an import, an entry added or removed) stores
 * the whole list as a new version through the lists' own machinery (lib/sanctions/datasets/versions.ts), with the
 * list as CSV for its file. So a search records the version it screened, verify reproduces it, retention keeps the
 * versions a stored search needs, and monitoring re-checks the organisation's names when a version is new.
 */
import { and, asc, eq, gt } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { AppError } from "../errors.ts";
import { claimDataset, DatasetBusyError } from "../sanctions/datasets/claim.ts";
import { currentVersion, storeVersion, type VersionRow } from "../sanctions/datasets/versions.ts";
import type { SanctionsEntity } from "../sanctions/entity.ts";
import { entryOfEntity, WATCHLIST_FILE_NAME, watchlistCsv, watchlistEntity } from "../sanctions/parsers/watchlist-csv.ts";
import type { WatchlistRow } from "./access.ts";
import { MAX_WATCHLIST_ENTRIES, type WatchlistEntryData } from "./contract.ts";

export const WATCHLIST_BUSY = "Another change to this watchlist is running; try again in a moment";
export const WATCHLIST_TOO_LARGE = "A watchlist holds at most 1,000,000 entries";

/** Entries read a statement: short queries keep the embedded database answering other requests in between. */
const READ_BATCH = 5000;

/** What an entry is made of, as stored: read back for a new version and for the entries page. */
const e = schema.sanctionsEntities;
export const ENTRY_COLUMNS = {
  sourceId: e.sourceId,
  schema: e.schema,
  name: e.name,
  aliases: e.aliases,
  birthDates: e.birthDates,
  nationalities: e.nationalities,
  identifiers: e.identifiers,
  remarks: e.remarks,
};

/** The entries of the watchlist's current version by their id, in id order. */
export async function currentEntries(db: DbOrTx, datasetId: string): Promise<Map<string, WatchlistEntryData>> {
  const version = await currentVersion(db, datasetId);
  const out = new Map<string, WatchlistEntryData>();
  if (!version) return out;
  let after: string | null = null;
  for (;;) {
    const rows = await db
      .select({ id: e.id, ...ENTRY_COLUMNS })
      .from(e)
      .where(after === null ? eq(e.versionId, version.id) : and(eq(e.versionId, version.id), gt(e.id, after)))
      .orderBy(asc(e.id))
      .limit(READ_BATCH);
    for (const r of rows) out.set(r.sourceId, entryOfEntity(r as Parameters<typeof entryOfEntity>[0] & { schema: SanctionsEntity["schema"] }));
    if (rows.length < READ_BATCH) break;
    after = rows[rows.length - 1].id;
  }
  return out;
}

/** The watchlist's claim (the one a list's download holds): one change at a time; another meanwhile is 409. */
export async function claimWatchlist(db: DbOrTx, id: string) {
  try {
    return await claimDataset(db, id, new Date());
  } catch (error) {
    if (error instanceof DatasetBusyError) throw new AppError(409, WATCHLIST_BUSY);
    throw error;
  }
}

/**
 * Changes the entries while holding the watchlist's claim (one change at a time, across every process), so two
 * changes at once never lose one another: `change` gets the current entries and answers the next ones, or null when
 * nothing changes (then no version is stored). Answers the version stored.
 */
export async function changeEntries<T>(
  db: DbOrTx,
  watchlist: WatchlistRow,
  change: (
    entries: Map<string, WatchlistEntryData>,
  ) => Promise<{ entries: Map<string, WatchlistEntryData> | null; outcome: T }> | { entries: Map<string, WatchlistEntryData> | null; outcome: T },
): Promise<{ version: VersionRow | null; outcome: T }> {
  const claim = await claimWatchlist(db, watchlist.id);
  const d = schema.sanctionsDatasets;
  try {
    const { entries, outcome } = await change(await currentEntries(db, watchlist.id));
    if (entries === null) return { version: null, outcome };
    if (entries.size > MAX_WATCHLIST_ENTRIES) throw new AppError(413, WATCHLIST_TOO_LARGE);
    const list = [...entries.values()];
    const version = await storeVersion(db, {
      datasetId: watchlist.id,
      files: [{ name: WATCHLIST_FILE_NAME, content: new TextEncoder().encode(watchlistCsv(list)), sourceUrl: null, etag: null, lastModified: null }],
      entities: list.map((entry) => watchlistEntity(watchlist.id, entry)),
      versionDate: new Date(),
      origin: "import",
    });
    return { version, outcome };
  } finally {
    claim.stopRenewing();
    // A watchlist is never downloaded: it has no download status, only versions.
    await db.update(d).set({ lastDownloadStatus: null, downloadStartedAt: null }).where(eq(d.id, watchlist.id));
  }
}
