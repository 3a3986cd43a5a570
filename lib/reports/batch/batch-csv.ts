/**
 * A batch's results as CSV (RFC 4180: commas, CRLF, quotes doubled), streamed a chunk of rows at a time as the reader
 * asks for it, so a 100,000-row batch is never held whole. UTF-8 with a byte-order mark, so Excel reads it as UTF-8.
 */
import { type BatchReport, type BatchReportRow, batchColumns, type Cell } from "./batch-report.ts";

const BOM = "\uFEFF";

/**
 * A cell a spreadsheet would run as a formula (= + - @, or a tab or carriage return first) starts with a quote
 * instead: search terms come from uploaded files.
 */
export function csvField(value: Cell): string {
  if (value === null) return "";
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvLine = (cells: Cell[]) => `${cells.map(csvField).join(",")}\r\n`;

/** The CSV file: the header line, then each chunk of rows as `chunks` yields it. */
export function batchCsv(report: BatchReport, chunks: AsyncIterable<BatchReportRow[]>): ReadableStream<Uint8Array> {
  const columns = batchColumns(report);
  const encoder = new TextEncoder();
  const rows = chunks[Symbol.asyncIterator]();
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(BOM + csvLine(columns.map((c) => c.header))));
        return;
      }
      const next = await rows.next();
      if (next.done) return controller.close();
      controller.enqueue(encoder.encode(next.value.map((row) => csvLine(columns.map((c) => c.value(row)))).join("")));
    },
    async cancel() {
      await rows.return?.();
    },
  });
}
