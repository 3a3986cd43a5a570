import { type DatasetFile, DatasetFormatError, type EntitySchema, type SanctionsEntity } from "../entity.ts";
import { assertColumnCount, type CsvRow, readCsv } from "./csv.ts";
import { addAlias, addIdentifier, addUnique, joinParts, newEntity, settleNames } from "./entity-builder.ts";
import { cleanText, decodeLegacyText } from "./text.ts";

/**
 * Column headings of the FCDO UK Sanctions List CSV, with those of the former OFSI ConList
 * (withdrawn in January 2026) as alternatives. Headings are compared lower-cased without punctuation.
 */
const COLUMNS = {
  id: ["uniqueid", "groupid"],
  name1: ["name1"],
  name2: ["name2"],
  name3: ["name3"],
  name4: ["name4"],
  name5: ["name5"],
  name6: ["name6"],
  nameType: ["nametype", "aliastype"],
  aliasStrength: ["aliasstrength", "aliasquality"],
  nonLatinName: ["namenonlatinscript"],
  type: ["designationtype", "individualentityship", "grouptype"],
  regime: ["regimename", "regime"],
  dob: ["dob"],
  nationality: ["nationalityies", "nationality"],
  address1: ["addressline1", "address1"],
  address2: ["addressline2", "address2"],
  address3: ["addressline3", "address3"],
  address4: ["addressline4", "address4"],
  address5: ["addressline5", "address5"],
  address6: ["addressline6", "address6"],
  postalCode: ["addresspostalcode", "postzipcode"],
  country: ["addresscountry", "country"],
  listedOn: ["datedesignated", "listedon"],
  otherInformation: ["otherinformation"],
  flag: ["currentbelievedflagofship"],
  passport: ["passportnumber"],
  nationalId: ["nationalidentifiernumber", "nationalidentificationnumber"],
  imo: ["imonumber"],
  registration: ["businessregistrationnumbers"],
} as const;
type Column = keyof typeof COLUMNS;
const ID_HEADINGS: readonly string[] = COLUMNS.id;
const NAME_PARTS: Column[] = ["name1", "name2", "name3", "name4", "name5", "name6"];
const ADDRESS_PARTS: Column[] = ["address1", "address2", "address3", "address4", "address5", "address6", "postalCode", "country"];
const REQUIRED: Partial<Record<Column, string>> = { id: "Unique ID", name6: "Name 6", nameType: "Name type", type: "Designation Type" };

const SCHEMAS: Record<string, EntitySchema> = { individual: "Person", ship: "Vessel", aircraft: "Aircraft" };

const normalize = (heading: string) => heading.toLowerCase().replace(/[^a-z0-9]/g, "");

function findHeader(fileName: string, rows: CsvRow[]): { index: number; columns: Map<Column, number> } {
  // A "Report Date:" (FCDO) or "Last Updated" (OFSI) line comes before the headings.
  const index = rows.slice(0, 5).findIndex((row) => row.cells.some((cell) => ID_HEADINGS.includes(normalize(cell))));
  if (index === -1) throw new DatasetFormatError(`${fileName}: no heading row with a "Unique ID" column in the first lines`);
  const positions = new Map(rows[index].cells.map((cell, i) => [normalize(cell), i]));
  const columns = new Map<Column, number>();
  for (const [column, headings] of Object.entries(COLUMNS) as [Column, readonly string[]][]) {
    const position = headings.map((heading) => positions.get(heading)).find((i) => i !== undefined);
    if (position !== undefined) columns.set(column, position);
  }
  const missing = Object.entries(REQUIRED).filter(([column]) => !columns.has(column as Column));
  if (missing.length) {
    const names = missing.map(([, heading]) => `"${heading}"`).join(", ");
    throw new DatasetFormatError(`${fileName} line ${rows[index].line}: missing column ${names}`);
  }
  return { index, columns };
}

/** "12/03/1965" → "1965-03-12"; unknown parts are written "dd"/"mm" or "00": "dd/mm/1960" → "1960". */
function ukDates(value: string): string[] {
  const dates = [...value.matchAll(/\b(\d{1,2}|dd)\/(\d{1,2}|mm)\/(\d{4})\b/gi)].map(([, day, month, year]) => {
    const mm = /^\d+$/.test(month) && Number(month) > 0 ? month.padStart(2, "0") : "";
    const dd = /^\d+$/.test(day) && Number(day) > 0 ? day.padStart(2, "0") : "";
    return mm ? (dd ? `${year}-${mm}-${dd}` : `${year}-${mm}`) : year;
  });
  return dates.length ? dates : value.trim() ? [value.trim()] : [];
}

