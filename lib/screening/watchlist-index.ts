/**
 * The index of an organisation's watchlists, kept per organisation in this process and rebuilt when one of their
 * versions changed (a watchlist changes by a user's hand, so a search that finds it changed waits for the new one).
 * Watchlists are small beside the published lists: the index is built in this thread, in batches, and only the
 * organisations screened lately keep theirs.
 *
 * Name parts weigh their rarity in the organisation's watchlists together, exactly as a re-derivation rebuilds them
 * from the versions a search recorded (lib/records/verify-search.ts), so verify reproduces a watchlist hit. The
 * published lists' index lives in a worker and cannot lend its weights without a round trip per build; with very few
 * entries every name part weighs about the same, which errs towards showing a hit, not hiding one.
 */
import { and, asc, eq } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import type { IndexSnapshot } from "../sanctions/index-cache/cache.ts";
import { type CurrentVersion, fingerprintOf, loadEntityBatches } from "../sanctions/index-cache/load.ts";
import { buildInProcess, buildInWorker, type IndexBuilder } from "../sanctions/index-cache/searchable.ts";
import { type ListsInUse, versionsById } from "./lists.ts";

/** Organisations whose index is kept; the one used longest ago is dropped first. */
const KEPT = 32;
/**
 * Entities above which an organisation's index is built in a worker thread of its own, as the published lists' is:
 * building one of 20,000 entries takes about 3 s of CPU (bench/watchlists.ts), which would stall every request of the
 * process meanwhile. Smaller ones are built here, in a fraction of that, without a thread's cost.
 */
const IN_WORKER_FROM = 20_000;

type DatasetRow = ListsInUse["datasets"][number];

/** The organisation's enabled watchlists that have a version (an empty new one has nothing to screen), with it. */
export async function currentWatchlists(db: DbOrTx, organisationId: string): Promise<{ datasets: DatasetRow[]; versions: CurrentVersion[]; entities: number }> {
  const d = schema.sanctionsDatasets;
  const v = schema.sanctionsDatasetVersions;
  const rows = await db
    .select({
      id: d.id,
      sourceName: d.sourceName,
      datasetType: d.datasetType,
      urls: d.urls,
      versionId: v.id,
      versionDate: v.versionDate,
      entityCount: v.entityCount,
    })
    .from(d)
    .innerJoin(v, and(eq(v.datasetId, d.id), eq(v.isCurrent, true)))
    .where(and(eq(d.organisationId, organisationId), eq(d.enabled, true)))
    .orderBy(asc(d.id));
  return {
    datasets: rows.map((r) => ({ id: r.id, sourceName: r.sourceName, datasetType: r.datasetType, urls: r.urls })),
    versions: rows.map((r) => ({ versionId: r.versionId, datasetId: r.id, datasetType: r.datasetType, versionDate: r.versionDate })),
    entities: rows.reduce((sum, r) => sum + r.entityCount, 0),
  };
}

/** An index of exactly these watchlist versions (a search's, or the ones a stored search recorded). */
export async function buildWatchlistIndex(
  db: DbOrTx,
  versions: CurrentVersion[],
  threshold?: number,
  builder: IndexBuilder = buildInProcess,
): Promise<IndexSnapshot> {
  const ordered = [...versions].sort((a, b) => (a.datasetId < b.datasetId ? -1 : a.datasetId > b.datasetId ? 1 : 0));
  const index = await builder(
    loadEntityBatches(
      db,
      ordered.map((v) => v.versionId),
    ),
    threshold,
  );
  return { fingerprint: fingerprintOf(ordered), versions: ordered, index, builtAt: new Date() };
}

/**
 * An index replaced or forgotten ends (its worker, if any, stops) a while later, not at once: a search that opened it
 * just before may not have asked it yet, and a stopped worker would never answer.
 */
const RETIRE_AFTER_MS = 60_000;
function retire(snapshot: IndexSnapshot) {
  setTimeout(() => snapshot.index.dispose(), RETIRE_AFTER_MS).unref?.();
}

export class WatchlistIndexes {
  private readonly kept = new Map<string, Promise<IndexSnapshot>>();

  constructor(private readonly options: { threshold?: number; builder?: IndexBuilder } = {}) {}

  /** The organisation's watchlists as lists to screen, or null when it has none with entries. */
  async open(db: DbOrTx, organisationId: string): Promise<ListsInUse | null> {
    const { datasets, versions, entities } = await currentWatchlists(db, organisationId);
    if (datasets.length === 0) {
      this.drop(organisationId);
      return null;
    }
    const fingerprint = fingerprintOf(versions);
    let pending = this.kept.get(organisationId);
    const known = pending ? await pending.catch(() => null) : null;
    if (!known || known.fingerprint !== fingerprint || known.index.broken) {
      const builder = this.options.builder ?? (entities >= IN_WORKER_FROM ? buildInWorker : buildInProcess);
      const building = buildWatchlistIndex(db, versions, this.options.threshold, builder);
      pending = building;
      building.then(() => known && retire(known)).catch(() => this.kept.get(organisationId) === building && this.kept.delete(organisationId));
    }
    this.kept.delete(organisationId);
    this.kept.set(organisationId, pending!);
    while (this.kept.size > KEPT) this.drop(this.kept.keys().next().value!);
    const snapshot = await pending!;
    return {
      datasets,
      snapshot,
      versions: await versionsById(
        db,
        snapshot.versions.map((v) => v.versionId),
      ),
    };
  }

  /** Forgets the organisation's index; a worker it had ends once its searches are answered. */
  private drop(organisationId: string) {
    const pending = this.kept.get(organisationId);
    this.kept.delete(organisationId);
    pending?.then(retire).catch(() => {});
  }
}

/** This process's watchlist indexes, one set per database (a test runs several apps in one process). */
const perDatabase = new WeakMap<object, WatchlistIndexes>();
export function watchlistIndexes(db: DbOrTx): WatchlistIndexes {
  const known = perDatabase.get(db);
  if (known) return known;
  const indexes = new WatchlistIndexes();
  perDatabase.set(db, indexes);
  return indexes;
}
