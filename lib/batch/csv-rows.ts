/**
 * The batch CSV rules applied to parsed records: the first record is the header, lower-cased and
 * trimmed; a row is kept only with a value in searchterm or name; entityType from entitytype or type (lower-cased,
 * default person); language (default en), country and numLinks (default 10) are optional; every kept row must be a
 * valid search. Imports only zod and the shared rules: the web bundle includes this file.
 */
import { type CreateSearchFields, createSearchSchema, searchTerm } from "../screening/schemas.ts";
import { BatchCsvError, type CsvSeparatorName } from "./csv-problems.ts";

export const CSV_DELIMITERS = [",", ";", "\t"] as const;

const SEPARATOR_NAMES: Record<string, CsvSeparatorName> = { ",": "commas", ";": "semicolons", "\t": "tabs" };
const searchOptionsSchema = createSearchSchema.omit({ searchTerm: true });
type SearchOptions = Omit<CreateSearchFields, "searchTerm">;
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

interface Columns {
  searchTerm: number;
  name: number;
  entityType: number;
  language: number;
  country: number;
  numLinks: number;
  count: number;
}

export interface CsvRows {
  entities: CreateSearchFields[];
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
  readonly entities: CreateSearchFields[] = [];
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
      this.columns = headerColumns(record, line);
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

  private entity(line: number, term: string, cell: (index: number) => string): CreateSearchFields {
    const columns = this.columns!;
    const entityType = cell(columns.entityType);
    const language = cell(columns.language);
    const country = cell(columns.country);
    const numLinks = cell(columns.numLinks);
    if ([term, entityType, language, country, numLinks].some((value) => value.includes(REPLACEMENT_CHARACTER))) {
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
    return { searchTerm: checkedTerm.data, ...options };
  }

  finish(): CsvRows {
    if (!this.columns) throw new BatchCsvError({ code: "empty" });
    if (this.entities.length === 0) throw new BatchCsvError({ code: "noEntities" });
    return { entities: this.entities, rows: this.rows, skippedRows: this.skippedRows };
  }
}

function lineBreaks(record: string[]): number {
  let breaks = 0;
  for (const cell of record) {
    if (cell.includes("\n") || cell.includes("\r")) breaks += cell.match(/\r\n|\r|\n/g)!.length;
  }
  return breaks;
}

function headerColumns(header: string[], line: number): Columns {
  const names = header.map((h) => h.trim().toLowerCase());
  const column = (name: string) => names.indexOf(name);
  const columns = {
    searchTerm: column("searchterm"),
    name: column("name"),
    entityType: column("entitytype") >= 0 ? column("entitytype") : column("type"),
    language: column("language"),
    country: column("country"),
    numLinks: column("numlinks"),
    count: header.length,
  };
  if (columns.searchTerm < 0 && columns.name < 0) {
    throw new BatchCsvError({ code: "noNameColumn", found: names.filter(Boolean).join(", ") }, line);
  }
  return columns;
}
