import { createHash } from "node:crypto";
import { closeSync, openSync, writeSync } from "node:fs";
import { createGunzip, gzipSync } from "node:zlib";
import { and, asc, desc, eq, inArray, isNull, not, type SQL, sql } from "drizzle-orm";
import { type DbOrTx, schema } from "../../../data/db.ts";
import { collectGarbage } from "../collect-garbage.ts";
import type { DatasetFile, SanctionsEntity } from "../entity.ts";
import { byteChunks, readWhole, type SourceFile, sizeOf } from "../parsers/source.ts";
import { ChecksumBuilder, storedShape } from "./checksum.ts";
import { DOWNLOAD_REACHED } from "./claim.ts";
import { planRetention } from "./retention.ts";
import { deleteVersionInSteps, discardUnfinishedVersions } from "./unfinished.ts";
import { referencedVersions } from "./version-references.ts";

/** Where a file of a version came from: when downloaded, its URL and the validators it came with. */
export interface FileOrigin {
  sourceUrl: string | null;
  etag: string | null;
  lastModified: string | null;
}

/** A file of a version: its bytes in memory (a download, an upload) or its path on disk (the CLI's files). */
export type StoredFile = SourceFile & FileOrigin;

/** A kept file read back from the database, its bytes in memory. */
export type KeptFile = DatasetFile & FileOrigin;

export type VersionRow = typeof schema.sanctionsDatasetVersions.$inferSelect;

/**
 * Entities a statement, sent as one JSON parameter: small statements keep the query text and the embedded
 * database's memory (which never shrinks) small.
 */
const ENTITY_BATCH = 500;

/**
 * Statements between two full garbage collections (1,000 entities): the garbage of the batches (query text,
 * serialised rows) is collected before the next add to it. One after each statement of 100 cost a million-entity
 * list minutes: beside a large import a collection takes 25–135 ms. One each 5,000 entities took the OFAC SDN
 * import on PGlite from 285 to 345 MB.
 */
const GARBAGE_EVERY = 2;

/**
 * A file's bytes sent as base64 text decoded by the database. Embedded PGlite turns a bytea parameter into a
 * hex string char by char and keeps the grown WebAssembly memory for good: a 2 MB file cost about 200 MB of
 * resident memory that way, against about 15 MB as one base64 string.
 */
const bytesAsBase64 = (content: Uint8Array): SQL =>
  sql`decode(${Buffer.from(content.buffer, content.byteOffset, content.byteLength).toString("base64")}, 'base64')`;

/**
 * A file larger than WHOLE_FILE_MAX_BYTES is kept gzipped in pieces of FILE_CHUNK_BYTES, each a chunk row of its own
 * (a gzip stream by itself, so the head of the file is read from the first chunk alone); a smaller one whole in its
 * row. Stored a piece at a time, a file of gigabytes never is in memory whole; the lists, published as text, shrink
 * about 5×, and so does the query that sends them, which on the embedded database grows its memory for good (the
 * OFAC SDN import's peak went down by about 15 MB).
 */
export const FILE_CHUNK_BYTES = 4 << 20;
const WHOLE_FILE_MAX_BYTES = 64 << 10;

/**
 * Stores one file of a version, whole or in chunks (each a statement of its own); the garbage of each query
 * (several copies of its bytes as text) is collected after.
 */
async function insertFile(tx: DbOrTx, versionId: string, file: StoredFile) {
  const byteSize = sizeOf(file);
  const whole = byteSize <= WHOLE_FILE_MAX_BYTES;
  const [row] = await tx
    .insert(schema.sanctionsVersionFiles)
    .values({
      versionId,
      fileName: file.name,
      content: whole ? bytesAsBase64(readWhole(file).content) : null,
      byteSize,
      sourceUrl: file.sourceUrl,
      etag: file.etag,
      lastModified: file.lastModified,
    })
    .returning({ id: schema.sanctionsVersionFiles.id });
  collectGarbage();
  if (whole) return;
  let seq = 0;
  for (const piece of byteChunks(file, FILE_CHUNK_BYTES)) {
    await tx.insert(schema.sanctionsVersionFileChunks).values({ fileId: row.id, seq: seq++, content: bytesAsBase64(gzipSync(piece)) });
    collectGarbage();
  }
}

