import { CronJob } from "cron";
import { eq } from "drizzle-orm";
import { schema, type DbOrTx } from "../../../data/db.ts";
import { DatasetBusyError } from "./claim.ts";
import { downloadDataset, DownloadFailedError } from "./download.ts";
import type { DatasetSettings } from "./settings.ts";

const HOUR = 60 * 60 * 1000;
/** A failed download is tried again after this long (or after its frequency, when that is shorter). */
const RETRY_FAILED_AFTER_MS = HOUR;

export interface DueRun {
  id: string;
  status: "success" | "not_modified" | "failed" | "busy";
  error?: string;
}

type DownloadSettings = Pick<DatasetSettings, "downloadTimeoutMs" | "downloadMaxBytes">;

/** Downloads every auto_download dataset whose last download is download_frequency hours old (or that never was). */
export async function runDueDownloads(
  db: DbOrTx,
  options: { settings: DownloadSettings; now?: () => Date; shouldStop?: () => boolean },
): Promise<DueRun[]> {
  const now = options.now ?? (() => new Date());
  const datasets = await db.select().from(schema.sanctionsDatasets).where(eq(schema.sanctionsDatasets.autoDownload, true));
  const runs: DueRun[] = [];
  for (const dataset of datasets) {
    if (options.shouldStop?.()) break;
    const last = dataset.lastDownloadAt?.getTime();
    const wait = dataset.downloadFrequency * HOUR;
    const due =
      last === undefined || now().getTime() - last >= (dataset.lastDownloadStatus === "failed" ? Math.min(wait, RETRY_FAILED_AFTER_MS) : wait);
    if (!due) continue;
    try {
      const result = await downloadDataset(db, dataset.id, { settings: options.settings, now: options.now, actor: { kind: "system" } });
      runs.push({ id: dataset.id, status: result.status });
    } catch (error) {
      // Another process is on it: that one records the outcome.
      if (error instanceof DatasetBusyError) runs.push({ id: dataset.id, status: "busy" });
      else if (error instanceof DownloadFailedError) runs.push({ id: dataset.id, status: "failed", error: error.message });
      else throw error;
    }
  }
  return runs;
}

export interface DatasetScheduler {
  stop(): Promise<void>;
}

/**
 * Checks every 10 minutes (and once a minute after start) which datasets are due and downloads them, one at a
 * time. Several server processes may run it: the per-dataset claim lets one of them download a dataset.
 */
export function startDatasetScheduler(
  db: DbOrTx,
  settings: DownloadSettings,
  options: { cronTime?: string; initialDelayMs?: number } = {},
): DatasetScheduler {
  let stopped = false;
  let running: Promise<void> | null = null;
  const tick = () => {
    if (stopped || running) return;
    running = runDueDownloads(db, { settings, shouldStop: () => stopped })
      .then((runs) => {
        for (const run of runs.filter((r) => r.status === "failed")) {
          console.error(`[duecheck] scheduled download of ${run.id} failed: ${run.error}`);
        }
      })
      .catch((error) => {
        if (!stopped) console.error("[duecheck] scheduled dataset downloads failed:", error);
      })
      .finally(() => {
        running = null;
      });
  };
  const job = CronJob.from({ cronTime: options.cronTime ?? "*/10 * * * *", onTick: tick, start: true });
  const first = setTimeout(tick, options.initialDelayMs ?? 60_000);
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
