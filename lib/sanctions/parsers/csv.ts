import { CsvError, parse } from "csv-parse/sync";
import { DatasetFormatError } from "../entity.ts";

export interface CsvRow {
  /** Line of the file on which the record ends (1-based). */
  line: number;
  cells: string[];
}

/** Reads every record with its line number; quoting errors become a DatasetFormatError naming the file. */
export function readCsv(fileName: string, text: string): CsvRow[] {
  let records: { info: { lines: number }; record: string[] }[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError) throw new DatasetFormatError(`${fileName}: ${error.message}`);
    throw error;
  }
  return records.map(({ info, record }) => ({ line: info.lines, cells: record }));
}

export function assertColumnCount(fileName: string, row: CsvRow, expected: number): void {
  if (row.cells.length !== expected) {
    throw new DatasetFormatError(`${fileName} line ${row.line}: expected ${expected} columns, found ${row.cells.length}`);
  }
}
