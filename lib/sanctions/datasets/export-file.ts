/**
 * The one-file export of a dataset's current version, for sites without internet: a connected installation writes
 * it (`duecheck datasets export`), an air-gapped one imports it as a new version with the same source date and the
 * same checksum, so searches screened on either side name the same list.
 *
 * gzip'd JSON lines: a header line, then one line per raw file of the version (so the receiving site keeps the
 * files as every version does), then one line per entity as stored (what the checksum covers). The entities are
 * imported as written, not parsed again, so both sites hold the same entities whatever their parser versions.
 */
import { createWriteStream, renameSync, rmSync } from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { z } from "zod";
import type { DbOrTx } from "../../../data/db.ts";
import { AppError } from "../../errors.ts";
import type { SanctionsEntity } from "../entity.ts";
import { pepDetailsSchema } from "../pep.ts";
import { getDataset } from "./catalog.ts";
import { storedEntities, versionChecksums } from "./checksum.ts";
import { gunzipHead, gunzipLines } from "./gunzip-lines.ts";
import { UnpackBudget } from "./unpack-budget.ts";
import { currentVersion, type KeptFileOrigin, keptFileBytes, type StoredFile, versionFileOrigins } from "./versions.ts";

export const EXPORT_FORMAT = "duecheck-dataset-export";
export const EXPORT_FORMAT_VERSION = 1;

const headerSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  format_version: z.number().int(),
  dataset_id: z.string(),
  dataset_format: z.string(),
  source_date: z.iso.datetime({ offset: true }),
  checksum: z.string().regex(/^[0-9a-f]{64}$/),
  content_hash: z.string(),
  entity_count: z.number().int().nonnegative(),
  file_count: z.number().int().nonnegative(),
  exported_at: z.string(),
});
export type ExportHeader = z.infer<typeof headerSchema>;

const fileLineSchema = z.object({
  file: z.object({
    name: z.string().min(1),
    source_url: z.string().nullable(),
    etag: z.string().nullable(),
    last_modified: z.string().nullable(),
    content_base64: z.string(),
  }),
});

const entityLineSchema = z.object({
  entity: z.object({
    id: z.string(),
    datasetId: z.string(),
    sourceId: z.string(),
    schema: z.string(),
    name: z.string(),
    aliases: z.array(z.object({ name: z.string(), kind: z.string() })),
    nationalities: z.array(z.string()),
    birthDates: z.array(z.string()),
    identifiers: z.array(z.object({ kind: z.string(), value: z.string(), country: z.string().optional() })),
    programs: z.array(z.string()),
    addresses: z.array(z.string()),
    remarks: z.string().nullable(),
    listedOn: z.string().nullable(),
    sourceUrl: z.string().nullable(),
    /** Present only for a PEP or a relative or associate of one, as stored (and as the checksum covers it). */
    pep: pepDetailsSchema.optional(),
  }),
});

/**
 * A raw file's line, written as its bytes are read (keptFileBytes: a chunk at a time), never held whole: the same
 * text as JSON.stringify of the line with the whole file's base64. The content comes last in the line; base64 is
 * written for whole groups of 3 bytes, the 1 or 2 left over carried into the next piece.
 */
async function* fileLine(db: DbOrTx, file: KeptFileOrigin): AsyncGenerator<string> {
  const empty = JSON.stringify({
    file: { name: file.name, source_url: file.sourceUrl, etag: file.etag, last_modified: file.lastModified, content_base64: "" },
  });
  // Up to the opening quote of the content: the line without its closing `"}}`.
  yield empty.slice(0, -3);
  let carry = Buffer.alloc(0);
  for await (const piece of keptFileBytes(db, file.id)) {
    const bytes = Buffer.concat([carry, piece]);
    const whole = bytes.length - (bytes.length % 3);
    yield bytes.toString("base64", 0, whole);
    carry = bytes.subarray(whole);
  }
  yield `${carry.toString("base64")}"}}\n`;
}

/**
 * Writes the current version of a dataset to `path` (through a temporary file, so a failed export leaves nothing
 * half-written) and returns its header. Neither the raw files nor the entities are held whole: each is written as
 * it is read from the database.
 */
