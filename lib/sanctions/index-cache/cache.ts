import type { DbOrTx } from "../../../data/db.ts";
import { type CurrentVersion, currentVersions, loadEntityBatches } from "./load.ts";
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
 */
export class SanctionsIndexCache {
  private snapshot: IndexSnapshot | null = null;
  private inflight: Promise<IndexSnapshot> | null = null;
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
  }

  private async rebuildIfChanged(): Promise<IndexSnapshot> {
    const { fingerprint, versions } = await currentVersions(this.db);
    const previous = this.snapshot;
    if (previous && previous.fingerprint === fingerprint && !previous.index.broken) return previous;
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
