import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { type DbOrTx, schema } from "../../../data/db.ts";
import { AppError } from "../../errors.ts";
import type { DatasetRow } from "./catalog.ts";

export class DatasetBusyError extends AppError {
  constructor(datasetId: string) {
    super(409, `A download or import of ${datasetId} is already running`);
  }
}

/**
 * Marks the dataset 'downloading' with a conditional update, so across every process of an install only one
 * download or import of a dataset runs at a time. A claim older than `staleAfterMs` (a process that died
 * mid-download) may be taken over.
 */
export async function claimDataset(db: DbOrTx, datasetId: string, now: Date, staleAfterMs: number): Promise<DatasetRow> {
  const t = schema.sanctionsDatasets;
  const [claimed] = await db
    .update(t)
    .set({ lastDownloadStatus: "downloading", downloadStartedAt: now })
    .where(
      and(
        eq(t.id, datasetId),
        or(
          sql`${t.lastDownloadStatus} is distinct from 'downloading'`,
          isNull(t.downloadStartedAt),
          lt(t.downloadStartedAt, new Date(now.getTime() - staleAfterMs)),
        ),
      ),
    )
    .returning();
  if (!claimed) throw new DatasetBusyError(datasetId);
  return claimed;
}

export async function recordFailure(db: DbOrTx, datasetId: string, at: Date, message: string) {
  await db
    .update(schema.sanctionsDatasets)
    .set({ lastDownloadStatus: "failed", lastDownloadAt: at, lastDownloadError: message, downloadStartedAt: null })
    .where(eq(schema.sanctionsDatasets.id, datasetId));
}

/** The source had nothing new: a successful check that leaves the current version in place. */
export async function recordUnchanged(db: DbOrTx, datasetId: string, at: Date, size: number | null) {
  await db
    .update(schema.sanctionsDatasets)
    .set({ lastDownloadStatus: "success", lastDownloadAt: at, lastDownloadSize: size, lastDownloadError: null, downloadStartedAt: null })
    .where(eq(schema.sanctionsDatasets.id, datasetId));
}
