import { type DatasetFile, DatasetFormatError, type SanctionsEntity } from "../entity.ts";
import { parseEuXml } from "./eu-xml.ts";
import { DATASET_FORMAT_IDS, type DatasetFormat } from "./format-ids.ts";
import { OFAC_FILE_SETS, type OfacFiles, parseOfacCsv } from "./ofac-csv.ts";
import { parseOpenSanctionsFtm } from "./opensanctions-ftm.ts";
import { parseOpenSanctionsSenzing } from "./opensanctions-senzing.ts";
import { baseName } from "./text.ts";
import { parseUkFcdoCsv } from "./uk-fcdo-csv.ts";
import { parseUnXml } from "./un-xml.ts";

export { DATASET_FORMAT_IDS, type DatasetFormat };

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
function assignFiles(info: DatasetFormatInfo, files: DatasetFile[]): (DatasetFile | undefined)[] {
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
 * Parses the raw files of one dataset version into entities. Any malformed input, or input without
 * a single entity, throws a DatasetFormatError that names the file and, where it can, the line or record.
 */
export function parseDatasetFiles(format: DatasetFormat, datasetId: string, files: DatasetFile[]): SanctionsEntity[] {
  const info = datasetFormatInfo(format);
  const slots = assignFiles(info, files);
  const first = slots[0]!;
  let entities: SanctionsEntity[];
  switch (format) {
    case "ofac_csv":
      entities = parseOfacCsv(datasetId, slots as OfacFiles);
      break;
    case "un_xml":
      entities = parseUnXml(datasetId, first);
      break;
    case "eu_xml":
      entities = parseEuXml(datasetId, first);
      break;
    case "uk_fcdo_csv":
      entities = parseUkFcdoCsv(datasetId, first);
      break;
    case "opensanctions_ftm":
      entities = parseOpenSanctionsFtm(datasetId, first);
      break;
    case "opensanctions_senzing":
      entities = parseOpenSanctionsSenzing(datasetId, first);
      break;
  }
  if (entities.length === 0) {
    throw new DatasetFormatError(`${first.name} holds no entities that can be screened (${info.label})`);
  }
  return entities;
}
