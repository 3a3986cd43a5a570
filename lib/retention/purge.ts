/**
 * The retention purge: removes the searches created more than their organisation's retention years ago (its own
 * years, else the instance's retentionYears, never fewer: organisation-years.ts) with their results, decisions, notes
 * and analysis, by cascade, unless a legal hold on the search or on its owner keeps them, then the dataset versions no
 * kept search references any more (never a current version, nor one the dataset's own retention keeps).
 *
 * Each batch is one transaction that takes the retention lock (lock.ts) and re-checks the holds, so a hold added
 * while the purge runs wins, and a process killed mid-purge leaves every batch either done or untouched: running
 * again finishes the work (idempotent).
 */
import { and, asc, eq, gt, inArray, lt, not, or, type SQL, sql } from "drizzle-orm";
import { type Db, type DbOrTx, schema } from "../../data/db.ts";
import { type ActorKind, recordAudit } from "../audit/record.ts";
import { CLAIM_STALE_MS } from "../sanctions/datasets/claim.ts";
import { planRetention } from "../sanctions/datasets/retention.ts";
import { readSettings } from "../settings/system-settings.ts";
import type { PurgeOutcome } from "./contract.ts";
import { heldSearch } from "./legal-holds.ts";
import { lockRetention } from "./lock.ts";
import { retentionYearsOf } from "./organisation-years.ts";
import { retentionSettings } from "./system-settings.ts";

/** Searches removed per transaction: short transactions, little lost work on a kill. */
export const PURGE_BATCH_SIZE = 500;

export interface PurgeOptions {
  now: Date;
  batchSize?: number;
  dryRun?: boolean;
  actor?: { kind: ActorKind; userId?: string | null };
  /** Run inside each batch's transaction (the scheduler's heartbeat). */
  inBatch?: (tx: DbOrTx) => Promise<void>;
  /** Called after each committed batch with the searches it removed (tests pause here). */
  afterBatch?: (removed: number) => Promise<void> | void;
}

/** The instant before which searches are due: `years` calendar years before now (UTC). */
export function retentionCutoff(now: Date, years: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return cutoff;
}

/**
 * The searches due at `now`: older than the instance's cutoff (the latest any organisation may have, so the index on
 * the creation time narrows the scan) and than their organisation's own, each cutoff computed here with the
 * calendar's years exactly as the instance's.
 */
async function dueSearches(db: Db, now: Date): Promise<{ due: SQL; cutoff: Date }> {
  const s = schema.searches;
  const o = schema.organisations;
  const instance = (await readSettings(db, retentionSettings)).retentionYears;
  const cutoff = retentionCutoff(now, instance);
  const longer = await db.selectDistinct({ years: o.retentionYears }).from(o).where(gt(o.retentionYears, instance));
  const years = longer.map((row) => retentionYearsOf(row.years, instance));
  if (years.length === 0) return { due: lt(s.createdAt, cutoff), cutoff };
  const own = sql`(select ${o.retentionYears} from ${o} where ${o.id} = ${s.organisationId})`;
  const cases = sql.join(
    years.map((y) => sql`when ${y} then ${retentionCutoff(now, y).toISOString()}::timestamptz`),
    sql` `,
  );
  return { due: and(lt(s.createdAt, cutoff), sql`${s.createdAt} < case ${own} ${cases} else ${cutoff.toISOString()}::timestamptz end`)!, cutoff };
}

