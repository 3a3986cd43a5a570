/**
 * An organisation's watchlists: created, renamed, read, changed entry by entry or by a CSV import, exported and
 * deleted. A watchlist is a row of sanctions_datasets with the organisation set (id wl_ and a random suffix); the
 * installation's own places (admin lists, scheduler, the global index) never see it. Each change is audited here.
 */
import { randomBytes } from "node:crypto";
import { and, asc, count, eq, ilike, or, sql } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { recordAudit } from "../audit/record.ts";
import { AppError } from "../errors.ts";
import { auditActorOf, type OrganisationActor } from "../organisations/actor.ts";
import { currentVersion } from "../sanctions/datasets/versions.ts";
import { DatasetFormatError } from "../sanctions/entity.ts";
import { decodeLegacyText } from "../sanctions/parsers/text.ts";
import { entryOfEntity, readWatchlistLines, WATCHLIST_HEADER_MISSING, watchlistCsv, watchlistEntryId } from "../sanctions/parsers/watchlist-csv.ts";
import { requireWatchlistEditor, type WatchlistRow, watchlistIn, watchlistScope } from "./access.ts";
import {
  MAX_REJECTED_LISTED,
  type Watchlist,
  type WatchlistDetail,
  type WatchlistEntriesQuery,
  type WatchlistEntry,
  type WatchlistEntryData,
  type WatchlistImportMode,
  type WatchlistImportResult,
  type WatchlistRejectedLine,
  watchlistEntriesQuerySchema,
} from "./contract.ts";
import { changeEntries, claimWatchlist, currentEntries, ENTRY_COLUMNS } from "./versions.ts";

export const ENTRY_NOT_FOUND = "Entry not found";
export const ENTRY_EXISTS = "This entry is already on the watchlist";
export const CSV_UNREADABLE = "The file is not a readable CSV";
export const WATCHLIST_FORMAT = "watchlist_csv";

const d = schema.sanctionsDatasets;
const v = schema.sanctionsDatasetVersions;

const newWatchlistId = () => `wl_${randomBytes(10).toString("hex").slice(0, 16)}`;

/**
 * Whether the actor may change the watchlist: answers before an upload is read, so another organisation's id is 404
 * and a member without the role 403 whatever the body.
 */
export async function checkWatchlistEditable(db: DbOrTx, actor: OrganisationActor, id: string, organisationId?: string): Promise<void> {
  const scope = await watchlistScope(db, actor, organisationId);
  await watchlistIn(db, scope, id);
  requireWatchlistEditor(scope);
}

export async function listWatchlists(db: DbOrTx, actor: OrganisationActor, organisationId?: string): Promise<Watchlist[]> {
  const scope = await watchlistScope(db, actor, organisationId);
  const rows = await db
    .select({ row: d, versionId: v.id, versionDate: v.versionDate, entryCount: v.entityCount })
    .from(d)
    .leftJoin(v, and(eq(v.datasetId, d.id), eq(v.isCurrent, true)))
    .where(eq(d.organisationId, scope.organisationId))
    .orderBy(asc(d.sourceName), asc(d.id));
  return rows.map((r) => view(r.row as WatchlistRow, r.versionId ? { id: r.versionId, versionDate: r.versionDate!, entityCount: r.entryCount! } : null));
}

export async function createWatchlist(db: DbOrTx, actor: OrganisationActor, input: { name: string }, organisationId?: string): Promise<Watchlist> {
  const scope = await watchlistScope(db, actor, organisationId);
  requireWatchlistEditor(scope);
  const [row] = await db
    .insert(d)
    .values({
      id: newWatchlistId(),
      organisationId: scope.organisationId,
      sourceName: input.name,
      datasetType: "sanctions",
      format: WATCHLIST_FORMAT,
      urls: [],
      autoDownload: false,
      custom: true,
      enabled: true,
    })
    .returning();
  await audit(db, actor, row as WatchlistRow, "watchlist.created", { name: input.name });
  return view(row as WatchlistRow, null);
}

