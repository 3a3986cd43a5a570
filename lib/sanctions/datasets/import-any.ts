/**
 * Every way a list arrives by hand, in one place for the CLI and the web upload: the list's own files (one, several,
 * or a zip of them), or the one-file export of another installation. The files go through the same parsing,
 * checks and versioning as `importDatasetFiles`, with the same messages.
 */
import { AppError } from "../../errors.ts";
import { headOf, readWhole } from "../parsers/source.ts";
import { entitiesChecksum, storedShape } from "./checksum.ts";
import type { Actor, DownloadResult } from "./download.ts";
import { isDatasetExport, readDatasetExport } from "./export-file.ts";
import { importCheckedVersion, importDatasetFiles } from "./import.ts";
import { MIN_ENTITY_SHARE } from "./integrity.ts";
import { UnpackBudget } from "./unpack-budget.ts";
import { unzipFiles } from "./unzip.ts";
import { type BeforeSwitch, contentHash, type KeptFile, type StoredFile } from "./versions.ts";

type ImportOptions = {
  actor: Actor;
  now?: () => Date;
  timeoutMs: number;
  /** What the import may unpack to at most (MAX_UNPACKED_BYTES unless a caller with its own memory says otherwise). */
  maxUnpackedBytes?: number;
  beforeSwitch?: BeforeSwitch;
};

const isZip = (head: Uint8Array) => head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
const isGzip = (head: Uint8Array) => head[0] === 0x1f && head[1] === 0x8b;

/** In memory, with where it came from. */
const inMemory = (file: StoredFile): KeptFile => ({ ...file, ...readWhole(file) });

/** The files as given, each zip replaced by its files (unpacked in memory, within the budget); a name given twice is refused. */
async function unpack(files: StoredFile[], budget: UnpackBudget): Promise<StoredFile[]> {
  const out: StoredFile[] = [];
  for (const file of files) out.push(...(isZip(headOf(file, 4)) ? await unzipFiles(inMemory(file), budget) : [file]));
  const seen = new Set<string>();
  for (const file of out) {
    const key = file.name.toLowerCase();
    if (seen.has(key)) throw new AppError(400, `${file.name} is given twice`);
    seen.add(key);
  }
  return out;
}

/** Imports files given by hand: an export file of another installation, or the list's own files (zips unpacked). */
export async function importDataset(
  db: Parameters<typeof importDatasetFiles>[0],
  datasetId: string,
  given: StoredFile[],
  options: ImportOptions,
): Promise<DownloadResult> {
  if (given.length === 0) throw new AppError(400, "Give at least one file to import");
  // One budget for the whole import: the zips' entries and the export file inflated, all counted together.
  const budget = new UnpackBudget(options.maxUnpackedBytes);
  const files = await unpack(given, budget);
  const exports: KeptFile[] = [];
  // An export is gzip'd JSON lines: only a gzip file is read to tell (a list's own files are refused gzipped anyway).
  for (const file of files) {
    if (!isGzip(headOf(file, 2))) continue;
    const kept = inMemory(file);
    if (await isDatasetExport(kept.content)) exports.push(kept);
  }
  if (exports.length > 0) {
    if (files.length > 1) throw new AppError(400, `${exports[0].name} is a dataset export; import it on its own`);
    return importDatasetExport(db, datasetId, exports[0], budget, options);
  }
  return importDatasetFiles(db, datasetId, files, options);
}

/**
 * Imports another installation's export as a new version with its source date and its checksum. Refused, changing
 * nothing: a file for another dataset, one whose entities or files no longer match the checksums it carries (changed
 * after export), and one older than the current version (an update must not roll a list back).
 */
async function importDatasetExport(
  db: Parameters<typeof importDatasetFiles>[0],
  datasetId: string,
  file: KeptFile,
  budget: UnpackBudget,
  options: ImportOptions,
) {
  const { header, files, entities } = await readDatasetExport(file.name, file.content, datasetId, budget);
  // Checked before anything else, even an "identical" answer: a changed file is refused whatever it claims.
  if (contentHash(files) !== header.content_hash || entitiesChecksum(entities.map(storedShape)) !== header.checksum) {
    throw new AppError(400, `${file.name} does not match the checksum it carries: it was changed after it was exported`);
  }
  return importCheckedVersion(
    db,
    datasetId,
    options,
    (current) => current.entitiesChecksum === header.checksum && current.contentHash === header.content_hash,
    (format, current) => {
      if (header.dataset_format !== format) {
        throw new AppError(400, `${file.name} holds ${datasetId} in the format ${header.dataset_format}; this installation reads ${datasetId} as ${format}`);
      }
      const sourceDate = new Date(header.source_date);
      if (current && sourceDate.getTime() <= current.versionDate.getTime()) {
        throw new AppError(
          400,
          `${file.name} holds the list of ${header.source_date}, not newer than the current version (${current.versionDate.toISOString()}); the current version is kept`,
        );
      }
      // Checked here too, before anything is stored: the export's entities are all in memory already.
      if (current && entities.length < current.entityCount * MIN_ENTITY_SHARE) {
        throw new AppError(
          400,
          `Implausible list: ${entities.length} entities, fewer than half of the current version's ${current.entityCount}; the current version is kept`,
        );
      }
      return {
        files,
        entities,
        currentEntityCount: current?.entityCount ?? null,
        versionDate: sourceDate,
        auditDetails: { export: { file: file.name, sourceDate: header.source_date, checksum: header.checksum } },
      };
    },
  );
}
