/**
 * The batch CSV reader (spec part 1 section 5): the first row is the header, lower-cased and trimmed; a row is kept
 * only with a value in searchterm or name; entityType from entitytype or type (lower-cased, default person);
 * language (default en), country and numLinks (default 10) are optional. The public API's "Name, Type" files are the
 * same format. The file is read as a stream with a real CSV parser (quotes, commas and line breaks inside quotes, a
 * UTF-8 BOM, CRLF, comma, semicolon or tab separated); every kept row must be a valid search, else the whole file is
 * refused with an AppError naming the physical line (the header is line 1) and why.
 */
import { CsvError, parse } from "csv-parse/stream";
import { AppError } from "../errors.ts";
import { createSearchSchema, searchTerm, type CreateSearchFields } from "../screening/schemas.ts";

export interface BatchCsvLimits {
  maxRows: number;
  maxBytes: number;
}

/** The web screen and the CLI. */
export const BATCH_CSV_LIMITS: BatchCsvLimits = { maxRows: 100_000, maxBytes: 20 * 1024 * 1024 };
/** POST /api/v1/batch keeps its original limits. */
export const PUBLIC_API_BATCH_CSV_LIMITS: BatchCsvLimits = { maxRows: 1_000, maxBytes: 2 * 1024 * 1024 };

export interface BatchCsv {
  entities: CreateSearchFields[];
  /** Data rows that hold any value (blank lines aside), kept or not. */
  rows: number;
  /** Data rows left out because they have no searchterm or name. */
  skippedRows: number;
  bytes: number;
  delimiter: string;
}

export type BatchCsvSource = string | Uint8Array | Blob | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array | string>;

const PLEASE_UPLOAD_CSV = "Please upload a CSV file";
const DELIMITERS = [",", ";", "\t"] as const;
const searchOptionsSchema = createSearchSchema.omit({ searchTerm: true });
type SearchOptions = Omit<CreateSearchFields, "searchTerm">;
/** Distinct option combinations remembered as valid; more are still checked, just not remembered. */
const MAX_CHECKED_OPTIONS = 10_000;
/** Enough of the first line to find its delimiter. */
const HEADER_SNIFF_BYTES = 64 * 1024;
/** A byte sequence that is not UTF-8 is decoded to U+FFFD: such a value was written in another encoding. */
const REPLACEMENT_CHARACTER = "\uFFFD";

/** The spec's only rule on the file itself: its name ends in .csv (checked lower-cased). */
export function assertCsvFileName(fileName: string): void {
  if (!fileName.toLowerCase().endsWith(".csv")) throw new AppError(400, PLEASE_UPLOAD_CSV);
}

const megabytes = (bytes: number) => `${+(bytes / 1024 / 1024).toFixed(1)} MB`;
const count = (n: number) => n.toLocaleString("en");

/**
 * Reads a batch CSV chunk by chunk: the file is never held whole (only the entities it yields are), and reading stops
 * at the byte cap (413) or at the first entity over the row cap (413).
 */
export async function readBatchCsv(source: BatchCsvSource, limits: BatchCsvLimits = BATCH_CSV_LIMITS): Promise<BatchCsv> {
  const chunks = byteChunks(source)[Symbol.asyncIterator]();
  let bytes = 0;
  const take = async (): Promise<Uint8Array | undefined> => {
    const next = await chunks.next();
    if (next.done) return undefined;
    bytes += next.value.byteLength;
    if (bytes > limits.maxBytes) throw new AppError(413, `The CSV file is larger than ${megabytes(limits.maxBytes)}`);
    return next.value;
  };

  try {
    // The delimiter is decided from the header line, so the first line is read before the parser starts.
    const head: Uint8Array[] = [];
    let headText = "";
    const decoder = new TextDecoder();
    for (let sniffing = true; sniffing; ) {
      const chunk = await take();
      if (!chunk) break;
      head.push(chunk);
      const lineEnd = [chunk.indexOf(0x0a), chunk.indexOf(0x0d)].filter((i) => i >= 0);
      const end = lineEnd.length ? Math.min(...lineEnd) : Math.min(chunk.length, HEADER_SNIFF_BYTES);
      headText += decoder.decode(chunk.subarray(0, end), { stream: true });
      sniffing = lineEnd.length === 0 && headText.length < HEADER_SNIFF_BYTES;
    }
    const delimiter = detectDelimiter(headText);
    const reader = new CsvRowReader(delimiter, limits);
    // Rows are checked as the parser emits them (on_record runs inside it), so a parse error knows the line its
    // record starts on; nothing is queued between the parser and this reader.
    const parser = parse({
      bom: true,
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      trim: true,
      on_record: (record: string[]) => reader.add(record),
    });
    const feeding = feed(parser.writable, head, take);
    try {
      await parser.readable.pipeTo(new WritableStream());
    } catch (error) {
      throw (await feeding) ?? reader.parseError(error);
    }
    const feedError = await feeding;
    if (feedError) throw feedError;
    return { ...reader.finish(), bytes, delimiter };
  } finally {
    await chunks.return?.(undefined);
  }
}

