/**
 * The batch CSV rules applied to parsed records: the first record is the header, its names read in any case and
 * with spaces, underscores and dashes ignored (column-names.ts: "Date of birth", birth_date and DOB are one column);
 * a row is kept only with a value in searchterm or name; entityType from entitytype or type (lower-cased, default
 * person); language (default en), country and numLinks (default 10) are optional; the subject's birth date,
 * nationality and identifiers and a customer reference are optional; every kept row must be a valid search (its
 * details checked with the search's own rules, so a bad one names its line). Header names the batch does not read
 * are reported (unknownColumns), never dropped unseen. Imports only zod and the shared rules: the web bundle
 * includes this file.
 */
import { customerRefSchema } from "../screening/customer-ref.ts";
import { createSearchSchema, identifierFromText, type SearchDetails, searchDetailsSchema, searchTerm } from "../screening/schemas.ts";
import { COLUMN_NAMES, type ColumnName, columnOf, IDENTIFIER_COLUMNS } from "./column-names.ts";
import { BatchCsvError, type CsvSeparatorName } from "./csv-problems.ts";
import type { BatchEntity } from "./entity-schema.ts";

export const CSV_DELIMITERS = [",", ";", "\t"] as const;

const SEPARATOR_NAMES: Record<string, CsvSeparatorName> = { ",": "commas", ";": "semicolons", "\t": "tabs" };
const searchOptionsSchema = createSearchSchema.omit({ searchTerm: true });
type SearchOptions = Omit<BatchEntity, "searchTerm" | "details" | "customerRef">;
/** Distinct option combinations remembered as valid; more are still checked, just not remembered. */
const MAX_CHECKED_OPTIONS = 10_000;
/** A byte sequence that is not UTF-8 is decoded to U+FFFD: such a value was written in another encoding. */
const REPLACEMENT_CHARACTER = "\uFFFD";

/** The separator used most on the header line outside quotes: comma, semicolon (spreadsheet exports) or tab. */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>();
  let quoted = false;
  for (const char of text.replace(/^\uFEFF/, "")) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && (CSV_DELIMITERS as readonly string[]).includes(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  return CSV_DELIMITERS.reduce((best, d) => ((counts.get(d) ?? 0) > (counts.get(best) ?? 0) ? d : best), CSV_DELIMITERS[0] as string);
}

/** The index of each column the batch reads (-1 when absent), and how many the header has. */
type Columns = Record<ColumnName, number> & { count: number };

export interface CsvRows {
  entities: BatchEntity[];
  /** Header names the batch does not read, as the file wrote them: the preview names them. */
  unknownColumns: string[];
  /** Data rows that hold any value (blank lines aside), kept or not. */
  rows: number;
  /** Data rows left out because they have no searchterm or name. */
  skippedRows: number;
}

/** Turns parsed records into entities, keeping the physical line each record starts on. */
export class CsvRowReader {
  private columns: Columns | undefined;
  private nextLine = 1;
  private rows = 0;
  private skippedRows = 0;
  readonly entities: BatchEntity[] = [];
  private unknownColumns: string[] = [];
  private readonly checkedOptions = new Map<string, SearchOptions>();

  constructor(
    private readonly delimiter: string,
    private readonly maxRows: number,
  ) {}

  /** The line the next record starts on: where a parse error is. */
  get line(): number {
    return this.nextLine;
  }

  /**
   * Blank lines come as one empty cell, so every line belongs to a record: a record starts on the line after the
   * previous one ends. csv-parse's own line count is off after a quoted CRLF, so the line breaks kept inside quoted
   * values (the only place a cell can hold one) are counted here. Answers null: nothing is queued after the parser.
   */
  add(record: string[]): null {
    const line = this.nextLine;
    this.nextLine += 1 + lineBreaks(record);
    if (record.every((cell) => cell === "")) return null;
    if (!this.columns) {
      ({ columns: this.columns, unknown: this.unknownColumns } = headerColumns(record, line));
      return null;
    }
    this.rows++;
    const extra = record.slice(this.columns.count).some((cell) => cell !== "");
    if (extra) throw new BatchCsvError({ code: "extraValues", separator: SEPARATOR_NAMES[this.delimiter] }, line);
    const cell = (index: number) => (index >= 0 ? (record[index] ?? "") : "");
    const term = cell(this.columns.searchTerm) || cell(this.columns.name);
    if (!term) {
      this.skippedRows++;
      return null;
    }
    if (this.entities.length === this.maxRows) throw new BatchCsvError({ code: "tooManyRows", maxRows: this.maxRows }, line);
    this.entities.push(this.entity(line, term, cell));
    return null;
  }

