/**
 * Which dataset versions stored searches reference. A search, batch row or monitoring check records every version
 * it was screened against in results.datasetsUsed[].versionId; the GIN index searches_dataset_versions answers the
 * containment query below without reading the searches' rows. Searches stored before versions were recorded
 * reference none.
 */
import { sql } from "drizzle-orm";
import { type DbOrTx, schema } from "../../../data/db.ts";

/** The versions among `versionIds` that at least one stored search (hidden ones included) references. */
export async function referencedVersions(db: DbOrTx, versionIds: readonly string[]): Promise<Set<string>> {
  const out = new Set<string>();
  // One indexed probe per version: retention asks about a handful at a time.
  for (const id of versionIds) {
    const s = schema.searches;
    const rows = await db.select({ id: s.id }).from(s).where(referencesVersion(id)).limit(1);
    if (rows.length > 0) out.add(id);
  }
  return out;
}

/** The condition "this search references the version": for the records purge and other queries over searches. */
export const referencesVersion = (versionId: string) => sql`(${schema.searches.results} -> 'datasetsUsed') @> ${JSON.stringify([{ versionId }])}::jsonb`;