export async function renameWatchlist(db: DbOrTx, actor: OrganisationActor, id: string, input: { name: string }, organisationId?: string): Promise<Watchlist> {
  const scope = await watchlistScope(db, actor, organisationId);
  const before = await watchlistIn(db, scope, id);
  requireWatchlistEditor(scope);
  const [row] = await db.update(d).set({ sourceName: input.name }).where(eq(d.id, id)).returning();
  await audit(db, actor, before, "watchlist.renamed", { before: { name: before.sourceName }, after: { name: input.name } });
  return view(row as WatchlistRow, await currentVersion(db, id));
}

/**
 * Deletes the watchlist with its versions. Searches screened against it keep their results (its hits stay as they
 * were recorded); verifying one names the version as missing.
 */
export async function deleteWatchlist(db: DbOrTx, actor: OrganisationActor, id: string, organisationId?: string): Promise<{ deleted: true }> {
  const scope = await watchlistScope(db, actor, organisationId);
  const row = await watchlistIn(db, scope, id);
  requireWatchlistEditor(scope);
  // Not while a change is storing a version: taking its claim first makes that one finish (or this one wait).
  const claim = await claimWatchlist(db, row.id);
  try {
    await audit(db, actor, row, "watchlist.deleted", { name: row.sourceName });
    await db.delete(d).where(eq(d.id, id));
  } finally {
    claim.stopRenewing();
  }
  return { deleted: true };
}

/** The watchlist with a page of its entries, by name; `q` keeps those whose name or an alias holds it. */
export async function getWatchlist(
  db: DbOrTx,
  actor: OrganisationActor,
  id: string,
  query: WatchlistEntriesQuery = {},
  organisationId?: string,
): Promise<WatchlistDetail> {
  const scope = await watchlistScope(db, actor, organisationId);
  const row = await watchlistIn(db, scope, id);
  const { q, offset, limit } = watchlistEntriesQuerySchema.parse(query);
  const version = await currentVersion(db, id);
  if (!version) return { ...view(row, null), entries: [], total: 0, offset, limit };
  const e = schema.sanctionsEntities;
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(eq(e.versionId, version.id), pattern ? or(ilike(e.name, pattern), sql`${e.aliases}::text ilike ${pattern}`) : undefined);
  const [{ total }] = await db.select({ total: count() }).from(e).where(where);
  const rows = await db
    .select(ENTRY_COLUMNS)
    .from(e)
    .where(where)
    .orderBy(asc(sql`lower(${e.name})`), asc(e.id))
    .offset(offset)
    .limit(limit);
  return {
    ...view(row, version),
    entries: rows.map((r) => entryView(r.sourceId, entryOfEntity(r as Parameters<typeof entryOfEntity>[0]))),
    total,
    offset,
    limit,
  };
}

export async function addWatchlistEntry(
  db: DbOrTx,
  actor: OrganisationActor,
  id: string,
  entry: WatchlistEntryData,
  organisationId?: string,
): Promise<WatchlistEntry> {
  const scope = await watchlistScope(db, actor, organisationId);
  const row = await watchlistIn(db, scope, id);
  requireWatchlistEditor(scope);
  const entryId = watchlistEntryId(entry);
  const { version } = await changeEntries(db, row, (entries) => {
    if (entries.has(entryId)) throw new AppError(409, ENTRY_EXISTS);
    entries.set(entryId, entry);
    return { entries, outcome: null };
  });
  await audit(db, actor, row, "watchlist.entry_added", { entryId, name: entry.name, versionId: version?.id });
  return entryView(entryId, entry);
}

export async function removeWatchlistEntry(
  db: DbOrTx,
  actor: OrganisationActor,
  id: string,
  entryId: string,
  organisationId?: string,
): Promise<{ removed: true }> {
  const scope = await watchlistScope(db, actor, organisationId);
  const row = await watchlistIn(db, scope, id);
  requireWatchlistEditor(scope);
  const { version, outcome: name } = await changeEntries(db, row, (entries) => {
    const entry = entries.get(entryId);
    if (!entry) throw new AppError(404, ENTRY_NOT_FOUND);
    entries.delete(entryId);
    return { entries, outcome: entry.name };
  });
  await audit(db, actor, row, "watchlist.entry_removed", { entryId, name, versionId: version?.id });
  return { removed: true };
}