  private entity(line: number, term: string, cell: (index: number) => string): BatchEntity {
    const columns = this.columns!;
    const entityType = cell(columns.entityType);
    const language = cell(columns.language);
    const country = cell(columns.country);
    const numLinks = cell(columns.numLinks);
    const birthDate = cell(columns.birthDate);
    const nationality = cell(columns.nationality);
    const customerRef = cell(columns.customerRef);
    const identifiers = [cell(columns.identifiers), ...IDENTIFIER_COLUMNS.map(({ column }) => cell(columns[column]))];
    const values = [term, entityType, language, country, numLinks, birthDate, nationality, customerRef, ...identifiers];
    if (values.some((value) => value.includes(REPLACEMENT_CHARACTER))) {
      throw new BatchCsvError({ code: "notUtf8" }, line);
    }
    // The search schema checks every value: term and country through text() (lib/validation/text.ts), the others
    // against their closed lists or bounds. The term is checked alone and the other four once per distinct
    // combination (a file repeats a few), which makes a 100,000-row file several times faster to read.
    const checkedTerm = searchTerm.safeParse(term);
    if (!checkedTerm.success) throw new BatchCsvError({ code: "invalidValue", message: checkedTerm.error.issues[0].message }, line);
    // Valid values hold no NUL, so a key with one inside a value never matches a remembered (valid) one.
    const key = `${entityType}\u0000${language}\u0000${country}\u0000${numLinks}`;
    let options = this.checkedOptions.get(key);
    if (!options) {
      const parsed = searchOptionsSchema.safeParse({
        entityType: entityType.toLowerCase() || undefined,
        language: language.toLowerCase() || undefined,
        country: country || undefined,
        numLinks: numLinks ? Number(numLinks) : undefined,
      });
      if (!parsed.success) throw new BatchCsvError({ code: "invalidValue", message: parsed.error.issues[0].message }, line);
      options = parsed.data;
      if (this.checkedOptions.size < MAX_CHECKED_OPTIONS) this.checkedOptions.set(key, options);
    }
    const details = this.details(line, birthDate, nationality, cell);
    const ref = customerRef ? customerRefSchema.safeParse(customerRef) : undefined;
    if (ref && !ref.success) throw new BatchCsvError({ code: "invalidValue", message: ref.error.issues[0].message }, line);
    return { searchTerm: checkedTerm.data, ...options, ...(details ? { details } : {}), ...(ref?.data ? { customerRef: ref.data } : {}) };
  }

  /** The row's birth date, nationality and identifiers, checked as a manual search's details are; undefined when none. */
  private details(line: number, birthDate: string, nationality: string, cell: (index: number) => string): SearchDetails | undefined {
    const columns = this.columns!;
    const identifiers = [
      ...listCell(cell(columns.identifiers)).map(identifierFromText),
      ...IDENTIFIER_COLUMNS.flatMap(({ column, kind }) => listCell(cell(columns[column])).map((value) => ({ kind, value }))),
    ];
    if (!birthDate && !nationality && identifiers.length === 0) return undefined;
    const parsed = searchDetailsSchema.safeParse({
      ...(birthDate ? { birthDate } : {}),
      ...(nationality ? { nationality } : {}),
      ...(identifiers.length ? { identifiers } : {}),
    });
    if (!parsed.success) throw new BatchCsvError({ code: "invalidValue", message: parsed.error.issues[0].message }, line);
    return parsed.data;
  }

  finish(): CsvRows {
    if (!this.columns) throw new BatchCsvError({ code: "empty" });
    if (this.entities.length === 0) throw new BatchCsvError({ code: "noEntities" });
    return { entities: this.entities, unknownColumns: this.unknownColumns, rows: this.rows, skippedRows: this.skippedRows };
  }
}

function lineBreaks(record: string[]): number {
  let breaks = 0;
  for (const cell of record) {
    if (cell.includes("\n") || cell.includes("\r")) breaks += cell.match(/\r\n|\r|\n/g)!.length;
  }
  return breaks;
}

/** Several values in one cell, separated by | or ; ("passport:X1234567 | imo:9123456"). */
function listCell(value: string): string[] {
  if (!value) return [];
  return value
    .split(/[|;]/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/** Each column the batch reads at its first place in the header; a name read twice or not at all is unknown. */
function headerColumns(header: string[], line: number): { columns: Columns; unknown: string[] } {
  const columns = { count: header.length } as Columns;
  const unknown: string[] = [];
  header.forEach((name, index) => {
    const column = columnOf(name);
    if (column && columns[column] === undefined) columns[column] = index;
    else if (name.trim()) unknown.push(name.trim());
  });
  for (const column of COLUMN_NAMES) columns[column] ??= -1;
  // entityType, else type (the older files' name).
  if (columns.entityType < 0) columns.entityType = columns.type;
  else if (columns.type >= 0) unknown.push(header[columns.type].trim());
  if (columns.searchTerm < 0 && columns.name < 0) {
    const found = header.map((h) => h.trim().toLowerCase()).filter(Boolean);
    throw new BatchCsvError({ code: "noNameColumn", found: found.join(", ") }, line);
  }
  return { columns, unknown };
}
