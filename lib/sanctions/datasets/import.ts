import { readdirSync, type Stats, statSync } from "node:fs";
import { basename, join } from "node:path";
import { eq } from "drizzle-orm";
import { type DbOrTx, schema } from "../../../data/db.ts";
import { recordAudit } from "../../audit/record.ts";
import { AppError } from "../../errors.ts";
import type { SanctionsEntity } from "../entity.ts";
import { type DatasetFormat, isDatasetFormat } from "../parsers/index.ts";
import { getDataset } from "./catalog.ts";
import { EntityStream, skipped } from "./check-off-thread.ts";
import { claimDataset } from "./claim.ts";
import { type Actor, type DownloadResult, versionSummary } from "./download.ts";
import { checkEntityCount, IntegrityError } from "./integrity.ts";
import { type BeforeSwitch, contentHash, currentVersion, type StoredFile, storeVersion, type VersionRow } from "./versions.ts";

/** The files named on the command line, as paths (read from disk as they are parsed): a file as it is, a folder as all its (non-hidden) files. */
export function readImportFiles(paths: string[]): StoredFile[] {
  if (paths.length === 0) throw new AppError(400, "Give at least one file or folder to import");
  const files: StoredFile[] = [];
  const add = (path: string) => {
    const name = basename(path);
    if (files.some((f) => f.name.toLowerCase() === name.toLowerCase())) throw new AppError(400, `${name} is given twice`);
    files.push({ name, path, sourceUrl: null, etag: null, lastModified: null });
  };
  for (const path of paths) {
    let stat: Stats;
    try {
      stat = statSync(path);
    } catch {
      throw new AppError(400, `No such file or folder: ${path}`);
    }
    if (stat.isDirectory()) {
      const entries = readdirSync(path, { withFileTypes: true }).filter((e) => e.isFile() && !e.name.startsWith("."));
      if (entries.length === 0) throw new AppError(400, `The folder ${path} has no files`);
      for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) add(join(path, entry.name));
    } else if (stat.isFile()) {
      add(path);
    } else {
      throw new AppError(400, `${path} is neither a file nor a folder`);
    }
  }
  return files;
}

/** What a new version to import is made of, once checked; `versionDate` defaults to now. */
export interface CheckedImport {
  files: StoredFile[];
  /** At once, or read in batches as they are stored (then checked once every one is). */
  entities: SanctionsEntity[] | EntityStream;
  /** The current version's entity count, for the check of the new count before the switch. */
  currentEntityCount: number | null;
  versionDate?: Date;
  auditDetails?: Record<string, unknown>;
}

/**
 * Imports as a new current version what `check` returns, while holding the dataset's claim (one download or import
 * at a time). Anything that fails the checks changes nothing: the dataset keeps its version and its download status.
 * `identical` says when the content is the current version's already (then nothing is stored).
 */
export async function importCheckedVersion(
  db: DbOrTx,
  datasetId: string,
  options: { actor: Actor; now?: () => Date; timeoutMs: number; beforeSwitch?: BeforeSwitch },
  identical: (current: VersionRow) => boolean,
  check: (format: DatasetFormat, current: VersionRow | null) => Promise<CheckedImport> | CheckedImport,
): Promise<DownloadResult> {
  const now = options.now ?? (() => new Date());
  const dataset = await getDataset(db, datasetId);
  if (!isDatasetFormat(dataset.format)) throw new AppError(400, `Unknown dataset format ${dataset.format}`);
  const claim = await claimDataset(db, dataset.id, now());
  const release = () =>
    db
      .update(schema.sanctionsDatasets)
      .set({ lastDownloadStatus: dataset.lastDownloadStatus, downloadStartedAt: null })
      .where(eq(schema.sanctionsDatasets.id, dataset.id));
  try {
    const current = await currentVersion(db, dataset.id);
    if (current && identical(current)) {
      await release();
      return { status: "not_modified", version: versionSummary(current) };
    }
    const checked = await check(dataset.format, current);
    const { files, entities } = checked;
    const version = await storeVersion(db, {
      datasetId: dataset.id,
      files,
      entities,
      checkCount: (count) => checkEntityCount(count, checked.currentEntityCount),
      versionDate: checked.versionDate ?? now(),
      origin: "import",
      beforeSwitch: options.beforeSwitch,
    });
    await recordAudit(db, {
      action: "dataset.import",
      actorKind: options.actor.kind,
      actorUserId: options.actor.userId,
      ipAddress: options.actor.ipAddress,
      targetType: "sanctions_dataset",
      targetId: dataset.id,
      details: {
        versionId: version.id,
        entityCount: version.entityCount,
        files: files.map((f) => f.name),
        ...skipped(entities),
        ...checked.auditDetails,
      },
    });
    return { status: "success", version: versionSummary(version), ...skipped(entities) };
  } catch (error) {
    await release();
    if (error instanceof IntegrityError) throw new AppError(400, error.message);
    throw error;
  } finally {
    claim.stopRenewing();
  }
}

/**
 * Imports local files as a new current version (for installs without internet access), with the same checks as a
 * download. Files that fail the checks change nothing: the dataset keeps its version and its download status.
 */
export async function importDatasetFiles(
  db: DbOrTx,
  datasetId: string,
  files: StoredFile[],
  options: { actor: Actor; now?: () => Date; timeoutMs: number; beforeSwitch?: BeforeSwitch },
): Promise<DownloadResult> {
  return importCheckedVersion(
    db,
    datasetId,
    options,
    (current) => contentHash(files) === current.contentHash,
    // Read in a worker thread, batch by batch as they are stored: a server importing an upload keeps answering its
    // other requests meanwhile, and a list of a million entities is never held whole.
    (format, current) => ({ files, entities: new EntityStream(format, datasetId, files), currentEntityCount: current?.entityCount ?? null }),
  );
}
