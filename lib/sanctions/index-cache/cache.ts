import { eq, sql } from "drizzle-orm";
import { type DbOrTx, schema } from "../../../data/db.ts";
import { readHeader } from "../matcher/snapshot/decode.ts";
import { type CurrentVersion, currentVersions, fingerprintOf, loadEntityBatches } from "./load.ts";
import { buildInProcess, type IndexBuilder, type IndexLoader, loadInProcess, type SearchableIndex } from "./searchable.ts";
import { deleteSnapshot, deleteStaleSnapshots, findStoredSnapshot, readStoredSnapshot, snapshotWanted, writeStoredSnapshot } from "./stored.ts";
import { scheduleSnapshotWrite } from "./writes.ts";

/** One built index and the dataset versions it holds. */
export interface IndexSnapshot {
  fingerprint: string;
  versions: CurrentVersion[];
  index: SearchableIndex;
  builtAt: Date;
  /** Whether the cache loaded the index from the snapshot stored in the database or built it from the lists. */
  origin?: IndexOrigin;
}

export type IndexOrigin = "snapshot" | "build";

export interface IndexCacheOptions {
  threshold?: number;
  /** Builds an index from the lists (default: in this thread). */
  builder?: IndexBuilder;
  /** Loads an index from a stored snapshot's bytes (default: in this thread). */
  loader?: IndexLoader;
  /** Whether to load and write index snapshots in the database (default true). */
  snapshots?: boolean;
}

/** One line, whatever the error carried (a worker's error arrives with its stack). */
const warn = (message: string) => console.warn(`[duecheck] ${message.split("\n")[0]}`);
/** An error's first line, for a warning that must stay on one line. */
const reasonOf = (error: unknown) => String((error as Error)?.message ?? error).split("\n")[0];

/**
 * A process's sanctions index over the current version of every dataset, read from the database. refresh() compares
 * the ids of the current versions with those the index was built from and rebuilds only when they changed; the new
 * index replaces the old one when it is complete, so searches keep being answered meanwhile (only the very first
 * search waits for the first build).
 *
 * A search that finds the versions changed waits for the new index, so that it never reports a list version it did
 * not search. A process that makes a version current itself (an upload, a download) spares its readers that wait:
 * prepare() builds the index the switch will need before the switch, while searches keep using the current one.
 *
 * An index is loaded from the snapshot stored for its versions when there is one (stored.ts): a million entities load
 * in seconds where they take a minute to build. A snapshot that cannot be used (another matcher's, a checksum that
 * does not match, a chunk missing) is said in one warning line, and the index is built instead. A process that built
 * an index whose versions have no snapshot writes one, off the searches' path (writes.ts), then deletes the snapshots
 * no process will read again.
 */
export class SanctionsIndexCache {
  private snapshot: IndexSnapshot | null = null;
  private inflight: Promise<IndexSnapshot> | null = null;
  /** Built ahead of a switch by prepare(): adopted once the current versions are the ones it holds. */
  private prepared: IndexSnapshot | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  /** Snapshot writes scheduled or under way (see writeSnapshot). */
  private readonly writes = new Set<{ task: Promise<void>; start: () => void }>();
  private stopped = false;

