import { sql } from "drizzle-orm";
import { bigint, boolean, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { datasetType } from "./enums.ts";
import { organisations } from "./organisations.ts";

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

/** One file of a dataset: the name the parser knows it by (sdn.csv, consolidated.xml) and where it is fetched. */
export interface DatasetSourceFile {
  name: string;
  url: string;
}

export const sanctionsDatasets = pgTable(
  "sanctions_datasets",
  {
    /** Stable dataset id such as us_ofac_sdn; an organisation's watchlist is wl_ and a random suffix. */
    id: text().primaryKey(),
    /**
     * The organisation whose own watchlist this is; null for the lists every organisation screens against. A watchlist's
     * entries and hits are seen by its organisation only.
     */
    organisationId: uuid().references(() => organisations.id, { onDelete: "cascade" }),
    sourceName: text().notNull(),
    datasetType: datasetType().notNull(),
    format: text().notNull(),
    /** Every file of the dataset; an admin may point them at a mirror. */
    urls: jsonb().$type<DatasetSourceFile[]>().notNull().default([]),
    autoDownload: boolean().notNull().default(true),
    downloadFrequency: integer().notNull().default(6),
    /** success, failed, downloading, or null when never downloaded. */
    lastDownloadStatus: text(),
    lastDownloadAt: timestamp({ withTimezone: true }),
    lastDownloadSize: bigint({ mode: "number" }),
    lastDownloadError: text(),
    /** When the running download began; a 'downloading' status older than the stale limit is taken over. */
    downloadStartedAt: timestamp({ withTimezone: true }),
    /** Added by an administrator rather than seeded from the registry. */
    custom: boolean().notNull().default(false),
    /** Screened against and downloaded on schedule; a disabled list is named as such in every result. */
    enabled: boolean().notNull().default(true),
    /** Why the last download failed: network (the publisher could not be reached at all) or publisher (it answered wrongly). */
    lastFailureKind: text(),
    /** Consecutive downloads that could not reach the publisher; the next try waits twice as long each time. */
    networkFailures: integer().notNull().default(0),
    /** No scheduled download before this time (the back-off after network failures); shared by every process. */
    nextDownloadAt: timestamp({ withTimezone: true }),
    metadata: jsonb().$type<{ description?: string }>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.organisationId)],
);

export const sanctionsDatasetVersions = pgTable(
  "sanctions_dataset_versions",
  {
    id: uuid().primaryKey().defaultRandom(),
    datasetId: text()
      .notNull()
      .references(() => sanctionsDatasets.id, { onDelete: "cascade" }),
    versionDate: timestamp({ withTimezone: true }).notNull(),
    isCurrent: boolean().notNull().default(false),
    /** previous, week_old, month_old; null for the current version and for a kept candidate. */
    retentionReason: text(),
    entityCount: integer().notNull(),
    fileSize: bigint({ mode: "number" }).notNull(),
    /** SHA-256 over the files (names and contents): an identical download is not a new version. */
    contentHash: text().notNull(),
    /** download or import */
    origin: text().notNull(),
    /**
     * SHA-256 over the entities as stored (lib/sanctions/datasets/checksum.ts), kept with every search screened
     * against this version; null for a version stored before it existed until its first use computes it.
     */
    entitiesChecksum: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When monitoring matched its names against what this version changed (once, by one process). */
    monitoringMatchedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.datasetId, t.versionDate), uniqueIndex("sanctions_dataset_versions_one_current").on(t.datasetId).where(sql`${t.isCurrent}`)],
);

/** Raw files of a kept version, so it can be parsed again, with the HTTP validators they were served with. */
export const sanctionsVersionFiles = pgTable(
  "sanctions_version_files",
  {
    id: uuid().primaryKey().defaultRandom(),
    versionId: uuid()
      .notNull()
      .references(() => sanctionsDatasetVersions.id, { onDelete: "cascade" }),
    fileName: text().notNull(),
    /** The whole file; null when it is kept gzipped in sanctions_version_file_chunks (a large file, streamed in). */
    content: bytea(),
    /** The file's size in bytes, whether kept whole or in chunks. */
    byteSize: bigint({ mode: "number" }),
    /** The URL it was downloaded from; null for an imported file. */
    sourceUrl: text(),
    etag: text(),
    lastModified: text(),
  },
  (t) => [index().on(t.versionId)],
);