/** Writes the chunks into the parser; answers the error that stopped it (the byte cap), which also aborts the parser. */
async function feed(writable: WritableStream, head: Uint8Array[], take: () => Promise<Uint8Array | undefined>): Promise<unknown> {
  const writer = writable.getWriter();
  try {
    for (const chunk of head) await writer.write(chunk);
    for (let chunk = await take(); chunk; chunk = await take()) await writer.write(chunk);
    await writer.close();
    return undefined;
  } catch (error) {
    await writer.abort(error).catch(() => {});
    // A failed write means the reading side stopped first; its own error is the one to report.
    return error instanceof AppError ? error : undefined;
  }
}

async function* byteChunks(source: BatchCsvSource): AsyncGenerator<Uint8Array> {
  if (typeof source === "string" || source instanceof Uint8Array) {
    yield asBuffer(source);
    return;
  }
  const stream = source instanceof Blob ? source.stream() : source;
  for await (const chunk of stream as AsyncIterable<Uint8Array | string>) {
    const bytes = asBuffer(chunk);
    if (bytes.byteLength) yield bytes;
  }
}

/** csv-parse concatenates Buffers; a plain Uint8Array is wrapped without a copy. */
function asBuffer(chunk: Uint8Array | string): Buffer {
  if (typeof chunk === "string") return Buffer.from(chunk);
  return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

/** The separator used most on the header line outside quotes: comma, semicolon (spreadsheet exports) or tab. */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>();
  let quoted = false;
  for (const char of text.replace(/^\uFEFF/, "")) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && (DELIMITERS as readonly string[]).includes(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  return DELIMITERS.reduce((best, d) => ((counts.get(d) ?? 0) > (counts.get(best) ?? 0) ? d : best), DELIMITERS[0] as string);
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

/** Turns parsed records into entities, keeping the physical line each record starts on. */
class CsvRowReader {
  private columns: Columns | undefined;
  private nextLine = 1;
  private rows = 0;
  private skippedRows = 0;
  readonly entities: CreateSearchFields[] = [];
  private readonly checkedOptions = new Map<string, SearchOptions>();

  constructor(
    private readonly delimiter: string,
    private readonly limits: BatchCsvLimits,
  ) {}

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
    if (extra) {
      const separator = { ",": "commas", ";": "semicolons", "\t": "tabs" }[this.delimiter];
      throw new AppError(400, `Line ${line}: more values than the header has columns (put values with ${separator} in double quotes)`);
    }
    const cell = (index: number) => (index >= 0 ? (record[index] ?? "") : "");
    const term = cell(this.columns.searchTerm) || cell(this.columns.name);
    if (!term) {
      this.skippedRows++;
      return null;
    }
    if (this.entities.length === this.limits.maxRows) {
      throw new AppError(413, `Line ${line}: a batch can have at most ${count(this.limits.maxRows)} entities`);
    }
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
      throw new AppError(400, `Line ${line}: the file is not UTF-8 text (save it as "CSV UTF-8")`);
    }
    // The search schema checks every value: term and country through text() (lib/validation/text.ts), the others
    // against their closed lists or bounds. The term is checked alone and the other four once per distinct
    // combination (a file repeats a few), which makes a 100,000-row file several times faster to read.
    const checkedTerm = searchTerm.safeParse(term);
    if (!checkedTerm.success) throw new AppError(400, `Line ${line}: ${checkedTerm.error.issues[0].message}`);
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
      if (!parsed.success) throw new AppError(400, `Line ${line}: ${parsed.error.issues[0].message}`);
      options = parsed.data;
      if (this.checkedOptions.size < MAX_CHECKED_OPTIONS) this.checkedOptions.set(key, options);
    }
    return { searchTerm: checkedTerm.data, ...options };
  }

  finish(): Omit<BatchCsv, "bytes" | "delimiter"> {
    if (!this.columns) throw new AppError(400, "The CSV file is empty");
    if (this.entities.length === 0) throw new AppError(400, "The CSV file has no entities to screen (no row has a searchTerm or name)");
    return { entities: this.entities, rows: this.rows, skippedRows: this.skippedRows };
  }

  /** A csv-parse error, named by the line its record starts on. */
  parseError(error: unknown): unknown {
    if (!(error instanceof CsvError)) return error;
    const line = this.nextLine;
    const closingQuote = "a closing quote is followed by more text (write a quote inside a quoted value as two quotes)";
    const reasons: Partial<Record<string, string>> = {
      CSV_QUOTE_NOT_CLOSED: "a quoted value starts here and its closing quote is missing",
      CSV_INVALID_CLOSING_QUOTE: closingQuote,
      CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: closingQuote,
    };
    return new AppError(400, `Line ${line}: ${reasons[error.code] ?? `the file cannot be read as CSV (${error.message})`}`);
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
    throw new AppError(400, `Line ${line}: the header needs a searchTerm or name column (found: ${names.filter(Boolean).join(", ")})`);
  }
  return columns;
}