  constructor(
    private readonly db: DbOrTx,
    private readonly options: IndexCacheOptions = {},
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
    const fingerprint = fingerprintOf(next);
    const { index, origin } = await this.loadOrBuild(
      fingerprint,
      next.map((x) => x.versionId),
    );
    if (this.stopped) return index.dispose();
    this.prepared?.index.dispose();
    this.prepared = { fingerprint, versions: next, index, builtAt: new Date(), origin };
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
    // Writes not started yet are dropped; one under way stops at its next chunk.
    for (const write of this.writes) write.start();
    await Promise.allSettled([...this.writes].map((w) => w.task));
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
      if (previous) this.tidy(fingerprint);
      return this.snapshot;
    }
    prepared?.index.dispose();
    const { index, origin } = await this.loadOrBuild(
      fingerprint,
      versions.map((v) => v.versionId),
    );
    if (this.stopped) {
      index.dispose();
      throw new Error("The sanctions index was stopped");
    }
    this.snapshot = { fingerprint, versions, index, builtAt: new Date(), origin };
    previous?.index.dispose();
    if (previous) this.tidy(fingerprint);
    return this.snapshot;
  }

  private get snapshotsOn(): boolean {
    return this.options.snapshots ?? true;
  }

  /** The index of these versions: loaded from their stored snapshot when it can be, else built (and its snapshot written). */
  private async loadOrBuild(fingerprint: string, versionIds: string[]): Promise<{ index: SearchableIndex; origin: IndexOrigin }> {
    // Nothing downloaded yet: an empty index needs no worker thread, and no snapshot.
    if (versionIds.length === 0) return { index: await buildInProcess(loadEntityBatches(this.db, []), this.options.threshold), origin: "build" };
    if (this.snapshotsOn) {
      const loaded = await this.loadStored(fingerprint);
      if (loaded) return { index: loaded, origin: "snapshot" };
    }
    const builder = this.options.builder ?? buildInProcess;
    const index = await builder(loadEntityBatches(this.db, versionIds), this.options.threshold);
    if (this.snapshotsOn && index.encode) this.writeSnapshot(fingerprint, index);
    return { index, origin: "build" };
  }

  /** The index of the stored snapshot of these versions; null (after one warning line) when there is none it can use. */
  private async loadStored(fingerprint: string): Promise<SearchableIndex | null> {
    let broken: string | null = null;
    try {
      const found = await findStoredSnapshot(this.db, fingerprint);
      if (found.kind === "none") return null;
      if (found.kind === "other-matcher") {
        warn(`the stored sanctions index snapshot was written by matcher ${found.matcherVersion}; building the index from the lists`);
        return null;
      }
      broken = found.snapshot.id;
      const bytes = await readStoredSnapshot(this.db, found.snapshot);
      return await (this.options.loader ?? loadInProcess)(bytes, this.options.threshold);
    } catch (error) {
      if (this.stopped) throw error;
      warn(`the stored sanctions index snapshot cannot be used (${reasonOf(error)}); building the index from the lists`);
      // The rebuild writes a sound one in its place.
      if (broken) await deleteSnapshot(this.db, broken).catch(() => {});
      return null;
    }
  }

  /** Writes the snapshot of a built index when its versions have none, once the first searches had their answers. */
  private writeSnapshot(fingerprint: string, index: SearchableIndex): void {
    // Only while the index is still held: one replaced meanwhile holds versions no longer current.
    const held = () => !this.stopped && (this.snapshot?.index === index || this.prepared?.index === index);
    const write = scheduleSnapshotWrite(async () => {
      if (!held() || !(await snapshotWanted(this.db, fingerprint))) return;
      const bytes = await index.encode!();
      if ((await writeStoredSnapshot(this.db, fingerprint, bytes, readHeader(bytes).entities, () => !held())) !== "written") return;
      await deleteStaleSnapshots(this.db, (await currentVersions(this.db)).fingerprint);
    });
    const task = write.task.catch(async (error) => {
      // A closed database (a process ending) or a stopped worker: the next process builds the index and writes it.
      const open = await this.db.execute(sql`select 1`).then(
        () => true,
        () => false,
      );
      if (held() && open) warn(`writing the sanctions index snapshot failed: ${reasonOf(error)}`);
    });
    const entry = { task, start: write.start };
    this.writes.add(entry);
    void task.finally(() => this.writes.delete(entry));
  }

  /** After a switch: the snapshots of the versions left behind are deleted. */
  private tidy(fingerprint: string): void {
    if (!this.snapshotsOn) return;
    deleteStaleSnapshots(this.db, fingerprint).catch((error) => {
      if (!this.stopped) warn(`deleting old sanctions index snapshots failed: ${reasonOf(error)}`);
    });
  }
}
