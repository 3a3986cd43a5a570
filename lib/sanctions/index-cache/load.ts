import { and, asc, eq, gt, isNull } from "drizzle-orm";
import { type DbOrTx, schema } from "../../../data/db.ts";
import type { EntitySchema, SanctionsEntity } from "../entity.ts";

export interface CurrentVersion {
  versionId: string;
  datasetId: string;
  datasetType: "sanctions" | "pep";
  versionDate: Date;
}

/** What an index holds, cheaply compared: the ids of its versions, in an order of their own (not the database's collation). */
export const fingerprintOf = (versions: { versionId: string }[]) =>
  versions
    .map((v) => v.versionId)
    .sort()
    .join(",");

/** The current version of every installation dataset, and their fingerprint (an organisation's watchlists have their own index: lib/watchlists). */
export async function currentVersions(db: DbOrTx): Promise<{ fingerprint: string; versions: CurrentVersion[] }> {
  const versions = await db
    .select({
      versionId: schema.sanctionsDatasetVersions.id,
      datasetId: schema.sanctionsDatasetVersions.datasetId,
      datasetType: schema.sanctionsDatasets.datasetType,
      versionDate: schema.sanctionsDatasetVersions.versionDate,
    })
    .from(schema.sanctionsDatasetVersions)
    .innerJoin(schema.sanctionsDatasets, eq(schema.sanctionsDatasets.id, schema.sanctionsDatasetVersions.datasetId))
    .where(and(eq(schema.sanctionsDatasetVersions.isCurrent, true), isNull(schema.sanctionsDatasets.organisationId)))
    .orderBy(asc(schema.sanctionsDatasetVersions.datasetId));
  return { fingerprint: fingerprintOf(versions), versions };
}

const BATCH = 500;

/**
 * The stored entities of these versions with the fields the index uses (programs, addresses and remarks are left
 * empty), in batches: each batch is a short query, so a process on the embedded database, whose queries run on the
 * main thread, keeps answering requests in between.
 */
export async function* loadEntityBatches(db: DbOrTx, versionIds: string[]): AsyncGenerator<SanctionsEntity[]> {
  const t = schema.sanctionsEntities;
  for (const versionId of versionIds) {
    let after: string | null = null;
    for (;;) {
      const rows = await db
        .select({
          id: t.id,
          datasetId: t.datasetId,
          sourceId: t.sourceId,
          schema: t.schema,
          name: t.name,
          aliases: t.aliases,
          nationalities: t.nationalities,
          birthDates: t.birthDates,
          identifiers: t.identifiers,
          listedOn: t.listedOn,
          sourceUrl: t.sourceUrl,
        })
        .from(t)
        .where(after === null ? eq(t.versionId, versionId) : and(eq(t.versionId, versionId), gt(t.id, after)))
        .orderBy(asc(t.id))
        .limit(BATCH);
      if (rows.length === 0) break;
      yield rows.map(toEntity);
      after = rows[rows.length - 1].id;
      if (rows.length < BATCH) break;
      // PGlite answers in microtasks; let timers and requests waiting on I/O run between batches.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

type IndexedRow = Omit<typeof schema.sanctionsEntities.$inferSelect, "versionId" | "programs" | "addresses" | "remarks" | "pep">;

export function toEntity(r: IndexedRow): SanctionsEntity {
  return {
    id: r.id,
    datasetId: r.datasetId,
    sourceId: r.sourceId,
    schema: r.schema as EntitySchema,
    name: r.name,
    aliases: r.aliases as SanctionsEntity["aliases"],
    nationalities: r.nationalities,
    birthDates: r.birthDates,
    ...(r.identifiers.length ? { identifiers: r.identifiers as SanctionsEntity["identifiers"] } : {}),
    programs: [],
    addresses: [],
    remarks: null,
    listedOn: r.listedOn,
    sourceUrl: r.sourceUrl,
  };
}
