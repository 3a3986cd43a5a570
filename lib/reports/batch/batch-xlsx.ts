/**
 * A batch's results as an Excel workbook, written with exceljs's streaming writer: a Summary sheet, then a Results
 * sheet whose rows are committed a chunk at a time, the next chunk read only once the reader has taken the output.
 */

import { once } from "node:events";
import { PassThrough, Readable } from "node:stream";
import ExcelJS from "exceljs";
import { RISK_LEVELS } from "../../screening/results.ts";
import { addField, addRow, link, moment, NAVY, sheetName, table, type Value } from "../xlsx/xlsx-cells.ts";
import { type BatchReport, type BatchReportRow, batchColumns, labelsOf } from "./batch-report.ts";

export function batchXlsx(report: BatchReport, chunks: AsyncIterable<BatchReportRow[]>): ReadableStream<Uint8Array> {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  workbook.creator = "duecheck";
  workbook.created = report.generatedAt;
  write(workbook, report, chunks, output).catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return Readable.toWeb(output) as unknown as ReadableStream<Uint8Array>;
}

async function write(workbook: ExcelJS.stream.xlsx.WorkbookWriter, report: BatchReport, chunks: AsyncIterable<BatchReportRow[]>, output: PassThrough) {
  summarySheet(workbook, report);
  const columns = batchColumns(report);
  const ws = table(
    workbook,
    labelsOf(report).batch.resultsSheet,
    columns.map((c) => [c.header, c.width]),
  );
  ws.getRow(1).commit();
  for await (const rows of chunks) {
    for (const row of rows) {
      addRow(
        ws,
        columns.map((c): Value => (c.link ? link(c.value(row) as string) : c.value(row))),
      ).commit();
    }
    await caughtUp(ws, output);
    if (output.destroyed) return;
  }
  ws.commit();
  await workbook.commit();
}

/**
 * Waits until the rows written so far have left memory. exceljs hands committed rows to the zip writer without
 * waiting for it (its internal stream ignores backpressure), so with a fast database the sheet's XML queued up there,
 * memory growing with the batch (170 MB more at 100,000 rows, and rising). The zip writer's input still says when it
 * has drained.
 * Then the reader: a slow download holds the next chunk back too.
 */
export async function caughtUp(ws: ExcelJS.Worksheet, output: PassThrough) {
  const zipInput = (ws as unknown as { stream?: { pipes?: NodeJS.EventEmitter[] } }).stream?.pipes?.[0] as
    | (NodeJS.EventEmitter & { _writableState?: { needDrain?: boolean } })
    | undefined;
  if (zipInput?._writableState?.needDrain) await drained(zipInput, output);
  if (output.writableNeedDrain) await drained(output, output);
}

/** 'drain' on `stream`, or the output closed (the reader went away). */
async function drained(stream: NodeJS.EventEmitter, output: PassThrough) {
  const done = new AbortController();
  try {
    await Promise.race([once(stream, "drain", { signal: done.signal }), once(output, "close", { signal: done.signal })]);
  } finally {
    done.abort();
  }
}

function summarySheet(workbook: ExcelJS.Workbook, report: BatchReport) {
  const labels = labelsOf(report);
  const b = labels.batch;
  const { batch } = report;
  const ws = workbook.addWorksheet(sheetName(labels.sheets.summary));
  ws.columns = [{ width: 26 }, { width: 60 }];
  const field = (label: string, value: Value) => addField(ws, label, value).commit();
  const title = ws.addRow([b.title]);
  title.font = { bold: true, size: 16, color: { argb: NAVY } };
  title.commit();
  ws.addRow([]).commit();
  field(b.name, batch.name);
  field(b.batchId, batch.id);
  field(b.owner, `${report.owner.fullName} <${report.owner.email}>`);
  field(labels.status, b.statuses[batch.status]);
  field(b.createdAt, moment(batch.createdAt));
  field(b.completedAt, batch.completedAt ? moment(batch.completedAt) : null);
  field(labels.generatedAt, moment(report.generatedAt));
  ws.addRow([]).commit();
  field(b.totalEntities, batch.totalEntities);
  field(b.processed, batch.processedEntities);
  field(b.failed, batch.failedEntities);
  if (batch.status === "processing") field(b.unfinished, Math.max(0, batch.totalEntities - batch.processedEntities - batch.failedEntities));
  ws.addRow([]).commit();
  const heading = ws.addRow([b.riskCounts]);
  heading.font = { bold: true, size: 12, color: { argb: NAVY } };
  heading.commit();
  for (const level of [...RISK_LEVELS].reverse()) field(labels.risk[level], report.riskCounts[level] ?? 0);
  if (batch.status === "processing") {
    ws.addRow([]).commit();
    const note = ws.addRow([b.stillRunning]);
    note.font = { italic: true, color: { argb: "FFBF2121" } };
    note.commit();
  }
  ws.commit();
}
