/**
 * The batch CSV reader, one code for the server, the CLI and the browser: the file is read as
 * a stream with a real CSV parser (quotes, commas and line breaks inside quotes, a UTF-8 BOM, CRLF, comma, semicolon
 * or tab separated), its records go through the batch's row rules (csv-rows.ts), and a bad file is refused whole with a
 * BatchCsvError naming the physical line (the header is line 1) and why.
 *
 * csv-parse's browser build is used everywhere: its Node build needs Node's Buffer and streams, the browser build
 * carries its own, so the web screen reads a file exactly as the server and the CLI do. Only Web APIs are used here
 * (TextDecoder, Uint8Array, Blob, ReadableStream).
 */
import { CsvError, parse } from "csv-parse/browser/esm";
import { BatchCsvError } from "./csv-problems.ts";
import { CsvRowReader, type CsvRows, detectDelimiter } from "./csv-rows.ts";

export { BatchCsvError, type BatchCsvProblem, type BatchCsvProblemCode, describeCsvProblem } from "./csv-problems.ts";
export { detectDelimiter } from "./csv-rows.ts";

export interface BatchCsvLimits {
  maxRows: number;
  maxBytes: number;
}

/** The web screen and the CLI. */
export const BATCH_CSV_LIMITS: BatchCsvLimits = { maxRows: 100_000, maxBytes: 20 * 1024 * 1024 };
/** POST /api/v1/batch keeps its original limits. */
export const PUBLIC_API_BATCH_CSV_LIMITS: BatchCsvLimits = { maxRows: 1_000, maxBytes: 2 * 1024 * 1024 };

export interface BatchCsv extends CsvRows {
  bytes: number;
  delimiter: string;
}

export type BatchCsvSource = string | Uint8Array | Blob | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array | string>;

/** Enough of the first line to find its delimiter. */
const HEADER_SNIFF_CHARS = 64 * 1024;

/** Checked before a file is read: its name ends in .csv in any case (Customers.CSV passes). */
export function isCsvFileName(fileName: string): boolean {
  return fileName.toLowerCase().endsWith(".csv");
}

export function assertCsvFileName(fileName: string): void {
  if (!isCsvFileName(fileName)) throw new BatchCsvError({ code: "notCsvFile" });
}

/**
 * Reads a batch CSV chunk by chunk: the file is never held whole (only the entities it yields are), and reading stops
 * at the byte cap (413), at the first entity over the row cap (413) or at the first bad line (400).
 */
export async function readBatchCsv(source: BatchCsvSource, limits: BatchCsvLimits = BATCH_CSV_LIMITS): Promise<BatchCsv> {
  const chunks = byteChunks(source)[Symbol.asyncIterator]();
  // Not fatal: a byte sequence that is not UTF-8 becomes U+FFFD, which the rules refuse naming its line. A BOM is dropped.
  const decoder = new TextDecoder();
  let bytes = 0;
  let done = false;
  /** The next piece of text, or null at the end. */
  const take = async (): Promise<string | null> => {
    if (done) return null;
    const next = await chunks.next();
    if (next.done) {
      done = true;
      return decoder.decode();
    }
    bytes += next.value.byteLength;
    if (bytes > limits.maxBytes) throw new BatchCsvError({ code: "tooLarge", maxBytes: limits.maxBytes });
    return decoder.decode(next.value, { stream: true });
  };

  try {
    // The delimiter is decided from the header line, so the first line is read before the parser starts.
    let head = "";
    while (!/[\r\n]/.test(head) && head.length < HEADER_SNIFF_CHARS) {
      const text = await take();
      if (text === null) break;
      head += text;
    }
    const delimiter = detectDelimiter(head);
    const reader = new CsvRowReader(delimiter, limits.maxRows);
    const parser = recordParser(delimiter, (record) => reader.add(record));
    try {
      // Rows are checked as the parser emits them (on_record runs inside it), so a parse error knows the line its
      // record starts on, and a bad row stops the reading.
      let written = false;
      for (let text: string | null = head; text !== null; text = await take()) {
        if (!text) continue;
        await parser.write(text);
        written = true;
      }
      // csv-parse's browser build fails when it is ended without any text; an empty file has no records anyway.
      if (written) await parser.end();
    } catch (error) {
      // The parser is left as it is: it holds no resource, and after an error it takes nothing more.
      throw parseError(error, reader.line);
    }
    return { ...reader.finish(), bytes, delimiter };
  } finally {
    await chunks.return?.(undefined);
  }
}

/** csv-parse fed text piece by piece; each record goes to onRecord, which answers null (nothing is queued after it). */
function recordParser(delimiter: string, onRecord: (record: string[]) => null) {
  const parser = parse({ bom: true, delimiter, relax_column_count: true, relax_quotes: true, trim: true, on_record: onRecord });
  const ended = new Promise<void>((resolve, reject) => {
    parser.on("error", reject);
    parser.on("end", resolve);
  });
  // Awaited only at the end; an error meanwhile also fails the write that caused it.
  ended.catch(() => {});
  parser.resume();
  return {
    write: (text: string) => new Promise<void>((resolve, reject) => parser.write(text, (error) => (error ? reject(error) : resolve()))),
    end: () => {
      parser.end();
      return ended;
    },
  };
}

/** A csv-parse error, named by the line its record starts on; the rules' own errors (and the byte cap) as they are. */
function parseError(error: unknown, line: number): unknown {
  if (!(error instanceof CsvError)) return error;
  if (error.code === "CSV_QUOTE_NOT_CLOSED") return new BatchCsvError({ code: "quoteNotClosed" }, line);
  if (error.code === "CSV_INVALID_CLOSING_QUOTE" || error.code === "CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE") {
    return new BatchCsvError({ code: "textAfterQuote" }, line);
  }
  return new BatchCsvError({ code: "unreadable", detail: error.message }, line);
}

const encoder = new TextEncoder();

/**
 * The source's bytes in pieces of at most 64 KB (views, not copies). The parser yields to the event loop after each
 * piece, so a browser tab stays responsive while a large file is read even when the file arrives in megabyte chunks.
 */
async function* byteChunks(source: BatchCsvSource): AsyncGenerator<Uint8Array> {
  if (typeof source === "string") return yield* pieces(encoder.encode(source));
  if (source instanceof Uint8Array) return yield* pieces(source);
  const stream = source instanceof Blob ? source.stream() : source;
  for await (const chunk of "getReader" in stream ? readAll(stream) : stream) {
    yield* pieces(typeof chunk === "string" ? encoder.encode(chunk) : chunk);
  }
}

const PIECE_BYTES = 64 * 1024;

function* pieces(bytes: Uint8Array): Generator<Uint8Array> {
  for (let start = 0; start < bytes.byteLength; start += PIECE_BYTES) yield bytes.subarray(start, start + PIECE_BYTES);
}

/** A ReadableStream read with its reader: not every browser can iterate one with for await. */
async function* readAll(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) yield next.value;
  } finally {
    await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}