/** In "Business registration number (s)": "(1) Tax Identification Number (INN): 7710137066 (2) LEI: 253400..." */
const TAX_NUMBER = /(?:tax identification number|\bINN\b|\bTIN\b)[^:0-9]*:?\s*([0-9][0-9A-Z-]{4,})/gi;
const LEI_NUMBER = /\bLEI\b[^:0-9A-Z]*:?\s*([0-9A-Z]{18}\d{2})\b/gi;

/** "(1) Afghanistan (2) Pakistan" → both. */
function splitNumbered(value: string): string[] {
  return value
    .split(/\(\d+\)|\|/)
    .map(cleanText)
    .filter(Boolean);
}

export function parseUkFcdoCsv(datasetId: string, file: DatasetFile): SanctionsEntity[] {
  const rows = readCsv(file.name, decodeLegacyText(file));
  const { index, columns } = findHeader(file.name, rows);
  const width = rows[index].cells.length;
  const cell = (row: CsvRow, column: Column) => {
    const position = columns.get(column);
    return position === undefined ? "" : cleanText(row.cells[position]);
  };

  const byId = new Map<string, SanctionsEntity>();
  const otherInformation = new Map<string, string[]>();
  for (const row of rows.slice(index + 1)) {
    assertColumnCount(file.name, row, width);
    const id = cell(row, "id");
    if (!id) throw new DatasetFormatError(`${file.name} line ${row.line}: no Unique ID`);
    let entity = byId.get(id);
    if (!entity) {
      entity = newEntity(datasetId, id, SCHEMAS[cell(row, "type").toLowerCase()] ?? "Organization", "");
      entity.sourceUrl = "https://www.gov.uk/government/publications/the-uk-sanctions-list";
      byId.set(id, entity);
      otherInformation.set(id, []);
    }

    // Name 1 to 5 are given and middle names, Name 6 the family name (or an organisation's whole name).
    const name = joinParts(
      NAME_PARTS.map((column) => cell(row, column)),
      " ",
    );
    const nameType = cell(row, "nameType").toLowerCase();
    const weak = /weak|low/i.test(cell(row, "aliasStrength"));
    if (nameType.startsWith("primary name") && !nameType.includes("variation") && !entity.name) entity.name = name;
    else addAlias(entity, name, weak ? "weak" : "aka");
    addAlias(entity, cell(row, "nonLatinName"), "original_script");

    for (const date of ukDates(cell(row, "dob"))) addUnique(entity.birthDates, date);
    for (const nationality of splitNumbered(cell(row, "nationality"))) addUnique(entity.nationalities, nationality);
    if (entity.schema === "Vessel") addUnique(entity.nationalities, cell(row, "flag"));
    for (const number of splitNumbered(cell(row, "passport"))) addIdentifier(entity, "passport", number);
    for (const number of splitNumbered(cell(row, "nationalId"))) addIdentifier(entity, "national_id", number);
    for (const number of splitNumbered(cell(row, "imo"))) addIdentifier(entity, "imo", number.replace(/^IMO\s*/i, ""));
    const registration = cell(row, "registration");
    for (const match of registration.matchAll(TAX_NUMBER)) addIdentifier(entity, "tax_id", match[1]);
    for (const match of registration.matchAll(LEI_NUMBER)) addIdentifier(entity, "lei", match[1]);
    addUnique(entity.programs, cell(row, "regime"));
    addUnique(entity.addresses, joinParts(ADDRESS_PARTS.map((column) => cell(row, column))));
    const listedOn = ukDates(cell(row, "listedOn")).find((date) => /^\d{4}-\d{2}-\d{2}$/.test(date));
    if (listedOn && (!entity.listedOn || listedOn < entity.listedOn)) entity.listedOn = listedOn;
    addUnique(otherInformation.get(id)!, cell(row, "otherInformation"));
  }

  for (const [id, entity] of byId) {
    if (!settleNames(entity)) throw new DatasetFormatError(`${file.name}: designation ${id} has no name`);
    entity.remarks = otherInformation.get(id)!.join(" ") || null;
  }
  return [...byId.values()];
}
