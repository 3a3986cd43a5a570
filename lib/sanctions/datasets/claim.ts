import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { type DbOrTx, schema } from "../../../data/db.ts";
import { AppError } from "../../errors.ts";
import type { DatasetRow } from "./catalog.ts";
import type { FailureKind } from "./fetch-file.ts";

/** What a download that reached its publisher (or an import) clears: the network back-off. */
export const DOWNLOAD_REACHED = { lastFailureKind: null, networkFailures: 0, nextDownloadAt: null } as const;

export class DatasetBusyError extends AppError {
  constructor(datasetId: string) {
    super(409, `A download or import of ${datasetId} is already running`);
  }
}

/**
 * How often a running download or import shows it is alive (its claim's time is renewed), and how long a claim may
 * go without that before another process takes it for the claim of a process that died. A process killed mid-import
 * (kill -9, a crash) leaves its claim behind; without the renewal a retry was refused as "already running" for the
 * longest a download may take (a quarter of an hour and more), with it a retry works within two minutes.
 */
export const CLAIM_RENEW_MS = 10_000;
export const CLAIM_STALE_MS = 120_000;

/**
 * Marks the dataset 'downloading' with a conditional update, so across every process of an install only one
 * download or import of a dataset runs at a time. A claim not renewed for `staleAfterMs` (its process died) may be
 * taken over. Answers the dataset and `stop`, which ends the renewal (call it once the claim is released).
 */
export async function claimDataset(
  db: DbOrTx,
  datasetId: string,
  now: Date,
  staleAfterMs = CLAIM_STALE_MS,
): Promise<DatasetRow & { stopRenewing: () => void }> {
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
  const timer = setInterval(() => {
    db.update(t)
      .set({ downloadStartedAt: new Date() })
      .where(and(eq(t.id, datasetId), eq(t.lastDownloadStatus, "downloading")))
      .catch(() => {});
  }, CLAIM_RENEW_MS);
  // A finished CLI run must not wait for the next renewal.
  timer.unref?.();
  return { ...claimed, stopRenewing: () => clearInterval(timer) };
}

/** The first wait after a download could not reach its publisher; each further one doubles it, up to the most. */
export const NETWORK_BACKOFF_FIRST_MS = 10 * 60_000;
export const NETWORK_BACKOFF_MAX_MS = 6 * 60 * 60_000;

/** How long to wait after the n-th network failure in a row (n from 1): 10 min, 20, 40... at most 6 hours. */
export const networkBackoffMs = (failures: number) => Math.min(NETWORK_BACKOFF_FIRST_MS * 2 ** Math.max(failures - 1, 0), NETWORK_BACKOFF_MAX_MS);

/**
 * A failed download. One that could not reach the publisher counts one more network failure and sets the time
 * before which no scheduled download is tried (stored, so every process and a restart honour it); one the publisher
 * answered wrongly clears that count.
 */
export async function recordFailure(db: DbOrTx, datasetId: string, at: Date, message: string, kind: FailureKind = "publisher") {
  const t = schema.sanctionsDatasets;
  const [row] = await db
    .update(t)
    .set({
      lastDownloadStatus: "failed",
      lastDownloadAt: at,
      lastDownloadError: message,
      downloadStartedAt: null,
      lastFailureKind: kind,
      networkFailures: kind === "network" ? sql`${t.networkFailures} + 1` : 0,
    })
    .where(eq(t.id, datasetId))
    .returning({ networkFailures: t.networkFailures });
  const nextDownloadAt = kind === "network" && row ? new Date(at.getTime() + networkBackoffMs(row.networkFailures)) : null;
  await db.update(t).set({ nextDownloadAt }).where(eq(t.id, datasetId));
}

/** The source had nothing new: a successful check that leaves the current version in place. */
export async function recordUnchanged(db: DbOrTx, datasetId: string, at: Date, size: number | null) {
  await db
    .update(schema.sanctionsDatasets)
    .set({ lastDownloadStatus: "success", lastDownloadAt: at, lastDownloadSize: size, lastDownloadError: null, downloadStartedAt: null, ...DOWNLOAD_REACHED })
    .where(eq(schema.sanctionsDatasets.id, datasetId));
}
