import { sql } from "drizzle-orm";
import { bigint, boolean, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { datasetType } from "./enums.ts";

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

/** One file of a dataset: the name the parser knows it by (sdn.csv, consolidated.xml) and where it is fetched. */
export interface DatasetSourceFile {
  name: string;
  url: string;
}

export const sanctionsDatasets = pgTable("sanctions_datasets", {
  /** Stable dataset id such as us_ofac_sdn. */
  id: text().primaryKey(),
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
});

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
    content: bytea().notNull(),
    /** The URL it was downloaded from; null for an imported file. */
    sourceUrl: text(),
    etag: text(),
    lastModified: text(),
  },
  (t) => [index().on(t.versionId)],
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
  },
  (t) => [primaryKey({ columns: [t.versionId, t.id] })],
);
