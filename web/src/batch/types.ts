import type { BatchResultRow, BatchStatus, BatchView, RiskLevel, StartedBatch } from "../../../lib/batch/schemas.ts";

export { RISK_LEVELS } from "../../../lib/batch/schemas.ts";
export type { BatchResultRow, BatchStatus, BatchView, RiskLevel, StartedBatch };

/** Polling interval of a running batch: every 3 s. */
export const BATCH_POLL_MS = 3000;

/** Only a processing batch changes by itself; a pending one waits for entities that will not come any more. */
export const isBatchRunning = (batch: Pick<BatchView, "status"> | undefined) => batch?.status === "processing";

export const BATCH_STATUS_KEYS: Record<BatchStatus, string> = {
  pending: "batch.status.pending",
  processing: "batch.status.processing",
  completed: "batch.status.completed",
  failed: "batch.status.failed",
};
