import { and, eq, inArray } from "drizzle-orm";
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

/**
 * Whether a stored download error says the source was never reached (no answer at all: no network, no name
 * resolution, a refused or reset connection), as opposed to a source that answered wrongly (HTTP 404, a cut file).
 * fetch-file words those "URL could not be fetched: <reason>".
 */
export function isNetworkFailure(error: string | null | undefined): boolean {
  if (!error) return false;
  return /could not be fetched|unable to connect|network|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ENETUNREACH|EHOSTUNREACH|getaddrinfo|offline/i.test(error);
}

/**
 * The ids of the lists without data whose last download failed because the network could not be reached; empty when
 * any failed list failed otherwise (then downloading again is still the advice).
 */
export async function listsFailedOffline(db: DbOrTx, lists: ListState[]): Promise<string[]> {
  const failed = unavailableLists(lists).filter((l) => l.last_download_status === "failed");
  if (failed.length === 0) return [];
  const d = schema.sanctionsDatasets;
  const rows = await db
    .select({ id: d.id, error: d.lastDownloadError })
    .from(d)
    .where(
      and(
        inArray(
          d.id,
          failed.map((l) => l.id),
        ),
        eq(d.lastDownloadStatus, "failed"),
      ),
    );
  return rows.every((r) => isNetworkFailure(r.error)) ? rows.map((r) => r.id) : [];
}

/** The lists a search cannot check: no version yet, whether one is downloading, failed or was never tried. */
export const unavailableLists = (lists: ListState[]) => lists.filter((l) => l.version_date === null);
