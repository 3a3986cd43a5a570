import { DATASET_FORMAT_IDS, type DatasetFormat } from "../datasets/schemas.ts";
import { DatasetFormatError, type SanctionsEntity } from "../entity.ts";
import { readEuXml } from "./eu-xml.ts";
import { OFAC_FILE_SETS, type OfacFiles, readOfacCsv } from "./ofac-csv.ts";
import { type ReadStats, readOpenSanctionsFtm } from "./opensanctions-ftm.ts";
import { readOpenSanctionsSenzing } from "./opensanctions-senzing.ts";
import type { SourceFile } from "./source.ts";
import { baseName } from "./text.ts";
import { readUkFcdoCsv } from "./uk-fcdo-csv.ts";
import { readUnXml } from "./un-xml.ts";

export { DATASET_FORMAT_IDS, type DatasetFormat, type ReadStats, type SourceFile };

export interface DatasetFileSpec {
  /** Accepted file names (compared case-insensitively); any one of them fills this slot. */
  names: readonly string[];
  required: boolean;
  description: string;
}

export interface DatasetFormatInfo {
  id: DatasetFormat;
  label: string;
  /** A format with a single slot also accepts one file of any name (a download saved under another name). */
  files: readonly DatasetFileSpec[];
}

const ofacSlot = (slot: number, required: boolean, description: string): DatasetFileSpec => ({
  names: OFAC_FILE_SETS.map((set) => set[slot]),
  required,
  description,
});

export const DATASET_FORMATS: readonly DatasetFormatInfo[] = [
  {
    id: "ofac_csv",
    label: "OFAC legacy CSV (SDN or consolidated non-SDN)",
    files: [
      ofacSlot(0, true, "primary records"),
      ofacSlot(1, false, "alternate names"),
      ofacSlot(2, false, "addresses"),
      ofacSlot(3, false, "continued remarks"),
    ],
  },
  {
    id: "un_xml",
    label: "UN Security Council consolidated list (XML)",
    files: [{ names: ["consolidated.xml"], required: true, description: "the consolidated list" }],
  },
  {
    id: "eu_xml",
    label: "EU Financial Sanctions Files (XML)",
    files: [{ names: ["eu_fsf.xml"], required: true, description: "the full sanctions list" }],
  },
  {
    id: "uk_fcdo_csv",
    label: "UK Sanctions List, FCDO (CSV)",
    files: [{ names: ["UK-Sanctions-List.csv"], required: true, description: "the UK Sanctions List" }],
  },
  {
    id: "opensanctions_ftm",
    label: "OpenSanctions FollowTheMoney entities (JSON lines)",
    files: [{ names: ["entities.ftm.json"], required: true, description: "the entities export" }],
  },
  {
    id: "opensanctions_senzing",
    label: "OpenSanctions Senzing records (JSON lines)",
    files: [{ names: ["senzing.json"], required: true, description: "the Senzing export" }],
  },
];

export function isDatasetFormat(value: string): value is DatasetFormat {
  return (DATASET_FORMAT_IDS as readonly string[]).includes(value);
}

export function datasetFormatInfo(format: DatasetFormat): DatasetFormatInfo {
  const info = DATASET_FORMATS.find((candidate) => candidate.id === format);
  if (!info) throw new DatasetFormatError(`Unknown dataset format "${format}"`);
  return info;
}

/** Fills each slot of the format with the file of that name; unknown extra files are ignored. */
function assignFiles(info: DatasetFormatInfo, files: SourceFile[]): (SourceFile | undefined)[] {
  if (files.length === 0) throw new DatasetFormatError(`No files given for ${info.label}`);
  const given = files.map((file) => file.name).join(", ");
  return info.files.map((spec) => {
    const accepted = spec.names.map((name) => name.toLowerCase());
    const matches = files.filter((file) => accepted.includes(baseName(file.name)));
    if (matches.length > 1) {
      throw new DatasetFormatError(`${matches.map((file) => file.name).join(" and ")} both given; a dataset holds only one of them`);
    }
    if (matches.length === 0 && info.files.length === 1 && files.length === 1) return files[0];
    if (matches.length === 0 && spec.required) {
      throw new DatasetFormatError(`Missing ${spec.names.join(" or ")} (${spec.description}); files given: ${given}`);
    }
    return matches[0];
  });
}

/**
 * Reads the raw files of one dataset version into entities, one at a time, never holding a file whole: the JSON
 * lines formats a line at a time, the XML lists a record at a time as each record's element closes, and the CSV
 * lists a record at a time (OFAC's companion files, kept by entry number, before its primary file, whose rows are
 * given as they are read; the UK list's rows counted by Unique ID in a first pass, then each designation given once
 * its last row is read). A reader may pass over a file more than once (the text encoding of a CSV list is settled
 * from the whole file first), and only what joins records is kept between passes. Any malformed input, or input
 * without a single entity, throws a DatasetFormatError that names the file and, where it can, the line or record;
 * entities given before a fault found later in a file fail with it, as the import as a whole does (a FollowTheMoney
 * line that is not JSON is skipped and counted in `stats`, up to a share of the lines; see ./opensanctions-ftm.ts).
 */
export function* readDatasetFiles(
  format: DatasetFormat,
  datasetId: string,
  files: SourceFile[],
  stats: ReadStats = { skippedLines: 0 },
): Generator<SanctionsEntity> {
  const info = datasetFormatInfo(format);
  const slots = assignFiles(info, files);
  const first = slots[0]!;
  let entities: Iterable<SanctionsEntity>;
  switch (format) {
    case "ofac_csv":
      entities = readOfacCsv(datasetId, slots as OfacFiles);
      break;
    case "un_xml":
      entities = readUnXml(datasetId, first);
      break;
    case "eu_xml":
      entities = readEuXml(datasetId, first);
      break;
    case "uk_fcdo_csv":
      entities = readUkFcdoCsv(datasetId, first);
      break;
    case "opensanctions_ftm":
      entities = readOpenSanctionsFtm(datasetId, first, stats);
      break;
    case "opensanctions_senzing":
      entities = readOpenSanctionsSenzing(datasetId, first);
      break;
  }
  let count = 0;
  for (const entity of entities) {
    count++;
    yield entity;
  }
  if (count === 0) throw new DatasetFormatError(`${first.name} holds no entities that can be screened (${info.label})`);
}

/** The entities of one dataset version's files at once (tests, benchmarks); an import streams them with readDatasetFiles. */
export function parseDatasetFiles(format: DatasetFormat, datasetId: string, files: SourceFile[], stats?: ReadStats): SanctionsEntity[] {
  return [...readDatasetFiles(format, datasetId, files, stats)];
}
