import { eq } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import type { ListState } from "./contract.ts";
import { datasetsInOrder } from "./datasets/catalog.ts";

export type { ListState };

const downloadStatus = (status: string | null): ListState["last_download_status"] =>
  status === "success" || status === "failed" || status === "downloading" ? status : null;

/** Every dataset in list order with the date of its current version. */
export async function listStates(db: DbOrTx): Promise<ListState[]> {
  const [datasets, versions] = await Promise.all([
    datasetsInOrder(db),
    db
      .select({ datasetId: schema.sanctionsDatasetVersions.datasetId, versionDate: schema.sanctionsDatasetVersions.versionDate })
      .from(schema.sanctionsDatasetVersions)
      .where(eq(schema.sanctionsDatasetVersions.isCurrent, true)),
  ]);
  const current = new Map(versions.map((v) => [v.datasetId, v.versionDate]));
  return datasets.map((d) => ({
    id: d.id,
    source_name: d.sourceName,
    dataset_type: d.datasetType,
    version_date: current.get(d.id)?.toISOString() ?? null,
    last_download_status: downloadStatus(d.lastDownloadStatus),
  }));
}

/** The lists a search cannot check: no version yet, whether one is downloading, failed or was never tried. */
export const unavailableLists = (lists: ListState[]) => lists.filter((l) => l.version_date === null);
