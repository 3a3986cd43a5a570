/**
 * The content checksum of a dataset version: SHA-256 over the SHA-256 digests of its stored entities, sorted (a
 * stable order that depends neither on the order they were parsed in nor on the database's collation). Each entity
 * is digested as canonical JSON (object keys sorted, so a jsonb round trip, which reorders keys, gives the same
 * text). Computed
 * once when a version is stored; versions stored before the column existed get theirs on first use, from their
 * entities as stored, which gives the same value the import would have. A stored search keeps the checksum of
 * every version it was screened against: a version whose entities were changed since no longer matches it.
 */
import { createHash } from "node:crypto";
import { and, asc, eq, gt, isNull } from "drizzle-orm";
import { type DbOrTx, schema } from "../../../data/db.ts";
import type { SanctionsEntity } from "../entity.ts";

/** The stored fields of an entity that the checksum covers: every one of sanctions_entities but its version. */
export interface ChecksummedEntity {
  id: string;
  datasetId: string;
  sourceId: string;
  schema: string;
  name: string;
  aliases: unknown;
  nationalities: unknown;
  birthDates: unknown;
  identifiers: unknown;
  programs: unknown;
  addresses: unknown;
  remarks: string | null;
  listedOn: string | null;
  sourceUrl: string | null;
  /** Only when the entity has PEP details: versions stored before they existed keep their checksums. */
  pep?: unknown;
}

/** The checksum of a version from its entities (in any order). */
export function entitiesChecksum(entities: Iterable<ChecksummedEntity>): string {
  const checksum = new ChecksumBuilder();
  for (const entity of entities) checksum.add(entity);
  return checksum.digest();
}

/**
 * The checksum built one entity at a time (as they are stored), keeping only each one's 32-byte digest, packed in
 * one growing buffer: a million entities take 32 MB this way, against about 150 MB as a Buffer each.
 */
export class ChecksumBuilder {
  private digests = Buffer.alloc(DIGEST * 1024);
  private count = 0;
  add(entity: ChecksummedEntity): void {
    if ((this.count + 1) * DIGEST > this.digests.length) {
      const grown = Buffer.alloc(this.digests.length * 2);
      this.digests.copy(grown);
      this.digests = grown;
    }
    createHash("sha256")
      .update(canonical(entity))
      .digest()
      .copy(this.digests, this.count * DIGEST);
    this.count++;
  }
  digest(): string {
    return combine(this.digests, this.count);
  }
}

const DIGEST = 32;

/** SHA-256 over the digests in byte order: sorted by their first four bytes, then (ties) byte by byte. */
function combine(digests: Buffer, count: number): string {
  const keys = new Uint32Array(count);
  for (let i = 0; i < count; i++) keys[i] = digests.readUInt32BE(i * DIGEST);
  const order = new Uint32Array(count);
  for (let i = 0; i < count; i++) order[i] = i;
  order.sort((a, b) => {
    if (keys[a] !== keys[b]) return keys[a] < keys[b] ? -1 : 1;
    for (let k = 4; k < DIGEST; k++) {
      const d = digests[a * DIGEST + k] - digests[b * DIGEST + k];
      if (d !== 0) return d;
    }
    return 0;
  });
  const hash = createHash("sha256");
  for (const i of order) hash.update(digests.subarray(i * DIGEST, (i + 1) * DIGEST));
  return hash.digest("hex");
}

/** An entity as storeVersion writes it (absent identifiers are stored as []). */
export const storedShape = (e: SanctionsEntity): ChecksummedEntity => ({
  id: e.id,
  datasetId: e.datasetId,
  sourceId: e.sourceId,
  schema: e.schema,
  name: e.name,
  aliases: e.aliases,
  nationalities: e.nationalities,
  birthDates: e.birthDates,
  identifiers: e.identifiers ?? [],
  programs: e.programs,
  addresses: e.addresses,
  remarks: e.remarks ?? null,
  listedOn: e.listedOn ?? null,
  sourceUrl: e.sourceUrl ?? null,
  ...(e.pep ? { pep: e.pep } : {}),
});

const BATCH = 2000;

/** The entities of a version as stored, batch by batch in primary key order (one batch held at a time). */
export async function* storedEntities(db: DbOrTx, versionId: string): AsyncGenerator<ChecksummedEntity> {
  const t = schema.sanctionsEntities;
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
        programs: t.programs,
        addresses: t.addresses,
        remarks: t.remarks,
        listedOn: t.listedOn,
        sourceUrl: t.sourceUrl,
        pep: t.pep,
      })
      .from(t)
      .where(after === null ? eq(t.versionId, versionId) : and(eq(t.versionId, versionId), gt(t.id, after)))
      .orderBy(asc(t.id))
      .limit(BATCH);
    // No PEP details is no field at all, as storedShape leaves it out.
    for (const { pep, ...row } of rows) yield pep ? { ...row, pep } : row;
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1].id;
  }
}

/** The checksum of a version computed from its entities as they are stored now (only their digests are kept). */
export async function computeVersionChecksum(db: DbOrTx, versionId: string): Promise<string> {
  const checksum = new ChecksumBuilder();
  for await (const entity of storedEntities(db, versionId)) checksum.add(entity);
  return checksum.digest();
}

/**
 * The stored checksum of each version, computed and stored first for the versions that have none yet (stored
 * before the column existed). Deterministic, so two processes computing it at once store the same value.
 */
export async function versionChecksums(db: DbOrTx, versionIds: readonly string[]): Promise<Map<string, string>> {
  const v = schema.sanctionsDatasetVersions;
  const out = new Map<string, string>();
  for (const id of versionIds) {
    const [row] = await db.select({ checksum: v.entitiesChecksum }).from(v).where(eq(v.id, id));
    if (!row) continue;
    let checksum = row.checksum;
    if (checksum === null) {
      checksum = await computeVersionChecksum(db, id);
      await db
        .update(v)
        .set({ entitiesChecksum: checksum })
        .where(and(eq(v.id, id), isNull(v.entitiesChecksum)));
    }
    out.set(id, checksum);
  }
  return out;
}

/** JSON with object keys sorted at every level, undefined fields left out and absent values as null. */
function canonical(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}
