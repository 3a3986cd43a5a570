import { z } from "zod";

export interface DatasetSettings {
  /** Run scheduled downloads in this server process. */
  schedulerEnabled: boolean;
  /** Per file: connecting and receiving the whole body. */
  downloadTimeoutMs: number;
  /** The largest file a download accepts. */
  downloadMaxBytes: number;
  /** How often a process checks whether another process made a new version current. */
  indexRefreshMs: number;
}

export const DEFAULT_DATASET_SETTINGS: DatasetSettings = {
  schedulerEnabled: true,
  downloadTimeoutMs: 120_000,
  downloadMaxBytes: 512 * 1024 * 1024,
  indexRefreshMs: 10_000,
};

const positiveInt = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .positive(`${name} must be more than 0`);

const envSchema = z.object({
  DUECHECK_DATASET_SCHEDULER: z.enum(["0", "1", "true", "false"], "DUECHECK_DATASET_SCHEDULER must be 0 or 1").optional(),
  DUECHECK_DOWNLOAD_TIMEOUT_MS: positiveInt("DUECHECK_DOWNLOAD_TIMEOUT_MS").optional(),
  DUECHECK_DOWNLOAD_MAX_BYTES: positiveInt("DUECHECK_DOWNLOAD_MAX_BYTES").optional(),
  DUECHECK_INDEX_REFRESH_MS: positiveInt("DUECHECK_INDEX_REFRESH_MS").optional(),
});

/** Dataset download and index settings from the environment (see docs/configuration.md). */
export function loadDatasetSettings(env: Record<string, string | undefined> = process.env): DatasetSettings {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([k, v]) => k in envSchema.shape && v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) throw new Error(`Configuration error: ${parsed.error.issues.map((i) => i.message).join("; ")}`);
  const e = parsed.data;
  return {
    schedulerEnabled: e.DUECHECK_DATASET_SCHEDULER === undefined || e.DUECHECK_DATASET_SCHEDULER === "1" || e.DUECHECK_DATASET_SCHEDULER === "true",
    downloadTimeoutMs: e.DUECHECK_DOWNLOAD_TIMEOUT_MS ?? DEFAULT_DATASET_SETTINGS.downloadTimeoutMs,
    downloadMaxBytes: e.DUECHECK_DOWNLOAD_MAX_BYTES ?? DEFAULT_DATASET_SETTINGS.downloadMaxBytes,
    indexRefreshMs: e.DUECHECK_INDEX_REFRESH_MS ?? DEFAULT_DATASET_SETTINGS.indexRefreshMs,
  };
}
