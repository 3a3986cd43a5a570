import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { datasetType } from "./enums.ts";

const bytea = customType<{ data: Uint8Array }>({ dataType: () => "bytea" });

export const sanctionsDatasets = pgTable("sanctions_datasets", {
  /** Stable dataset id such as us_ofac_sdn. */
  id: text().primaryKey(),
  sourceName: text().notNull(),
  datasetType: datasetType().notNull(),
  format: text().notNull(),
  url: text(),
  autoDownload: boolean().notNull().default(true),
  downloadFrequency: integer().notNull().default(6),
  lastDownloadStatus: text(),
  lastDownloadAt: timestamp({ withTimezone: true }),
  lastDownloadSize: bigint({ mode: "number" }),
  lastDownloadError: text(),
  etag: text(),
  lastModified: text(),
  metadata: jsonb().notNull().default({}),
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
    retentionReason: text(),
    entityCount: integer().notNull(),
    fileSize: bigint({ mode: "number" }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.datasetId, t.versionDate)],
);

/** Raw files of a kept version, so it can be parsed again. */
export const sanctionsVersionFiles = pgTable("sanctions_version_files", {
  id: uuid().primaryKey().defaultRandom(),
  versionId: uuid()
    .notNull()
    .references(() => sanctionsDatasetVersions.id, { onDelete: "cascade" }),
  fileName: text().notNull(),
  content: bytea().notNull(),
});

export const sanctionsEntities = pgTable(
  "sanctions_entities",
  {
    id: uuid().primaryKey().defaultRandom(),
    versionId: uuid()
      .notNull()
      .references(() => sanctionsDatasetVersions.id, { onDelete: "cascade" }),
    datasetId: text().notNull(),
    sourceId: text().notNull(),
    schema: text().notNull(),
    name: text().notNull(),
    aliases: jsonb().notNull().default([]),
    nationalities: jsonb().notNull().default([]),
    birthDates: jsonb().notNull().default([]),
    programs: jsonb().notNull().default([]),
    addresses: jsonb().notNull().default([]),
    remarks: text(),
    listedOn: text(),
    sourceUrl: text(),
  },
  (t) => [index().on(t.versionId)],
);
