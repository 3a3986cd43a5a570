import { DatasetFormatError, type EntitySchema, type SanctionsEntity } from "../entity.ts";
import { assertColumnCount, type CsvRow, readCsvFile } from "./csv.ts";
import { addAlias, addIdentifier, addUnique, joinParts, newEntity, settleNames } from "./entity-builder.ts";
import type { SourceFile } from "./source.ts";
import { cleanText } from "./text.ts";

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

/** Where the columns are, and how many the heading row has (every row must have as many). */
interface Layout {
  columns: Map<Column, number>;
  width: number;
}

/** A "Report Date:" (FCDO) or "Last Updated" (OFSI) line comes before the headings: they are looked for this far. */
const HEADING_SEARCH_ROWS = 5;

const isHeading = (row: CsvRow) => row.cells.some((cell) => ID_HEADINGS.includes(normalize(cell)));

function layoutOf(fileName: string, heading: CsvRow): Layout {
  const positions = new Map(heading.cells.map((cell, i) => [normalize(cell), i]));
  const columns = new Map<Column, number>();
  for (const [column, headings] of Object.entries(COLUMNS) as [Column, readonly string[]][]) {
    const position = headings.map((name) => positions.get(name)).find((i) => i !== undefined);
    if (position !== undefined) columns.set(column, position);
  }
  const missing = Object.entries(REQUIRED).filter(([column]) => !columns.has(column as Column));
  if (missing.length) {
    const names = missing.map(([, name]) => `"${name}"`).join(", ");
    throw new DatasetFormatError(`${fileName} line ${heading.line}: missing column ${names}`);
  }
  return { columns, width: heading.cells.length };
}

const cellOf = (layout: Layout, row: CsvRow, column: Column) => {
  const position = layout.columns.get(column);
  return position === undefined ? "" : cleanText(row.cells[position]);
};

/**
 * The rows below the heading row a record at a time, each with the layout and its Unique ID, checked for its
 * number of columns and for having an id.
 */
function* ukRows(file: SourceFile, chunkSize?: number): Generator<{ layout: Layout; row: CsvRow; id: string }> {
  let layout: Layout | null = null;
  let before = 0;
  for (const row of readCsvFile(file, chunkSize)) {
    if (!layout) {
      if (isHeading(row)) layout = layoutOf(file.name, row);
      else if (++before === HEADING_SEARCH_ROWS) break;
      continue;
    }
    assertColumnCount(file.name, row, layout.width);
    const id = cellOf(layout, row, "id");
    if (!id) throw new DatasetFormatError(`${file.name} line ${row.line}: no Unique ID`);
    yield { layout, row, id };
  }
  if (!layout) throw new DatasetFormatError(`${file.name}: no heading row with a "Unique ID" column in the first lines`);
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

/** A designation while its rows are read: the entity so far, its "Other information" texts, its rows still to come. */
interface Open {
  entity: SanctionsEntity;
  otherInformation: string[];
  rowsLeft: number;
}

/** Adds one name row of a designation to its entity. */
function addRow(open: Open, layout: Layout, row: CsvRow): void {
  const { entity } = open;
  const cell = (column: Column) => cellOf(layout, row, column);
  // Name 1 to 5 are given and middle names, Name 6 the family name (or an organisation's whole name).
  const name = joinParts(
    NAME_PARTS.map((column) => cell(column)),
    " ",
  );
  const nameType = cell("nameType").toLowerCase();
  const weak = /weak|low/i.test(cell("aliasStrength"));
  if (nameType.startsWith("primary name") && !nameType.includes("variation") && !entity.name) entity.name = name;
  else addAlias(entity, name, weak ? "weak" : "aka");
  addAlias(entity, cell("nonLatinName"), "original_script");

  for (const date of ukDates(cell("dob"))) addUnique(entity.birthDates, date);
  for (const nationality of splitNumbered(cell("nationality"))) addUnique(entity.nationalities, nationality);
  if (entity.schema === "Vessel") addUnique(entity.nationalities, cell("flag"));
  for (const number of splitNumbered(cell("passport"))) addIdentifier(entity, "passport", number);
  for (const number of splitNumbered(cell("nationalId"))) addIdentifier(entity, "national_id", number);
  for (const number of splitNumbered(cell("imo"))) addIdentifier(entity, "imo", number.replace(/^IMO\s*/i, ""));
  const registration = cell("registration");
  for (const match of registration.matchAll(TAX_NUMBER)) addIdentifier(entity, "tax_id", match[1]);
  for (const match of registration.matchAll(LEI_NUMBER)) addIdentifier(entity, "lei", match[1]);
  addUnique(entity.programs, cell("regime"));
  addUnique(entity.addresses, joinParts(ADDRESS_PARTS.map((column) => cell(column))));
  const listedOn = ukDates(cell("listedOn")).find((date) => /^\d{4}-\d{2}-\d{2}$/.test(date));
  if (listedOn && (!entity.listedOn || listedOn < entity.listedOn)) entity.listedOn = listedOn;
  addUnique(open.otherInformation, cell("otherInformation"));
}

/**
 * The designations of the list, one at a time in the order their first rows come. Each row is a name of a
 * designation, and nothing in either layout promises that a designation's rows are together, so a first pass checks
 * every row and counts each Unique ID's rows; the second builds each designation and gives it once its last row is
 * read and every designation before it has been given. Where a designation's rows are together, one designation is
 * held at a time. `chunkSize` is for tests that split records and characters.
 */
export function* readUkFcdoCsv(datasetId: string, file: SourceFile, chunkSize?: number): Generator<SanctionsEntity> {
  const rowsOf = new Map<string, number>();
  for (const { id } of ukRows(file, chunkSize)) rowsOf.set(id, (rowsOf.get(id) ?? 0) + 1);

  // A file on disk rewritten between the passes would leave designations unfinished, never given.
  const changed = () => new DatasetFormatError(`${file.name} changed while it was read; import it again`);
  // In the order of first rows (a Map keeps its insertion order).
  const open = new Map<string, Open>();
  for (const { layout, row, id } of ukRows(file, chunkSize)) {
    let designation = open.get(id);
    if (!designation) {
      const rowsLeft = rowsOf.get(id);
      if (!rowsLeft) throw changed();
      const entity = newEntity(datasetId, id, SCHEMAS[cellOf(layout, row, "type").toLowerCase()] ?? "Organization", "");
      entity.sourceUrl = "https://www.gov.uk/government/publications/the-uk-sanctions-list";
      designation = { entity, otherInformation: [], rowsLeft };
      open.set(id, designation);
      rowsOf.delete(id);
    }
    addRow(designation, layout, row);
    designation.rowsLeft--;
    for (const [first, done] of open) {
      if (done.rowsLeft > 0) break;
      if (!settleNames(done.entity)) throw new DatasetFormatError(`${file.name}: designation ${first} has no name`);
      done.entity.remarks = done.otherInformation.join(" ") || null;
      open.delete(first);
      yield done.entity;
    }
  }
  if (open.size) throw changed();
}