/** SHA-256 over the names and bytes of the files, in name order: equal for an identical download. */
export function contentHash(files: SourceFile[]): string {
  const hash = createHash("sha256");
  for (const file of [...files].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    hash.update(`${file.name}\0${sizeOf(file)}\0`);
    for (const bytes of byteChunks(file)) hash.update(bytes);
  }
  return hash.digest("hex");
}

export const totalSize = (files: SourceFile[]) => files.reduce((sum, f) => sum + sizeOf(f), 0);

export async function currentVersion(db: DbOrTx, datasetId: string): Promise<VersionRow | null> {
  const [row] = await db
    .select()
    .from(schema.sanctionsDatasetVersions)
    .where(and(eq(schema.sanctionsDatasetVersions.datasetId, datasetId), eq(schema.sanctionsDatasetVersions.isCurrent, true)));
  return row ?? null;
}

/**
 * The raw files of a kept version, each whole in memory (a chunked file unpacked whole): for a caller that needs
 * the bytes at once. What only passes the bytes on (an export, a download's unchanged file) reads them a piece at a
 * time with keptFileBytes.
 */
export async function versionFiles(db: DbOrTx, versionId: string): Promise<KeptFile[]> {
  const rows = await db
    .select()
    .from(schema.sanctionsVersionFiles)
    .where(eq(schema.sanctionsVersionFiles.versionId, versionId))
    .orderBy(asc(schema.sanctionsVersionFiles.fileName));
  const files: KeptFile[] = [];
  for (const r of rows) {
    files.push({
      name: r.fileName,
      content: r.content ? new Uint8Array(r.content) : await chunkedContent(db, r.id),
      sourceUrl: r.sourceUrl,
      etag: r.etag,
      lastModified: r.lastModified,
    });
  }
  return files;
}

/** A kept file's name, origin and size, without its bytes. */
export interface KeptFileOrigin extends FileOrigin {
  id: string;
  name: string;
  byteSize: number;
}

/** The kept files of a version without their bytes: what a download asks the publisher with. */
export async function versionFileOrigins(db: DbOrTx, versionId: string): Promise<KeptFileOrigin[]> {
  const f = schema.sanctionsVersionFiles;
  return db
    .select({
      id: f.id,
      name: f.fileName,
      sourceUrl: f.sourceUrl,
      etag: f.etag,
      lastModified: f.lastModified,
      // Files kept before their size was recorded are whole in their row.
      byteSize: sql<number>`coalesce(${f.byteSize}, octet_length(${f.content}))::bigint`.mapWith(Number),
    })
    .from(f)
    .where(eq(f.versionId, versionId))
    .orderBy(asc(f.fileName));
}

/** Bytes of a chunk inflated at a time. */
const INFLATE_PIECE_BYTES = 64 << 10;

/** A chunked file's bytes a piece at a time: each chunk read in turn (by its number) and inflated as a stream. */
async function* chunkedBytes(db: DbOrTx, fileId: string): AsyncGenerator<Uint8Array> {
  const c = schema.sanctionsVersionFileChunks;
  for (let seq = 0; ; seq++) {
    const [chunk] = await db
      .select({ content: c.content })
      .from(c)
      .where(and(eq(c.fileId, fileId), eq(c.seq, seq)));
    if (!chunk) return;
    const gunzip = createGunzip({ chunkSize: INFLATE_PIECE_BYTES });
    gunzip.end(chunk.content);
    for await (const piece of gunzip as AsyncIterable<Buffer>) yield piece;
  }
}

/**
 * A kept file's bytes a piece at a time: a file whole in its row at once (64 KB at most), a chunked one a chunk
 * read and inflated at a time, so no more than one chunk (4 MB, gzipped) of it is in memory.
 */
