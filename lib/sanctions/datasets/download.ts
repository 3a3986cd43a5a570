import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { type DbOrTx, schema } from "../../../data/db.ts";
import { type AuditActor, recordAudit } from "../../audit/record.ts";
import { privateNetworksAllowed } from "../../outgoing/policy.ts";
import type { DownloadResult, VersionSummary } from "../contract.ts";
import { isDatasetFormat } from "../parsers/index.ts";
import { getDataset } from "./catalog.ts";
import { EntityStream, skipped } from "./check-off-thread.ts";
import { claimDataset, recordFailure, recordUnchanged } from "./claim.ts";
import { type FailureKind, FetchFileError, fetchFile } from "./fetch-file.ts";
import { checkEntityCount, IntegrityError } from "./integrity.ts";
import type { DatasetSettings } from "./settings.ts";
import {
  type BeforeSwitch,
  contentHash,
  copyKeptFile,
  currentVersion,
  type KeptFileOrigin,
  type StoredFile,
  storeVersion,
  totalSize,
  type VersionRow,
  versionFileOrigins,
} from "./versions.ts";

/** A download that did not produce a version; the dataset's current version is untouched and the failure recorded. */
export class DownloadFailedError extends Error {
  constructor(
    readonly datasetId: string,
    message: string,
    /** network: the publisher could not be reached at all (see fetch-file.ts). */
    readonly kind: FailureKind = "publisher",
  ) {
    super(message);
  }
}

export type Actor = AuditActor;

export type DownloadProgress =
  | { stage: "file"; file: string; index: number; count: number }
  | { stage: "bytes"; file: string; received: number; total: number | null }
  | { stage: "checking"; files: number; bytes: number };

export interface DownloadOptions {
  settings: Pick<DatasetSettings, "downloadTimeoutMs" | "downloadMaxBytes">;
  actor: Actor;
  /** The clock; tests move it to simulate dates. */
  now?: () => Date;
  onProgress?: (progress: DownloadProgress) => void;
  beforeSwitch?: BeforeSwitch;
}

export type { DownloadResult, VersionSummary };

export const versionSummary = (v: VersionRow): VersionSummary => ({
  id: v.id,
  version_date: v.versionDate.toISOString(),
  entity_count: v.entityCount,
  file_size: v.fileSize,
});

/**
 * Fetches every file of the dataset (conditionally, with the validators of the current version's files), checks
 * the result and stores it as the new current version. An unchanged source is 'not_modified'. Anything that goes
 * wrong is recorded on the dataset and thrown as a DownloadFailedError; the current version stays.
 */
