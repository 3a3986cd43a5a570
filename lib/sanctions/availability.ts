import { and, eq, inArray } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import type { ListState, ListStatesAnswer } from "./contract.ts";
import { datasetsInOrder } from "./datasets/catalog.ts";
import { downloadsOffline } from "./datasets/offline.ts";

export type { ListState };

const downloadStatus = (status: string | null): ListState["last_download_status"] =>
  status === "success" || status === "failed" || status === "downloading" ? status : null;

/** Every dataset in list order with the date of its current version, and whether an admin enabled it. */
export async function allListStates(db: DbOrTx): Promise<(ListState & { enabled: boolean })[]> {
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
    enabled: d.enabled,
  }));
}

/** The enabled datasets in list order with the date of their current version: the lists a search checks. */
export async function listStates(db: DbOrTx): Promise<ListState[]> {
  return (await allListStates(db)).filter((l) => l.enabled).map(({ enabled: _, ...state }) => state);
}

/** GET /api/sanctions/status: the enabled lists, the disabled ones, and whether the downloads are offline. */
export async function listStatesAnswer(db: DbOrTx): Promise<Required<ListStatesAnswer>> {
  const [all, offline] = await Promise.all([allListStates(db), downloadsOffline(db)]);
  return {
    lists: all.filter((l) => l.enabled).map(({ enabled: _, ...state }) => state),
    disabled: all.filter((l) => !l.enabled).map((l) => ({ id: l.id, source_name: l.source_name, dataset_type: l.dataset_type })),
    offline,
  };
}

/**
 * The ids of the lists without data whose last download could not reach the network at all (no name resolution, a
 * refused or unreachable connection, no answer in time); empty when any failed list failed otherwise, since then
 * downloading again is still the advice.
 */
export async function listsFailedOffline(db: DbOrTx, lists: ListState[]): Promise<string[]> {
  const failed = unavailableLists(lists).filter((l) => l.last_download_status === "failed");
  if (failed.length === 0) return [];
  const d = schema.sanctionsDatasets;
  const rows = await db
    .select({ id: d.id, kind: d.lastFailureKind })
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
  return rows.every((r) => r.kind === "network") ? rows.map((r) => r.id) : [];
}

/** The lists a search cannot check: no version yet, whether one is downloading, failed or was never tried. */
export const unavailableLists = (lists: ListState[]) => lists.filter((l) => l.version_date === null);
