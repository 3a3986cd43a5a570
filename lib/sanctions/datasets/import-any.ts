/**
 * Every way a list arrives by hand, in one place for the CLI and the web upload: the list's own files (one, several,
 * or a zip of them), or the one-file export of another installation. The files go through the same parsing,
 * checks and versioning as `importDatasetFiles`, with the same messages.
 */
import { basename } from "node:path";
import JSZip from "jszip";
import { AppError } from "../../errors.ts";
import { entitiesChecksum, storedShape } from "./checksum.ts";
import type { Actor, DownloadResult } from "./download.ts";
import { isDatasetExport, readDatasetExport } from "./export-file.ts";
import { importCheckedVersion, importDatasetFiles } from "./import.ts";
import { MIN_ENTITY_SHARE } from "./integrity.ts";
import { contentHash, type StoredFile } from "./versions.ts";

/** What a zip may unpack to at most: well above the largest list published, far below what would exhaust memory. */
export const MAX_UNPACKED_BYTES = 256 * 1024 * 1024;

type ImportOptions = { actor: Actor; now?: () => Date; timeoutMs: number };

const isZip = (content: Uint8Array) => content[0] === 0x50 && content[1] === 0x4b && content[2] === 0x03 && content[3] === 0x04;

/** The files of a zip (folders flattened, hidden files and macOS resource forks left out). */
async function unzip(file: StoredFile): Promise<StoredFile[]> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(file.content);
  } catch (error) {
    throw new AppError(400, `${file.name} cannot be read as a zip archive (${error instanceof Error ? error.message : String(error)})`);
  }
  const entries = Object.values(zip.files).filter((e) => !e.dir && !e.name.split("/").some((part) => part.startsWith(".") || part === "__MACOSX"));
  // The sizes the archive declares, checked before anything is unpacked (a small zip can unpack to gigabytes).
  const declared = (e: JSZip.JSZipObject) => (e as unknown as { _data?: { uncompressedSize?: number } })._data?.uncompressedSize ?? 0;
  const total = entries.reduce((sum, e) => sum + declared(e), 0);
  if (total > MAX_UNPACKED_BYTES) {
    throw new AppError(413, `${file.name} unpacks to ${Math.round(total / 2 ** 20)} MB; at most ${MAX_UNPACKED_BYTES / 2 ** 20} MB can be imported at once`);
  }
  if (entries.length === 0) throw new AppError(400, `${file.name} holds no files`);
  const out: StoredFile[] = [];
  for (const entry of entries) {
    let content: Uint8Array;
    try {
      content = await entry.async("uint8array");
    } catch (error) {
      throw new AppError(400, `${file.name}: ${entry.name} cannot be unpacked (${error instanceof Error ? error.message : String(error)})`);
    }
    out.push({ name: basename(entry.name), content, sourceUrl: null, etag: null, lastModified: null });
  }
  return out;
}

/** The files as given, each zip replaced by its files; a name given twice is refused. */
async function unpack(files: StoredFile[]): Promise<StoredFile[]> {
  const out: StoredFile[] = [];
  for (const file of files) out.push(...(isZip(file.content) ? await unzip(file) : [file]));
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
  const files = await unpack(given);
  const exports = files.filter((f) => isDatasetExport(f.content));
  if (exports.length > 0) {
    if (files.length > 1) throw new AppError(400, `${exports[0].name} is a dataset export; import it on its own`);
    return importDatasetExport(db, datasetId, exports[0], options);
  }
  return importDatasetFiles(db, datasetId, files, options);
}

/**
 * Imports another installation's export as a new version with its source date and its checksum. Refused, changing
 * nothing: a file for another dataset, one whose entities or files no longer match the checksums it carries (changed
 * after export), and one older than the current version (an update must not roll a list back).
 */
async function importDatasetExport(db: Parameters<typeof importDatasetFiles>[0], datasetId: string, file: StoredFile, options: ImportOptions) {
  const { header, files, entities } = await readDatasetExport(file.name, file.content, datasetId);
  // Checked before anything else, even an "identical" answer: a changed file is refused whatever it claims.
  if (contentHash(files) !== header.content_hash || entitiesChecksum(entities.map(storedShape)) !== header.checksum) {
    throw new AppError(400, `${file.name} does not match the checksum it carries: it was changed after it was exported`);
  }
  return importCheckedVersion(
    db,
    datasetId,
    { ...options, fileCount: 1 },
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
      if (current && entities.length < current.entityCount * MIN_ENTITY_SHARE) {
        throw new AppError(
          400,
          `Implausible list: ${entities.length} entities, fewer than half of the current version's ${current.entityCount}; the current version is kept`,
        );
      }
      return {
        files,
        entities,
        versionDate: sourceDate,
        auditDetails: { export: { file: file.name, sourceDate: header.source_date, checksum: header.checksum } },
      };
    },
  );
}
