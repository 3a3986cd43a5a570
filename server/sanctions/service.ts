import type { Database } from "../../data/db.ts";
import { type ListState, listStates, unavailableLists } from "../../lib/sanctions/availability.ts";
import { datasetsInOrder } from "../../lib/sanctions/datasets/catalog.ts";
import { offlineReporter } from "../../lib/sanctions/datasets/offline.ts";
import { seedDatasets } from "../../lib/sanctions/datasets/registry.ts";
import { type DatasetScheduler, logRun, startDatasetScheduler } from "../../lib/sanctions/datasets/scheduler.ts";
import { type DatasetSettings, loadDatasetSettings } from "../../lib/sanctions/datasets/settings.ts";
import { SanctionsIndexCache } from "../../lib/sanctions/index-cache/cache.ts";
import { buildInWorker, loadInWorker } from "../../lib/sanctions/index-cache/searchable.ts";

/** What a server process keeps for sanctions: its settings, its index of the current versions, its scheduler. */
export interface SanctionsService {
  settings: DatasetSettings;
  index: SanctionsIndexCache;
  stop(): Promise<void>;
}

const services = new WeakMap<Database, SanctionsService>();

/**
 * Seeds the dataset registry, builds the index in the background, polls for new current versions and, unless
 * DUECHECK_DATASET_SCHEDULER=0, runs the scheduled downloads.
 */
export async function startSanctionsService(database: Database, settings = loadDatasetSettings()): Promise<SanctionsService> {
  const { db } = database;
  await seedDatasets(db);
  const index = new SanctionsIndexCache(db, { builder: buildInWorker, loader: loadInWorker });
  index.refresh().catch((error) => console.error("[duecheck] building the sanctions index failed:", error));
  index.startPolling(settings.indexRefreshMs);
  let scheduler: DatasetScheduler | null = null;
  if (settings.schedulerEnabled) {
    const offline = offlineReporter(db);
    await announceFirstDownloads(database);
    await offline.atStart();
    scheduler = startDatasetScheduler(db, settings, {
      beforeSwitch: (versionId) => index.prepare(versionId),
      onRuns: (runs) => offline.afterRuns(runs),
      onRun(run) {
        logRun(run);
        // This process answers from a version it downloaded at once, not after its next poll.
        if (run.status === "success") index.refresh().catch((error) => console.error("[duecheck] refreshing the sanctions index failed:", error));
      },
    });
  }
  const service: SanctionsService = {
    settings,
    index,
    async stop() {
      await scheduler?.stop();
      await index.stop();
      services.delete(database);
    },
  };
  services.set(database, service);
  return service;
}

export function sanctionsService(database: Database): SanctionsService {
  const service = services.get(database);
  if (!service) throw new Error("The sanctions service was not started for this database");
  return service;
}

/** On a fresh install `npm start` says which lists are being downloaded, and what a search does until then. */
async function announceFirstDownloads({ db }: Database) {
  const [missing, datasets] = await Promise.all([listStates(db).then(unavailableLists), datasetsInOrder(db)]);
  const automatic = new Set(datasets.filter((d) => d.autoDownload && d.enabled).map((d) => d.id));
  const names = (lists: ListState[]) => lists.map((l) => l.source_name).join(", ");
  const now = missing.filter((l) => automatic.has(l.id));
  const manual = missing.filter((l) => !automatic.has(l.id));
  if (now.length) {
    console.log(`[duecheck] Downloading the lists that have no data yet: ${names(now)}. Until a list is in, searches report it as not checked.`);
  }
  if (manual.length) {
    console.log(`[duecheck] No data and no automatic download for: ${names(manual)} (duecheck datasets download ID, or datasets import).`);
  }
  const disabled = datasets.filter((d) => !d.enabled);
  if (disabled.length) console.log(`[duecheck] Disabled lists (not searched, not downloaded): ${disabled.map((d) => d.id).join(", ")}.`);
}
