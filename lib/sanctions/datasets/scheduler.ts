import { CronJob } from "cron";
import { and, eq } from "drizzle-orm";
import { type DbOrTx, schema } from "../../../data/db.ts";
import { datasetsInOrder } from "./catalog.ts";
import { DatasetBusyError } from "./claim.ts";
import { DownloadFailedError, downloadDataset } from "./download.ts";
import type { FailureKind } from "./fetch-file.ts";
import type { DatasetSettings } from "./settings.ts";
import type { BeforeSwitch } from "./versions.ts";

const HOUR = 60 * 60 * 1000;
/** A failed download is tried again after this long (or after its frequency, when that is shorter). */
const RETRY_FAILED_AFTER_MS = HOUR;

export interface DueRun {
  id: string;
  status: "success" | "not_modified" | "failed" | "busy";
  error?: string;
  /** Failed only: network when the publisher could not be reached at all. */
  kind?: FailureKind;
  /** Entities of the new version (success only). */
  entityCount?: number;
}

type DownloadSettings = Pick<DatasetSettings, "downloadTimeoutMs" | "downloadMaxBytes">;

/**
 * Downloads every enabled auto_download dataset whose last download is download_frequency hours old, or that was
 * never downloaded: those first, in list order, since until they are in no search can check them. A dataset whose
 * publisher could not be reached waits until its stored next_download_at (the back-off, doubling up to 6 hours).
 */
export async function runDueDownloads(
  db: DbOrTx,
  options: { settings: DownloadSettings; now?: () => Date; shouldStop?: () => boolean; onRun?: (run: DueRun) => void; beforeSwitch?: BeforeSwitch },
): Promise<DueRun[]> {
  const now = options.now ?? (() => new Date());
  // An imported version counts as fresh as a download of that moment (an import does not set lastDownloadAt, which
  // is the publisher's alone): the list waits its frequency from the later of the two.
  const v = schema.sanctionsDatasetVersions;
  const current = await db
    .select({ datasetId: v.datasetId, createdAt: v.createdAt })
    .from(v)
    .where(and(eq(v.isCurrent, true), eq(v.origin, "import")));
  const importedAt = new Map(current.map((row) => [row.datasetId, row.createdAt.getTime()]));
  const refreshedAt = (d: { id: string; lastDownloadAt: Date | null }) => {
    const times = [d.lastDownloadAt?.getTime(), importedAt.get(d.id)].filter((t): t is number => t !== undefined);
    return times.length ? Math.max(...times) : undefined;
  };
  const datasets = (await datasetsInOrder(db))
    .filter((d) => d.enabled && d.autoDownload)
    .sort((a, b) => Number(refreshedAt(a) !== undefined) - Number(refreshedAt(b) !== undefined));
  const runs: DueRun[] = [];
  const record = (run: DueRun) => {
    runs.push(run);
    options.onRun?.(run);
  };
  for (const dataset of datasets) {
    if (options.shouldStop?.()) break;
    const last = dataset.lastDownloadStatus === "failed" ? dataset.lastDownloadAt?.getTime() : refreshedAt(dataset);
    const wait = dataset.downloadFrequency * HOUR;
    const due = dataset.nextDownloadAt
      ? now().getTime() >= dataset.nextDownloadAt.getTime()
      : last === undefined || now().getTime() - last >= (dataset.lastDownloadStatus === "failed" ? Math.min(wait, RETRY_FAILED_AFTER_MS) : wait);
    if (!due) continue;
    try {
      const result = await downloadDataset(db, dataset.id, {
        settings: options.settings,
        now: options.now,
        actor: { kind: "system" },
        beforeSwitch: options.beforeSwitch,
      });
      record(
        result.status === "success"
          ? { id: dataset.id, status: "success", entityCount: result.version.entity_count }
          : { id: dataset.id, status: result.status },
      );
    } catch (error) {
      // Another process is on it: that one records the outcome.
      if (error instanceof DatasetBusyError) record({ id: dataset.id, status: "busy" });
      else if (error instanceof DownloadFailedError) record({ id: dataset.id, status: "failed", error: error.message, kind: error.kind });
      else throw error;
    }
  }
  return runs;
}

export interface DatasetScheduler {
  stop(): Promise<void>;
}

/**
 * Checks at start (so a fresh install downloads its lists at once) and then every 10 minutes which datasets are due,
 * and downloads them one at a time. Several server processes may run it: the per-dataset claim lets one of them
 * download a dataset.
 */
export function startDatasetScheduler(
  db: DbOrTx,
  settings: DownloadSettings,
  options: {
    cronTime?: string;
    initialDelayMs?: number;
    onRun?: (run: DueRun) => void;
    onRuns?: (runs: DueRun[]) => Promise<void> | void;
    beforeSwitch?: BeforeSwitch;
  } = {},
): DatasetScheduler {
  let stopped = false;
  let running: Promise<void> | null = null;
  const tick = () => {
    if (stopped || running) return;
    running = runDueDownloads(db, { settings, shouldStop: () => stopped, onRun: options.onRun ?? logRun, beforeSwitch: options.beforeSwitch })
      .then((runs) => (stopped ? undefined : options.onRuns?.(runs)))
      .catch((error) => {
        if (!stopped) console.error("[duecheck] scheduled dataset downloads failed:", error);
      })
      .finally(() => {
        running = null;
      });
  };
  const job = CronJob.from({ cronTime: options.cronTime ?? "*/10 * * * *", onTick: tick, start: true });
  const first = setTimeout(tick, options.initialDelayMs ?? 0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      await job.stop();
      // Shutdown waits a little for a download in flight; one cut off leaves a stale claim the next run takes over.
      if (running) await Promise.race([running, Bun.sleep(5_000)]);
    },
  };
}

/**
 * What a server prints about a scheduled download: each new version and each failure of a publisher. A failure to
 * reach the network is not printed per list: the runs' summary says it once (offline.ts).
 */
export function logRun(run: DueRun) {
  if (run.status === "success") console.log(`[duecheck] downloaded ${run.id}: a new version with ${run.entityCount} entities`);
  if (run.status === "failed" && run.kind !== "network") console.error(`[duecheck] scheduled download of ${run.id} failed: ${run.error}`);
}
