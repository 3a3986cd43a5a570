import type { DbOrTx } from "../../../data/db.ts";
import type { DownloadAllResult } from "../contract.ts";
import { datasetsInOrder } from "./catalog.ts";
import { type DownloadOptions, type DownloadProgress, downloadDataset } from "./download.ts";

export type { DownloadAllResult };

/**
 * Downloads every enabled dataset in turn (a disabled one only when asked for by its id); one failing does not stop
 * the others. Unchanged counts as successful.
 */
export async function downloadAllDatasets(
  db: DbOrTx,
  options: Omit<DownloadOptions, "onProgress"> & { onProgress?: (datasetId: string, progress: DownloadProgress) => void },
): Promise<DownloadAllResult> {
  const datasets = (await datasetsInOrder(db)).filter((d) => d.enabled);
  const results: DownloadAllResult["results"] = [];
  for (const { id } of datasets) {
    try {
      const result = await downloadDataset(db, id, { ...options, onProgress: (p) => options.onProgress?.(id, p) });
      results.push({ id, status: result.status });
    } catch (error) {
      results.push({ id, status: "failed", error: (error as Error).message });
    }
  }
  const failed = results.filter((r) => r.status === "failed").length;
  return { summary: { successful: results.length - failed, failed }, results };
}
