import { eq } from "drizzle-orm";
import { type DbOrTx, schema } from "../../../data/db.ts";
import { type CurrentVersion, currentVersions, fingerprintOf, loadEntityBatches } from "./load.ts";
import { buildInProcess, type IndexBuilder, type SearchableIndex } from "./searchable.ts";

/** One built index and the dataset versions it holds. */
export interface IndexSnapshot {
  fingerprint: string;
  versions: CurrentVersion[];
  index: SearchableIndex;
  builtAt: Date;
}

/**
 * A process's sanctions index over the current version of every dataset, read from the database. refresh() compares
 * the ids of the current versions with those the index was built from and rebuilds only when they changed; the new
 * index replaces the old one when it is complete, so searches keep being answered meanwhile (only the very first
 * search waits for the first build).
 *
 * A search that finds the versions changed waits for the new index, so that it never reports a list version it did
 * not search. A process that makes a version current itself (an upload, a download) spares its readers that wait:
 * prepare() builds the index the switch will need before the switch, while searches keep using the current one.
 */
export class SanctionsIndexCache {
  private snapshot: IndexSnapshot | null = null;
  private inflight: Promise<IndexSnapshot> | null = null;
  /** Built ahead of a switch by prepare(): adopted once the current versions are the ones it holds. */
  private prepared: IndexSnapshot | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private stopped = false;

  constructor(
    private readonly db: DbOrTx,
    private readonly options: { threshold?: number; builder?: IndexBuilder } = {},
  ) {}

  /** The index to search now: the one built last, or the first one once it is built. */
  async current(): Promise<IndexSnapshot> {
    return this.snapshot && !this.snapshot.index.broken ? this.snapshot : this.refresh();
  }

  refresh(): Promise<IndexSnapshot> {
    this.inflight ??= this.rebuildIfChanged().finally(() => {
      this.inflight = null;
    });
    return this.inflight;
  }

  /**
   * Builds the index of today's current versions with `versionId` in place of its dataset's current one, before
   * that version becomes current. A failure only costs the readers the wait prepare() was to spare them.
   */
  async prepare(versionId: string): Promise<void> {
    const { versions } = await currentVersions(this.db);
    const v = schema.sanctionsDatasetVersions;
    const [incoming] = await this.db
      .select({ versionId: v.id, datasetId: v.datasetId, datasetType: schema.sanctionsDatasets.datasetType, versionDate: v.versionDate })
      .from(v)
      .innerJoin(schema.sanctionsDatasets, eq(schema.sanctionsDatasets.id, v.datasetId))
      .where(eq(v.id, versionId));
    if (!incoming) return;
    const next = [...versions.filter((x) => x.datasetId !== incoming.datasetId), incoming].sort((a, b) =>
      a.datasetId < b.datasetId ? -1 : a.datasetId > b.datasetId ? 1 : 0,
    );
    const builder = this.options.builder ?? buildInProcess;
    const index = await builder(
      loadEntityBatches(
        this.db,
        next.map((x) => x.versionId),
      ),
      this.options.threshold,
    );
    if (this.stopped) return index.dispose();
    this.prepared?.index.dispose();
    this.prepared = { fingerprint: fingerprintOf(next), versions: next, index, builtAt: new Date() };
  }

  /** Polls for new current versions (made by any process or the CLI) every `intervalMs`. */
  startPolling(intervalMs: number) {
    this.timer = setInterval(() => {
      this.refresh().catch((error) => {
        if (!this.stopped) console.error("[duecheck] refreshing the sanctions index failed:", error);
      });
    }, intervalMs);
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.inflight?.catch(() => {});
    this.snapshot?.index.dispose();
    this.prepared?.index.dispose();
  }

  private async rebuildIfChanged(): Promise<IndexSnapshot> {
    const { fingerprint, versions } = await currentVersions(this.db);
    const previous = this.snapshot;
    if (previous && previous.fingerprint === fingerprint && !previous.index.broken) return previous;
    // Versions changed: the index prepared for them is taken as it is; one prepared for other versions is stale.
    const prepared = this.prepared;
    this.prepared = null;
    if (prepared && prepared.fingerprint === fingerprint && !prepared.index.broken) {
      this.snapshot = { ...prepared, versions, builtAt: new Date() };
      previous?.index.dispose();
      return this.snapshot;
    }
    prepared?.index.dispose();
    const batches = loadEntityBatches(
      this.db,
      versions.map((v) => v.versionId),
    );
    // Nothing downloaded yet: an empty index needs no worker thread.
    const builder = versions.length === 0 ? buildInProcess : (this.options.builder ?? buildInProcess);
    const index = await builder(batches, this.options.threshold);
    if (this.stopped) {
      index.dispose();
      throw new Error("The sanctions index was stopped");
    }
    this.snapshot = { fingerprint, versions, index, builtAt: new Date() };
    previous?.index.dispose();
    return this.snapshot;
  }
}
