/**
 * One table written as CSV or Excel while its rows are read: `pages` yields a page of rows at a time, and the next page
 * is read only once the reader has taken the output, so a 100,000-row export never holds more than a page.
 */
import { PassThrough, Readable } from "node:stream";
import ExcelJS from "exceljs";
import { csvField } from "../reports/batch/batch-csv.ts";
import { caughtUp } from "../reports/batch/batch-xlsx.ts";
import { addRow, table, type Value } from "../reports/xlsx/xlsx-cells.ts";
import type { BulkExportFormat } from "./contract.ts";

export interface Column<Row> {
  header: string;
  /** The Excel column's width, in characters. */
  width: number;
  value: (row: Row) => string | number | Date | null;
}

export function tableFile<Row>(format: BulkExportFormat, sheet: string, columns: Column<Row>[], pages: AsyncIterable<Row[]>): ReadableStream<Uint8Array> {
  return format === "csv" ? csvFile(columns, pages) : xlsxFile(sheet, columns, pages);
}

/** RFC 4180 (commas, CRLF, quotes doubled), UTF-8 with a byte-order mark so Excel reads it as UTF-8. */
function csvFile<Row>(columns: Column<Row>[], pages: AsyncIterable<Row[]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const line = (cells: (string | number | Date | null)[]) => `${cells.map(csvField).join(",")}\r\n`;
  const iterator = pages[Symbol.asyncIterator]();
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(`\uFEFF${line(columns.map((c) => c.header))}`));
        return;
      }
      const next = await iterator.next();
      if (next.done) {
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(next.value.map((row) => line(columns.map((c) => c.value(row)))).join("")));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

/** exceljs's streaming writer: each row is committed (written out and let go) as soon as it is added. */
function xlsxFile<Row>(sheet: string, columns: Column<Row>[], pages: AsyncIterable<Row[]>): ReadableStream<Uint8Array> {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  workbook.creator = "duecheck";
  const write = async () => {
    const ws = table(
      workbook,
      sheet,
      columns.map((c) => [c.header, c.width]),
    );
    ws.getRow(1).commit();
    for await (const rows of pages) {
      for (const row of rows)
        addRow(
          ws,
          columns.map((c): Value => c.value(row)),
        ).commit();
      await caughtUp(ws, output);
      if (output.destroyed) return;
    }
    ws.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return Readable.toWeb(output) as unknown as ReadableStream<Uint8Array>;
}
