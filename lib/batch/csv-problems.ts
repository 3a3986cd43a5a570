/**
 * Why a batch CSV is refused, as data: the server and the CLI answer the English sentence (the message), the web
 * words the same problem in the interface language from its code and values. Imports nothing Node-only: the web
 * bundle includes this file.
 */
import { AppError } from "../errors.ts";

export type CsvSeparatorName = "commas" | "semicolons" | "tabs";

export type BatchCsvProblem =
  | { code: "notCsvFile" }
  | { code: "empty" }
  | { code: "noEntities" }
  | { code: "tooLarge"; maxBytes: number }
  | { code: "tooManyRows"; maxRows: number }
  | { code: "noNameColumn"; found: string }
  | { code: "extraValues"; separator: CsvSeparatorName }
  | { code: "notUtf8" }
  | { code: "quoteNotClosed" }
  | { code: "textAfterQuote" }
  /** csv-parse refused the text for another reason; its own (English) message. */
  | { code: "unreadable"; detail: string }
  /** The search request schema refused a value; its message (the web translates it like the server's other messages). */
  | { code: "invalidValue"; message: string };

export type BatchCsvProblemCode = BatchCsvProblem["code"];

const megabytes = (bytes: number) => `${+(bytes / 1024 / 1024).toFixed(1)} MB`;
const count = (n: number) => n.toLocaleString("en");

const REASONS: { [C in BatchCsvProblemCode]: (problem: Extract<BatchCsvProblem, { code: C }>) => string } = {
  notCsvFile: () => "Please upload a CSV file",
  empty: () => "The CSV file is empty",
  noEntities: () => "The CSV file has no entities to screen (no row has a searchTerm or name)",
  tooLarge: (p) => `The CSV file is larger than ${megabytes(p.maxBytes)}`,
  tooManyRows: (p) => `a batch can have at most ${count(p.maxRows)} entities`,
  noNameColumn: (p) => `the header needs a searchTerm or name column (found: ${p.found})`,
  extraValues: (p) => `more values than the header has columns (put values with ${p.separator} in double quotes)`,
  notUtf8: () => 'the file is not UTF-8 text (save it as "CSV UTF-8")',
  quoteNotClosed: () => "a quoted value starts here and its closing quote is missing",
  textAfterQuote: () => "a closing quote is followed by more text (write a quote inside a quoted value as two quotes)",
  unreadable: (p) => `the file cannot be read as CSV (${p.detail})`,
  invalidValue: (p) => p.message,
};

/** The English sentence: "Line 3: <reason>" when the problem is on a line. */
export function describeCsvProblem(problem: BatchCsvProblem, line?: number): string {
  const reason = (REASONS[problem.code] as (p: BatchCsvProblem) => string)(problem);
  return line === undefined ? reason : `Line ${line}: ${reason}`;
}

/** A refused batch CSV: 413 over a limit, 400 otherwise; `line` is the physical line (the header is line 1). */
export class BatchCsvError extends AppError {
  constructor(
    readonly problem: BatchCsvProblem,
    readonly line?: number,
  ) {
    super(problem.code === "tooLarge" || problem.code === "tooManyRows" ? 413 : 400, describeCsvProblem(problem, line));
    this.name = "BatchCsvError";
  }
}
