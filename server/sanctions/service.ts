import type { Database } from "../../data/db.ts";
import { listStates, unavailableLists } from "../../lib/sanctions/availability.ts";
import { seedDatasets } from "../../lib/sanctions/datasets/registry.ts";
import { startDatasetScheduler, type DatasetScheduler } from "../../lib/sanctions/datasets/scheduler.ts";
import { loadDatasetSettings, type DatasetSettings } from "../../lib/sanctions/datasets/settings.ts";
import { SanctionsIndexCache } from "../../lib/sanctions/index-cache/cache.ts";
import { buildInWorker } from "../../lib/sanctions/index-cache/searchable.ts";

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
  const index = new SanctionsIndexCache(db, { builder: buildInWorker });
  index.refresh().catch((error) => console.error("[duecheck] building the sanctions index failed:", error));
  index.startPolling(settings.indexRefreshMs);
  let scheduler: DatasetScheduler | null = null;
  if (settings.schedulerEnabled) {
    await announceFirstDownloads(database);
    scheduler = startDatasetScheduler(db, settings);
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

/** On a fresh install `npm start` says that the lists are being downloaded, and what a search does until then. */
async function announceFirstDownloads({ db }: Database) {
  const missing = unavailableLists(await listStates(db));
  if (missing.length === 0) return;
  console.log(
    `[duecheck] No data yet for ${missing.map((l) => l.source_name).join(", ")}: downloading the automatic ones now. ` +
      "Until a list is in, searches report it as not checked.",
  );
}