/**
 * Imports a CSV (see lib/sanctions/parsers/watchlist-csv.ts): the good lines are kept, each bad one is answered with
 * its line number and why. `add` keeps the entries already there; `replace` makes the file's good lines the whole
 * list. A line for an entry already there, or earlier in the file (the same name, type and birth date), is a
 * duplicate: the entry is kept as it is and counted, not added twice. A file without a name column changes nothing.
 */
export async function importWatchlistCsv(
  db: DbOrTx,
  actor: OrganisationActor,
  id: string,
  content: Uint8Array,
  mode: WatchlistImportMode = "add",
  organisationId?: string,
): Promise<WatchlistImportResult> {
  const scope = await watchlistScope(db, actor, organisationId);
  const row = await watchlistIn(db, scope, id);
  requireWatchlistEditor(scope);
  let lines: ReturnType<typeof readWatchlistLines>;
  try {
    lines = readWatchlistLines(decodeLegacyText({ name: "watchlist.csv", content }));
  } catch (error) {
    if (error instanceof DatasetFormatError) {
      if (error.message === WATCHLIST_HEADER_MISSING) throw new AppError(400, WATCHLIST_HEADER_MISSING);
      throw new AppError(400, CSV_UNREADABLE);
    }
    throw error;
  }
  const rejected: WatchlistRejectedLine[] = [];
  const good: WatchlistEntryData[] = [];
  for (const line of lines) {
    if ("error" in line) rejected.push({ line: line.line, error: line.error });
    else good.push(line.entry);
  }
  const { version, outcome } = await changeEntries(db, row, (current) => {
    const next = mode === "replace" ? new Map<string, WatchlistEntryData>() : current;
    let imported = 0;
    let duplicates = 0;
    for (const entry of good) {
      const entryId = watchlistEntryId(entry);
      if (next.has(entryId)) duplicates++;
      else {
        next.set(entryId, entry);
        imported++;
      }
    }
    const unchanged = mode === "add" ? imported === 0 : sameKeys(current, next);
    return { entries: unchanged ? null : next, outcome: { imported, duplicates } };
  });
  await audit(db, actor, row, "watchlist.imported", { mode, ...outcome, rejected: rejected.length, versionId: version?.id ?? null });
  return {
    ...outcome,
    rejected: rejected.slice(0, MAX_REJECTED_LISTED),
    rejectedCount: rejected.length,
    watchlist: view(row, version ?? (await currentVersion(db, id))),
  };
}

/** The current entries as CSV in the import's format, with the watchlist's name for the file. */
export async function exportWatchlistCsv(db: DbOrTx, actor: OrganisationActor, id: string, organisationId?: string): Promise<{ name: string; csv: string }> {
  const scope = await watchlistScope(db, actor, organisationId);
  const row = await watchlistIn(db, scope, id);
  const entries = [...(await currentEntries(db, id)).values()].sort((a, b) => a.name.localeCompare(b.name));
  return { name: row.sourceName, csv: watchlistCsv(entries) };
}

const sameKeys = (a: Map<string, unknown>, b: Map<string, unknown>) => a.size === b.size && [...a.keys()].every((k) => b.has(k));

function view(row: WatchlistRow, version: { id: string; versionDate: Date; entityCount: number } | null): Watchlist {
  return {
    id: row.id,
    name: row.sourceName,
    entryCount: version?.entityCount ?? 0,
    versionId: version?.id ?? null,
    versionDate: version?.versionDate.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

const entryView = (id: string, e: WatchlistEntryData): WatchlistEntry => ({
  id,
  name: e.name,
  entityType: e.entityType,
  aliases: e.aliases,
  birthDate: e.birthDate ?? null,
  nationality: e.nationality ?? null,
  identifiers: e.identifiers,
  reason: e.reason ?? null,
});

function audit(db: DbOrTx, actor: OrganisationActor, row: WatchlistRow, action: string, details: Record<string, unknown>) {
  return recordAudit(db, {
    action,
    ...fields(actor),
    targetType: "watchlist",
    targetId: row.id,
    organisationId: row.organisationId,
    details: { watchlist: row.sourceName, ...details },
  });
}

const fields = (actor: OrganisationActor) => {
  const a = auditActorOf(actor);
  return { actorKind: a.kind, actorUserId: a.userId ?? null, ipAddress: a.ipAddress ?? null };
};