export async function purgeExpiredRecords(db: Db, options: PurgeOptions): Promise<PurgeOutcome> {
  const s = schema.searches;
  const { due, cutoff } = await dueSearches(db, options.now);
  const batchSize = options.batchSize ?? PURGE_BATCH_SIZE;
  const outcome: PurgeOutcome = { cutoff: cutoff.toISOString(), searchesPurged: 0, versionsPurged: 0, heldSkipped: 0, dryRun: !!options.dryRun };

  if (options.dryRun) {
    outcome.searchesPurged = await db.$count(s, and(due, not(heldSearch())));
    outcome.versionsPurged = (await unreferencedVersions(db, or(not(due), heldSearch())!)).length;
  } else {
    for (;;) {
      const removed = await db.transaction(async (tx) => {
        await lockRetention(tx);
        await options.inBatch?.(tx);
        const ids = tx
          .select({ id: s.id })
          .from(s)
          .where(and(due, not(heldSearch())))
          .orderBy(asc(s.createdAt), asc(s.id))
          .limit(batchSize);
        const rows = await tx.delete(s).where(inArray(s.id, ids)).returning({ id: s.id });
        return rows.length;
      });
      outcome.searchesPurged += removed;
      if (removed === 0) break;
      await options.afterBatch?.(removed);
      if (removed < batchSize) break;
    }
    outcome.versionsPurged = await purgeUnreferencedVersions(db, options.inBatch);
  }
  outcome.heldSkipped = await db.$count(s, and(due, heldSearch()));
  if (!options.dryRun) {
    await recordAudit(db, {
      action: "retention.purged",
      actorKind: options.actor?.kind ?? "system",
      actorUserId: options.actor?.userId ?? null,
      targetType: "retention",
      details: { ...outcome },
    });
  }
  return outcome;
}

/**
 * Versions that no kept search references, that are not current and that the dataset's own retention (previous,
 * week-old, month-old and their candidates) does not keep. A search names a version by id (datasetsUsed[].versionId)
 * or, stored before that, by its dataset and version date.
 */
async function unreferencedVersions(db: DbOrTx, kept: SQL): Promise<string[]> {
  const v = schema.sanctionsDatasetVersions;
  const versions = await db.select({ id: v.id, datasetId: v.datasetId, versionDate: v.versionDate, isCurrent: v.isCurrent }).from(v);
  const byDataset = new Map<string, typeof versions>();
  for (const version of versions) byDataset.set(version.datasetId, [...(byDataset.get(version.datasetId) ?? []), version]);
  // A dataset a download or import is writing now keeps its versions: the one being written is not current yet.
  const d = schema.sanctionsDatasets;
  const writing = await db
    .select({ id: d.id })
    .from(d)
    .where(and(eq(d.lastDownloadStatus, "downloading"), gt(d.downloadStartedAt, new Date(Date.now() - CLAIM_STALE_MS))));
  for (const { id } of writing) byDataset.delete(id);
  const candidates = [];
  for (const list of byDataset.values()) {
    const current = list.find((version) => version.isCurrent);
    // A dataset without a current version keeps everything it has.
    if (!current) continue;
    const plan = planRetention(list, current.id);
    candidates.push(...list.filter((version) => !plan.get(version.id)?.keep));
  }
  if (candidates.length === 0) return [];
  const s = schema.searches;
  // One pass over the kept searches' dataset lists (daily, and only when a version is a candidate at all).
  const referenced = await db.execute(sql`
    select distinct d->>'versionId' as version_id, d->>'id' as dataset_id, d->>'versionDate' as version_date
    from ${s}, jsonb_array_elements(case when jsonb_typeof(${s.results}->'datasetsUsed') = 'array' then ${s.results}->'datasetsUsed' else '[]'::jsonb end) d
    where ${kept}`);
  const ids = new Set<string>();
  const dated = new Set<string>();
  for (const row of rowsOf<{ version_id: string | null; dataset_id: string | null; version_date: string | null }>(referenced)) {
    if (row.version_id) ids.add(row.version_id);
    if (row.dataset_id && row.version_date) dated.add(`${row.dataset_id}\0${new Date(row.version_date).toISOString()}`);
  }
  return candidates
    .filter((version) => !ids.has(version.id) && !dated.has(`${version.datasetId}\0${version.versionDate.toISOString()}`))
    .map((version) => version.id);
}

/** Removes the unreferenced versions (and, by cascade, their files and entities) under the retention lock. */
async function purgeUnreferencedVersions(db: Db, inBatch?: (tx: DbOrTx) => Promise<void>): Promise<number> {
  return db.transaction(async (tx) => {
    await lockRetention(tx);
    await inBatch?.(tx);
    const ids = await unreferencedVersions(tx, sql`true`);
    if (ids.length === 0) return 0;
    const v = schema.sanctionsDatasetVersions;
    const removed = await tx
      .delete(v)
      .where(and(inArray(v.id, ids), eq(v.isCurrent, false)))
      .returning({ id: v.id });
    return removed.length;
  });
}

/** postgres-js returns the rows, PGlite a result with `rows`. */
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}