export async function* keptFileBytes(db: DbOrTx, fileId: string): AsyncGenerator<Uint8Array> {
  const f = schema.sanctionsVersionFiles;
  const [row] = await db.select({ content: f.content }).from(f).where(eq(f.id, fileId));
  if (!row) return;
  if (row.content) yield new Uint8Array(row.content);
  else yield* chunkedBytes(db, fileId);
}

/** Writes a kept file to `path`, a piece at a time (a chunked file is never unpacked in memory whole). */
export async function copyKeptFile(db: DbOrTx, fileId: string, path: string): Promise<void> {
  const fd = openSync(path, "w");
  try {
    for await (const piece of keptFileBytes(db, fileId)) writeSync(fd, piece);
  } finally {
    closeSync(fd);
  }
}

/** A file kept in chunks, unpacked whole. */
async function chunkedContent(db: DbOrTx, fileId: string): Promise<Uint8Array> {
  const pieces: Uint8Array[] = [];
  for await (const piece of chunkedBytes(db, fileId)) pieces.push(piece);
  return new Uint8Array(Buffer.concat(pieces));
}

export async function datasetVersions(db: DbOrTx, datasetId: string): Promise<VersionRow[]> {
  return db
    .select()
    .from(schema.sanctionsDatasetVersions)
    .where(eq(schema.sanctionsDatasetVersions.datasetId, datasetId))
    .orderBy(desc(schema.sanctionsDatasetVersions.versionDate));
}

export interface NewVersion {
  datasetId: string;
  files: StoredFile[];
  /** The entities at once, or in batches as they are read (a list of a million is never held whole). */
  entities: SanctionsEntity[] | AsyncIterable<SanctionsEntity[]>;
  /** Checks the number of distinct entities stored before the switch (integrity.ts checkEntityCount); a throw discards the version. */
  checkCount?: (count: number) => void;
  versionDate: Date;
  origin: "download" | "import";
  /** Run once every entity is stored, just before the version becomes current (a process prepares its index). */
  beforeSwitch?: BeforeSwitch;
}

/** Given the id of a version about to become current; a failure is logged and does not stop the switch. */
export type BeforeSwitch = (versionId: string) => Promise<void>;

/**
 * Stores a version with its files and entities and makes it current. Written in short transactions, never one long
 * one: the embedded database has one connection for everything, and a transaction over a whole list (tens of
 * seconds for OFAC SDN) held every other request waiting for it, which looked like an outage. So the version row,
 * each file and each batch of ENTITY_BATCH entities are a statement (and transaction) of their own, while the
 * version is not current and nothing reads it; one short transaction at the end makes it current, labels the kept
 * versions and marks the download a success, so readers see the old version until that switch and the new one
 * after it, never a half-written one. A write that fails deletes what it wrote; one whose process died is removed
 * by the next write of the dataset (./unfinished.ts). Versions retention drops are deleted after the switch, in
 * steps, for the same reason.
 */