export async function downloadDataset(db: DbOrTx, datasetId: string, options: DownloadOptions): Promise<DownloadResult> {
  const now = options.now ?? (() => new Date());
  const dataset = await getDataset(db, datasetId);
  const claim = await claimDataset(db, datasetId, now());

  const audit = (details: Record<string, unknown>) =>
    recordAudit(db, {
      action: "dataset.download",
      actorKind: options.actor.kind,
      actorUserId: options.actor.userId,
      ipAddress: options.actor.ipAddress,
      targetType: "sanctions_dataset",
      targetId: datasetId,
      details,
    });

  let folder: string | null = null;
  const downloads = () => (folder ??= mkdtempSync(join(tmpdir(), "duecheck-download-")));
  try {
    if (!isDatasetFormat(dataset.format)) throw new IntegrityError(`Unknown dataset format ${dataset.format}`);
    if (dataset.urls.length === 0) throw new IntegrityError("The dataset has no source URL");
    const current = await currentVersion(db, datasetId);
    // The kept files' validators only: their bytes are read (to disk) when another file of the list changed.
    const stored = current ? await versionFileOrigins(db, current.id) : [];
    const allowPrivateNetworks = await privateNetworksAllowed(db);

    const files: StoredFile[] = [];
    const unchanged: { index: number; kept: KeptFileOrigin }[] = [];
    let changed = 0;
    for (const [index, source] of dataset.urls.entries()) {
      options.onProgress?.({ stage: "file", file: source.name, index, count: dataset.urls.length });
      const previous = stored.find((f) => f.name === source.name && f.sourceUrl === source.url);
      const fetched = await fetchFile(source.url, {
        timeoutMs: options.settings.downloadTimeoutMs,
        maxBytes: options.settings.downloadMaxBytes,
        allowPrivateNetworks,
        validators: previous ? { etag: previous.etag, lastModified: previous.lastModified } : null,
        onBytes: (received, total) => options.onProgress?.({ stage: "bytes", file: source.name, received, total }),
        // To disk as it arrives: read from there a batch at a time, a large list is never in memory whole.
        toFile: join(downloads(), String(index)),
      });
      const path = join(downloads(), String(index));
      if (fetched.status === "not_modified") {
        unchanged.push({ index, kept: previous! });
        files.push({ name: previous!.name, path, sourceUrl: previous!.sourceUrl, etag: previous!.etag, lastModified: previous!.lastModified });
      } else {
        changed++;
        const { status: _, ...body } = fetched;
        files.push({ name: source.name, ...body, sourceUrl: source.url });
      }
    }

    if (current && changed === 0) {
      const size = unchanged.reduce((sum, f) => sum + f.kept.byteSize, 0);
      await recordUnchanged(db, datasetId, now(), size);
      await audit({ outcome: "not_modified", versionId: current.id, size });
      return { status: "not_modified", version: versionSummary(current) };
    }
    for (const { index, kept } of unchanged) await copyKeptFile(db, kept.id, join(downloads(), String(index)));

    const size = totalSize(files);
    if (current && contentHash(files) === current.contentHash) {
      await refreshValidators(db, current.id, files);
      await recordUnchanged(db, datasetId, now(), size);
      await audit({ outcome: "not_modified", versionId: current.id, size });
      return { status: "not_modified", version: versionSummary(current) };
    }

    options.onProgress?.({ stage: "checking", files: files.length, bytes: size });
    // Read in a worker thread, batch by batch as they are stored; the count is checked before the switch.
    const entities = new EntityStream(dataset.format, datasetId, files);
    const version = await storeVersion(db, {
      datasetId,
      files,
      entities,
      checkCount: (count) => checkEntityCount(count, current?.entityCount ?? null),
      versionDate: now(),
      origin: "download",
      beforeSwitch: options.beforeSwitch,
    });
    await audit({ outcome: "success", versionId: version.id, entityCount: version.entityCount, size, ...skipped(entities) });
    return { status: "success", version: versionSummary(version), ...skipped(entities) };
  } catch (error) {
    const expected = error instanceof FetchFileError || error instanceof IntegrityError;
    const message = expected ? (error as Error).message : `Unexpected error: ${(error as Error).message}`;
    if (!expected) console.error(`[duecheck] download of ${datasetId} failed:`, error);
    const kind: FailureKind = error instanceof FetchFileError ? error.kind : "publisher";
    await recordFailure(db, datasetId, now(), message, kind);
    await audit({ outcome: "failed", error: message, ...(kind === "network" ? { network: true } : {}) });
    throw new DownloadFailedError(datasetId, message, kind);
  } finally {
    claim.stopRenewing();
    if (folder) rmSync(folder, { recursive: true, force: true });
  }
}

/** Keeps the validators of an unchanged current version fresh, so the next check can be a cheap 304. */
async function refreshValidators(db: DbOrTx, versionId: string, files: StoredFile[]) {
  for (const file of files) {
    await db
      .update(schema.sanctionsVersionFiles)
      .set({ sourceUrl: file.sourceUrl, etag: file.etag, lastModified: file.lastModified })
      .where(and(eq(schema.sanctionsVersionFiles.versionId, versionId), eq(schema.sanctionsVersionFiles.fileName, file.name)));
  }
}