/** A large file of a kept version, gzipped and cut into chunks of a few megabytes, in order. */
export const sanctionsVersionFileChunks = pgTable(
  "sanctions_version_file_chunks",
  {
    fileId: uuid()
      .notNull()
      .references(() => sanctionsVersionFiles.id, { onDelete: "cascade" }),
    seq: integer().notNull(),
    content: bytea().notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] })],
);

export const sanctionsEntities = pgTable(
  "sanctions_entities",
  {
    /** `${datasetId}:${sourceId}`, stable across versions. */
    id: text().notNull(),
    versionId: uuid()
      .notNull()
      .references(() => sanctionsDatasetVersions.id, { onDelete: "cascade" }),
    datasetId: text().notNull(),
    sourceId: text().notNull(),
    schema: text().notNull(),
    name: text().notNull(),
    /** [{ name, kind }] */
    aliases: jsonb().$type<{ name: string; kind: string }[]>().notNull().default([]),
    nationalities: jsonb().$type<string[]>().notNull().default([]),
    birthDates: jsonb().$type<string[]>().notNull().default([]),
    /** [{ kind, value, country? }]: passports, national ids, tax ids, IMO numbers, LEIs, wallet addresses. */
    identifiers: jsonb().$type<{ kind: string; value: string; country?: string }[]>().notNull().default([]),
    programs: jsonb().$type<string[]>().notNull().default([]),
    addresses: jsonb().$type<string[]>().notNull().default([]),
    remarks: text(),
    listedOn: text(),
    sourceUrl: text(),
    /** For a PEP or a relative or close associate of one: their role, positions and related PEPs (lib/sanctions/pep.ts); else null. */
    pep: jsonb().$type<StoredPepDetails>(),
  },
  (t) => [primaryKey({ columns: [t.versionId, t.id] })],
);

/** As stored: the shape lib/sanctions/pep.ts defines and validates. */
export interface StoredPepDetails {
  role: "pep" | "rca";
  positions: { title: string; country: string | null; level: string | null; startDate: string | null; endDate: string | null; current: boolean | null }[];
  relatedPeps: { name: string; relationship: string }[];
}

/**
 * The matcher's index of one set of current versions, written once as a compact binary snapshot so that a process that
 * starts (a server, another server on the same database, a CLI search) loads it instead of tokenizing every name again.
 */
export const sanctionsIndexSnapshots = pgTable(
  "sanctions_index_snapshots",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The sorted ids of the versions it holds (lib/sanctions/index-cache/load.ts fingerprintOf). */
    fingerprint: text().notNull(),
    /** The matcher that wrote it (lib/sanctions/matcher/version.ts): another matcher rebuilds instead. */
    matcherVersion: text().notNull(),
    /** SHA-256 over the snapshot's bytes: a mismatch rebuilds. */
    checksum: text().notNull(),
    byteSize: bigint({ mode: "number" }).notNull(),
    chunkCount: integer().notNull(),
    entityCount: integer().notNull(),
    /** Set once every chunk is written: a snapshot without it is unfinished and never read. */
    completedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.fingerprint, t.matcherVersion)],
);

/** A snapshot's bytes in chunks of a few megabytes, so that neither writing nor reading holds one huge value. */
export const sanctionsIndexSnapshotChunks = pgTable(
  "sanctions_index_snapshot_chunks",
  {
    snapshotId: uuid()
      .notNull()
      .references(() => sanctionsIndexSnapshots.id, { onDelete: "cascade" }),
    seq: integer().notNull(),
    content: bytea().notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.seq] })],
);