export async function storeVersion(db: DbOrTx, input: NewVersion): Promise<VersionRow> {
  const fileSize = totalSize(input.files);
  // The parsing's garbage goes before storing adds its own (see collectGarbage).
  collectGarbage();
  await discardUnfinishedVersions(db, input.datasetId);
  const [version] = await db
    .insert(schema.sanctionsDatasetVersions)
    .values({
      datasetId: input.datasetId,
      versionDate: input.versionDate,
      isCurrent: false,
      // Set at the switch, when every entity is stored (a streamed list is counted as it goes).
      entityCount: 0,
      fileSize,
      contentHash: contentHash(input.files),
      // Set at the switch: it is computed batch by batch as the entities are stored, and its absence marks the
      // version unfinished until then.
      entitiesChecksum: null,
      origin: input.origin,
    })
    .returning();
  let pruned: string[];
  let entitiesChecksum: string;
  let entityCount = 0;
  let statements = 0;
  try {
    for (const file of input.files) await insertFile(db, version.id, file);
    const checksum = new ChecksumBuilder();
    for await (const given of batchesOf(input.entities)) {
      for (let i = 0; i < given.length; i += ENTITY_BATCH) {
        const batch = given.slice(i, i + ENTITY_BATCH);
        // An id given twice is stored once, as first given: the database tells which rows it took.
        const stored = await insertEntities(db, batch, version.id, input.datasetId);
        const taken = new Set(stored);
        for (const e of batch) {
          if (!taken.delete(e.id)) continue;
          checksum.add(storedShape(e));
          entityCount++;
        }
        // The embedded database answers in microtasks: let the server's timers and I/O run between batches.
        await new Promise((resolve) => setImmediate(resolve));
        if (++statements % GARBAGE_EVERY === 0) collectGarbage();
      }
    }
    input.checkCount?.(entityCount);
    entitiesChecksum = checksum.digest();
    await input.beforeSwitch?.(version.id).catch((error) => console.error(`[duecheck] preparing for ${input.datasetId}'s new version failed:`, error));
    pruned = await db.transaction(async (tx) => {
      await tx
        .update(schema.sanctionsDatasetVersions)
        .set({ isCurrent: false })
        .where(and(eq(schema.sanctionsDatasetVersions.datasetId, input.datasetId), eq(schema.sanctionsDatasetVersions.isCurrent, true)));
      await tx
        .update(schema.sanctionsDatasetVersions)
        .set({ isCurrent: true, retentionReason: null, entitiesChecksum, entityCount })
        .where(eq(schema.sanctionsDatasetVersions.id, version.id));
      const dropped = await applyRetention(tx, input.datasetId, version.id);
      // Only a download is a "last download": an imported file says nothing of the publisher, so a list that was
      // only ever imported shows no download time and no download status (and one downloaded before keeps its last
      // real download's time). An import still settles a failed download and ends the offline state, which it is
      // one of the two ways out of.
      const d = schema.sanctionsDatasets;
      const recorded =
        input.origin === "download"
          ? { lastDownloadStatus: "success", lastDownloadAt: input.versionDate, lastDownloadSize: fileSize }
          : { lastDownloadStatus: sql<string | null>`case when ${d.lastDownloadAt} is null then null else 'success' end` };
      await tx
        .update(d)
        .set({ ...recorded, lastDownloadError: null, downloadStartedAt: null, ...DOWNLOAD_REACHED })
        .where(eq(d.id, input.datasetId));
      return dropped;
    });
  } catch (error) {
    await deleteVersionInSteps(db, version.id).catch((cleanup) =>
      console.error(`[duecheck] an unfinished version of ${input.datasetId} is left for the next import to remove:`, cleanup),
    );
    throw error;
  }
  // The dropped versions are unlabelled and not current already (nothing shows them); deleting them may fail
  // without harm: the records purge deletes them later.
  for (const id of pruned) {
    await deleteVersionInSteps(db, id).catch((error) => console.error(`[duecheck] a version dropped by retention is left to the records purge:`, error));
  }
  return { ...version, entitiesChecksum, entityCount, isCurrent: true };
}

/** The entities as batches, whether given at once or already in batches. */
async function* batchesOf(entities: SanctionsEntity[] | AsyncIterable<SanctionsEntity[]>): AsyncGenerator<SanctionsEntity[]> {
  if (Array.isArray(entities)) yield entities;
  else yield* entities;
}

/**
 * Inserts a batch of entities as one JSON parameter unpacked by the database (in its order), and answers the ids it
 * stored (an id already stored for the version is skipped). One parameter instead of sixteen a row: building and
 * sending the statement took most of an import's time that way, and the embedded database's memory grew with the
 * number of parameters.
 */
