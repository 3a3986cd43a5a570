import { readdirSync, readFileSync, type Stats, statSync } from "node:fs";
import { basename, join } from "node:path";
import { eq } from "drizzle-orm";
import { type DbOrTx, schema } from "../../../data/db.ts";
import { recordAudit } from "../../audit/record.ts";
import { AppError } from "../../errors.ts";
import { isDatasetFormat } from "../parsers/index.ts";
import { getDataset } from "./catalog.ts";
import { claimDataset } from "./claim.ts";
import { type Actor, type DownloadResult, staleAfterMs, versionSummary } from "./download.ts";
import { checkDatasetFiles, IntegrityError } from "./integrity.ts";
import { contentHash, currentVersion, type StoredFile, storeVersion } from "./versions.ts";

/** The files named on the command line: a file as it is, a folder as all its (non-hidden) files. */
export function readImportFiles(paths: string[]): StoredFile[] {
  if (paths.length === 0) throw new AppError(400, "Give at least one file or folder to import");
  const files: StoredFile[] = [];
  const add = (path: string) => {
    const name = basename(path);
    if (files.some((f) => f.name.toLowerCase() === name.toLowerCase())) throw new AppError(400, `${name} is given twice`);
    files.push({ name, content: readFileSync(path), sourceUrl: null, etag: null, lastModified: null });
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

/**
 * Imports local files as a new current version (for installs without internet access), with the same checks as a
 * download. Files that fail the checks change nothing: the dataset keeps its version and its download status.
 */
export async function importDatasetFiles(
  db: DbOrTx,
  datasetId: string,
  files: StoredFile[],
  options: { actor: Actor; now?: () => Date; timeoutMs: number },
): Promise<DownloadResult> {
  const now = options.now ?? (() => new Date());
  const dataset = await getDataset(db, datasetId);
  if (!isDatasetFormat(dataset.format)) throw new AppError(400, `Unknown dataset format ${dataset.format}`);
  await claimDataset(db, datasetId, now(), staleAfterMs(files.length, options.timeoutMs));
  const release = () =>
    db
      .update(schema.sanctionsDatasets)
      .set({ lastDownloadStatus: dataset.lastDownloadStatus, downloadStartedAt: null })
      .where(eq(schema.sanctionsDatasets.id, datasetId));
  try {
    const current = await currentVersion(db, datasetId);
    if (current && contentHash(files) === current.contentHash) {
      await release();
      return { status: "not_modified", version: versionSummary(current) };
    }
    const entities = checkDatasetFiles(dataset.format, datasetId, files, current?.entityCount ?? null);
    const version = await storeVersion(db, { datasetId, files, entities, versionDate: now(), origin: "import" });
    await recordAudit(db, {
      action: "dataset.import",
      actorKind: options.actor.kind,
      actorUserId: options.actor.userId,
      targetType: "sanctions_dataset",
      targetId: datasetId,
      details: { versionId: version.id, entityCount: version.entityCount, files: files.map((f) => f.name) },
    });
    return { status: "success", version: versionSummary(version) };
  } catch (error) {
    await release();
    if (error instanceof IntegrityError) throw new AppError(400, error.message);
    throw error;
  }
}
