import { CsvError, Parser } from "csv-parse";
import { DatasetFormatError } from "../entity.ts";
import { legacyTextPieces, type SourceFile } from "./source.ts";

export interface CsvRow {
  /** Line of the file on which the record ends (1-based). */
  line: number;
  cells: string[];
}

const OPTIONS = { bom: true, info: true, relax_column_count: true, skip_empty_lines: true };

interface Parsed {
  info: { lines: number };
  record: string[];
}

/**
 * csv-parse's incremental core, the one its stream and its sync parse both drive: fed a piece, it gives the records
 * the piece completes at once (the rest waits for the next piece) and answers a quoting error rather than throwing
 * it. Driven directly, a synchronous generator reads a record at a time without depending on when a stream runs
 * its callbacks.
 */
interface IncrementalParser {
  parse(piece: Buffer | undefined, end: boolean, push: (parsed: Parsed) => void, close: () => void): Error | undefined;
}

/**
 * The records of a CSV text given in pieces, each with its line number, as they complete; a quoting error becomes a
 * DatasetFormatError naming the file (and, in csv-parse's words, the line), after the records before it.
 */
function* csvRecords(fileName: string, pieces: Iterable<string>): Generator<CsvRow> {
  const parser = (new Parser(OPTIONS) as unknown as { api?: IncrementalParser }).api;
  // Not in csv-parse's types: an upgrade that moved it must fail loudly here, not read a list wrongly.
  if (typeof parser?.parse !== "function") throw new Error("csv-parse no longer exposes its incremental parser (Parser.api.parse)");
  const rows: CsvRow[] = [];
  const push = ({ info, record }: Parsed) => rows.push({ line: info.lines, cells: record });
  const feed = function* (piece: Buffer | undefined, end: boolean) {
    const error = parser.parse(piece, end, push, () => {});
    yield* rows;
    rows.length = 0;
    if (error instanceof CsvError) throw new DatasetFormatError(`${fileName}: ${error.message}`);
    if (error) throw error;
  };
  for (const piece of pieces) if (piece) yield* feed(Buffer.from(piece), false);
  yield* feed(undefined, true);
}

/** Reads every record of a text with its line number; quoting errors become a DatasetFormatError naming the file. */
export function readCsv(fileName: string, text: string): CsvRow[] {
  return [...csvRecords(fileName, [text])];
}

/**
 * Bytes of a CSV file read at a time. Each chunk leaves its text, its bytes again for the parser and their join with
 * the record left open before it, most of it outside the collected heap: with 1 MB chunks reading the OFAC SDN set
 * peaked at about 115 MB, with 64 KB at about 85 MB (a process reading nothing: 45 MB), no slower.
 */
const CSV_CHUNK = 64 << 10;

/**
 * The records of a CSV list's file a record at a time, read a chunk at a time (never held whole), its text as
 * legacyTextPieces (./source.ts) decodes it. `chunkSize` is for tests that split records and characters.
 */
export function readCsvFile(file: SourceFile, chunkSize = CSV_CHUNK): Generator<CsvRow> {
  return csvRecords(file.name, legacyTextPieces(file, chunkSize));
}

export function assertColumnCount(fileName: string, row: CsvRow, expected: number): void {
  if (row.cells.length !== expected) {
    throw new DatasetFormatError(`${fileName} line ${row.line}: expected ${expected} columns, found ${row.cells.length}`);
  }
}