async function insertEntities(db: DbOrTx, batch: SanctionsEntity[], versionId: string, datasetId: string): Promise<string[]> {
  const rows = JSON.stringify(
    batch.map((e) => ({
      id: e.id,
      source_id: e.sourceId,
      schema: e.schema,
      name: e.name,
      aliases: e.aliases,
      nationalities: e.nationalities,
      birth_dates: e.birthDates,
      identifiers: e.identifiers ?? [],
      programs: e.programs,
      addresses: e.addresses,
      remarks: e.remarks ?? null,
      listed_on: e.listedOn ?? null,
      source_url: e.sourceUrl ?? null,
      pep: e.pep ?? null,
    })),
  );
  const result = await db.execute<{ id: string }>(sql`
    insert into sanctions_entities
      (id, version_id, dataset_id, source_id, schema, name, aliases, nationalities, birth_dates, identifiers, programs, addresses, remarks, listed_on, source_url, pep)
    select x.id, ${versionId}::uuid, ${datasetId}, x.source_id, x.schema, x.name, x.aliases, x.nationalities, x.birth_dates, x.identifiers,
      x.programs, x.addresses, x.remarks, x.listed_on, x.source_url, x.pep
    from jsonb_to_recordset(${rows}::jsonb) as x(id text, source_id text, schema text, name text, aliases jsonb, nationalities jsonb,
      birth_dates jsonb, identifiers jsonb, programs jsonb, addresses jsonb, remarks text, listed_on text, source_url text, pep jsonb)
    on conflict do nothing
    returning id`);
  const returned = (Array.isArray(result) ? result : (result as unknown as { rows: { id: string }[] }).rows) as { id: string }[];
  return returned.map((r) => r.id);
}

/**
 * Labels the kept versions and answers the others, for the caller to delete once the switch has committed (with
 * their files and entities). A version a stored search was screened against is kept whatever its age (unlabelled,
 * so the dataset's list does not show it): the search must stay verifiable against it. The records purge deletes it
 * once no kept search references it.
 */
async function applyRetention(tx: DbOrTx, datasetId: string, currentId: string): Promise<string[]> {
  const versions = await tx
    .select({ id: schema.sanctionsDatasetVersions.id, versionDate: schema.sanctionsDatasetVersions.versionDate })
    .from(schema.sanctionsDatasetVersions)
    .where(eq(schema.sanctionsDatasetVersions.datasetId, datasetId));
  const plan = planRetention(versions, currentId);
  const candidates = [...plan].filter(([, p]) => !p.keep).map(([id]) => id);
  const referenced = await referencedVersions(tx, candidates);
  const pruned = candidates.filter((id) => !referenced.has(id));
  if (pruned.length) {
    await tx.update(schema.sanctionsDatasetVersions).set({ retentionReason: null }).where(inArray(schema.sanctionsDatasetVersions.id, pruned));
  }
  for (const [id, p] of plan) {
    if (!p.keep || id === currentId) continue;
    await tx.update(schema.sanctionsDatasetVersions).set({ retentionReason: p.reason }).where(eq(schema.sanctionsDatasetVersions.id, id));
  }
  return pruned;
}

/** The newest versions of a dataset shown with it: the current one, then up to 3 kept ones with a retention label. */
export async function recentVersions(db: DbOrTx, datasetIds: string[]) {
  if (datasetIds.length === 0) return [];
  return db
    .select({
      id: schema.sanctionsDatasetVersions.id,
      datasetId: schema.sanctionsDatasetVersions.datasetId,
      versionDate: schema.sanctionsDatasetVersions.versionDate,
      isCurrent: schema.sanctionsDatasetVersions.isCurrent,
      retentionReason: schema.sanctionsDatasetVersions.retentionReason,
      entityCount: schema.sanctionsDatasetVersions.entityCount,
      fileSize: schema.sanctionsDatasetVersions.fileSize,
    })
    .from(schema.sanctionsDatasetVersions)
    .where(
      and(
        inArray(schema.sanctionsDatasetVersions.datasetId, datasetIds),
        // Unlabelled candidates (kept to grow into week_old / month_old) are not shown.
        not(and(eq(schema.sanctionsDatasetVersions.isCurrent, false), isNull(schema.sanctionsDatasetVersions.retentionReason))!),
      ),
    )
    .orderBy(desc(schema.sanctionsDatasetVersions.isCurrent), desc(schema.sanctionsDatasetVersions.versionDate));
}
