/**
 * A version is written in many short transactions (versions.ts), so a write that failed or whose process died can
 * leave one behind: a row that never became current, with part of its entities. Nothing shows it (every reader asks
 * for the current version or a version a search names), and it is told apart from every kept version by what only an
 * unfinished write has: not current, no entities checksum (set at the switch) and stored after the current version
 * (every finished write became current when it was stored). Big versions are deleted in bounded steps, so the
 * embedded database's one connection is never held for the seconds a cascade over a whole list would take.
 */
import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { type DbOrTx, schema } from "../../../data/db.ts";

/** Entities deleted a statement. */
const DELETE_BATCH = 1000;

const v = schema.sanctionsDatasetVersions;

/** The dataset's versions left unfinished by an earlier write. */
export async function unfinishedVersions(db: DbOrTx, datasetId: string): Promise<string[]> {
  const [current] = await db
    .select({ createdAt: v.createdAt })
    .from(v)
    .where(and(eq(v.datasetId, datasetId), eq(v.isCurrent, true)));
  const rows = await db
    .select({ id: v.id })
    .from(v)
    .where(and(eq(v.datasetId, datasetId), eq(v.isCurrent, false), isNull(v.entitiesChecksum), current ? gt(v.createdAt, current.createdAt) : undefined));
  return rows.map((r) => r.id);
}

/** Deletes a version that is not current, its entities a batch at a time, then its files and the row itself. */
export async function deleteVersionInSteps(db: DbOrTx, versionId: string) {
  const e = schema.sanctionsEntities;
  for (;;) {
    const batch = db.select({ id: e.id }).from(e).where(eq(e.versionId, versionId)).limit(DELETE_BATCH);
    const removed = await db
      .delete(e)
      .where(and(eq(e.versionId, versionId), inArray(e.id, batch)))
      .returning({ id: e.id });
    if (removed.length < DELETE_BATCH) break;
    // The embedded database answers in microtasks: let the server's timers and I/O run between batches.
    await new Promise((resolve) => setImmediate(resolve));
  }
  await db.delete(v).where(and(eq(v.id, versionId), sql`not ${v.isCurrent}`));
}

/** Removes whatever earlier writes of this dataset left unfinished; answers how many versions went. */
export async function discardUnfinishedVersions(db: DbOrTx, datasetId: string): Promise<number> {
  const ids = await unfinishedVersions(db, datasetId);
  for (const id of ids) await deleteVersionInSteps(db, id);
  return ids.length;
}