export async function exportDatasetVersion(db: DbOrTx, datasetId: string, path: string, now: () => Date = () => new Date()): Promise<ExportHeader> {
  const dataset = await getDataset(db, datasetId);
  const version = await currentVersion(db, dataset.id);
  if (!version) throw new AppError(400, `${dataset.id} has no version to export yet; download or import it first`);
  const versionId = version.id;
  const checksum = (await versionChecksums(db, [versionId])).get(versionId)!;
  const files = await versionFileOrigins(db, version.id);
  const header: ExportHeader = {
    format: EXPORT_FORMAT,
    format_version: EXPORT_FORMAT_VERSION,
    dataset_id: dataset.id,
    dataset_format: dataset.format,
    source_date: version.versionDate.toISOString(),
    checksum,
    content_hash: version.contentHash,
    entity_count: version.entityCount,
    file_count: files.length,
    exported_at: now().toISOString(),
  };
  async function* lines() {
    yield `${JSON.stringify(header)}\n`;
    for (const file of files) yield* fileLine(db, file);
    for await (const entity of storedEntities(db, versionId)) yield `${JSON.stringify({ entity })}\n`;
  }
  const temporary = `${path}.partial-${process.pid}`;
  try {
    await pipeline(Readable.from(lines()), createGzip(), createWriteStream(temporary));
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
  return header;
}

const GZIP = [0x1f, 0x8b];

/** Whether the bytes are an export file: gzip whose first line declares this format (no more than 64 KB of it inflated). */
export async function isDatasetExport(content: Uint8Array): Promise<boolean> {
  if (content[0] !== GZIP[0] || content[1] !== GZIP[1]) return false;
  return (await gunzipHead(content, 200)).toString("utf8").includes(`"format":"${EXPORT_FORMAT}"`);
}

/**
 * The longest line an export file may have: three quarters of what the import may unpack. A file line carries one
 * raw file of the list in base64, so on a server (64 MB) 48 MB is a raw file of 36 MB, above the largest list
 * published; a longer line is refused while it is read rather than held.
 */
export const maxExportLineBytes = (budget: UnpackBudget) => (budget.cap / 4) * 3;

export interface ReadExport {
  header: ExportHeader;
  files: StoredFile[];
  entities: SanctionsEntity[];
}

const refuse = (message: string): never => {
  throw new AppError(400, message);
};

/**
 * Reads an export file line by line (the entities are held once, as parsed; no copy of the whole text), inflating
 * no more than `budget` allows. Checks its shape and that it is for `datasetId`; the checksum is checked by the
 * caller against the entities as they will be stored.
 */
export async function readDatasetExport(name: string, content: Uint8Array, datasetId: string, budget = new UnpackBudget()): Promise<ReadExport> {
  let header: ExportHeader | null = null;
  const files: StoredFile[] = [];
  const entities: SanctionsEntity[] = [];
  for await (const [line, text] of gunzipLines(content, name, budget, maxExportLineBytes(budget))) {
    if (!text.trim()) continue;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      refuse(`${name} line ${line}: not JSON; the export file is damaged`);
    }
    if (!header) {
      const parsed = headerSchema.safeParse(json);
      if (!parsed.success) refuse(`${name} is not a duecheck dataset export (its first line is not the export header)`);
      header = parsed.data!;
      if (header.format_version !== EXPORT_FORMAT_VERSION) {
        refuse(`${name} is an export of format version ${header.format_version}; this installation reads version ${EXPORT_FORMAT_VERSION}`);
      }
      if (header.dataset_id !== datasetId) refuse(`${name} is an export of ${header.dataset_id}, not of ${datasetId}; import it as ${header.dataset_id}`);
      continue;
    }
    const asFile = fileLineSchema.safeParse(json);
    if (asFile.success) {
      // More lines than the header counts are refused at once, not after reading the rest.
      if (files.length === header.file_count) refuse(`${name} holds more files than the ${header.file_count} its header says; the export file is damaged`);
      const f = asFile.data.file;
      const bytes = Buffer.from(f.content_base64, "base64");
      files.push({
        name: f.name,
        content: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        sourceUrl: f.source_url,
        etag: f.etag,
        lastModified: f.last_modified,
      });
      continue;
    }
    const asEntity = entityLineSchema.safeParse(json);
    if (!asEntity.success) refuse(`${name} line ${line}: neither a file nor an entity of the export`);
    if (entities.length === header.entity_count) {
      refuse(`${name} holds more entities than the ${header.entity_count} its header says; the export file is damaged`);
    }
    const e = asEntity.data!.entity;
    if (e.datasetId !== datasetId) refuse(`${name} line ${line}: an entity of ${e.datasetId}, not of ${datasetId}`);
    entities.push(e as SanctionsEntity);
  }
  if (!header) return refuse(`${name} is empty`);
  if (files.length !== header.file_count) refuse(`${name} holds ${files.length} files where its header says ${header.file_count}; the export file is damaged`);
  if (entities.length !== header.entity_count) {
    refuse(`${name} holds ${entities.length} entities where its header says ${header.entity_count}; the export file is damaged or cut short`);
  }
  return { header, files, entities };
}
