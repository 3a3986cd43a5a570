import { DatasetFormatError } from "../entity.ts";

export interface CsvRow {
  /** Line of the file on which the record ends (1-based). */
  line: number;
  cells: string[];
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const CR = 0x0d;
const LF = 0x0a;
const isBreak = (code: number) => code === CR || code === LF;

/**
 * Reads every record with its line number; quoting errors become a DatasetFormatError naming the file. RFC 4180 as
 * csv-parse reads it with { bom, relax_column_count, skip_empty_lines } (the reader this replaces, whose messages it
 * keeps): the first line break outside quotes ("\r\n", "\n" or "\r") ends every record, a quoted field may hold line
 * breaks and doubled quotes, and a line break inside quotes counts one line a character. Scanning the text in place
 * makes only the cells: csv-parse's byte buffers and per-record objects made about 17 times the file in garbage.
 */
export function readCsv(fileName: string, text: string): CsvRow[] {
  const rows: CsvRow[] = [];
  const end = text.length;
  let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  let delimiter = "";
  let cells: string[] = [];
  const fail = (message: string): never => {
    throw new DatasetFormatError(`${fileName}: ${message}`);
  };
  /** At a record delimiter: its length, discovering it at the first line break outside quotes; 0 elsewhere. */
  const delimiterAt = (at: number): number => {
    if (delimiter) return text.startsWith(delimiter, at) ? delimiter.length : 0;
    if (text.charCodeAt(at) === CR) delimiter = text.charCodeAt(at + 1) === LF ? "\r\n" : "\r";
    else if (text.charCodeAt(at) === LF) delimiter = "\n";
    return delimiter.length;
  };
  /** Line breaks in text[from, to) counted one a character; a break ending the text is not (nothing follows it). */
  const breaksIn = (from: number, to: number) => {
    let count = 0;
    for (let i = from; i < to; i++) if (isBreak(text.charCodeAt(i)) && i + 1 < end) count++;
    return count;
  };

  while (pos < end) {
    let cell: string;
    const quoted = text.charCodeAt(pos) === QUOTE;
    if (quoted) {
      cell = "";
      let from = pos + 1;
      for (;;) {
        const close = text.indexOf('"', from);
        if (close === -1) {
          line += breaksIn(from, end);
          fail(`Quote Not Closed: the parsing is finished with an opening quote at line ${line}`);
        }
        line += breaksIn(from, close);
        cell += text.slice(from, close);
        if (text.charCodeAt(close + 1) !== QUOTE) {
          pos = close + 1;
          break;
        }
        cell += '"';
        from = close + 2;
      }
      if (pos < end && text.charCodeAt(pos) !== COMMA && !delimiterAt(pos)) {
        // csv-parse named the first byte of the character in UTF-8.
        const got = String.fromCharCode(Buffer.from(String.fromCodePoint(text.codePointAt(pos) ?? 0))[0]);
        fail(`Invalid Closing Quote: got "${got}" at line ${line} instead of delimiter, record delimiter, trimable character (if activated) or comment`);
      }
    } else {
      const start = pos;
      for (; pos < end; pos++) {
        const code = text.charCodeAt(pos);
        if (code === COMMA || (isBreak(code) && delimiterAt(pos))) break;
        if (code === QUOTE) {
          const value = text.slice(start, pos);
          const bom = value === "\ufeff" ? " (utf8 bom)" : "";
          fail(`Invalid Opening Quote: a quote is found on field ${cells.length} at line ${line}, value is ${JSON.stringify(value)}${bom}`);
        }
        if (isBreak(code) && pos + 1 < end) line++;
      }
      cell = text.slice(start, pos);
    }
    if (pos < end && text.charCodeAt(pos) === COMMA) {
      cells.push(cell);
      pos++;
      if (pos < end) continue;
      // A comma ending the text still opens an (empty) last cell.
      cell = "";
    }
    // The record ends, at a record delimiter or the end of the text; a line with nothing on it is no record.
    if (quoted || cells.length > 0 || cell !== "") {
      cells.push(cell);
      rows.push({ line, cells });
    }
    cells = [];
    if (pos < end) {
      pos += delimiterAt(pos);
      if (pos < end) line++;
    }
  }
  return rows;
}

export function assertColumnCount(fileName: string, row: CsvRow, expected: number): void {
  if (row.cells.length !== expected) {
    throw new DatasetFormatError(`${fileName} line ${row.line}: expected ${expected} columns, found ${row.cells.length}`);
  }
}
