/** Styles and cell helpers shared by the Excel exports (one search's report, a batch's results). */
import type ExcelJS from "exceljs";

export const NAVY = "FF172A4A";
export const LINK = "FF1A54B8";
/** Excel refuses longer cell texts. */
const MAX_CELL = 32_000;

export type Value = string | number | Date | null | { text: string; hyperlink: string };

/** A label in bold and its value, left-aligned and wrapped (a summary sheet's field). */
export function addField(ws: ExcelJS.Worksheet, label: string, value: Value): ExcelJS.Row {
  const row = ws.addRow([label, cellValue(value)]);
  row.getCell(1).font = { bold: true };
  dateFormat(row.getCell(2), value instanceof Date);
  // left, like the texts above and below (Excel right-aligns numbers and dates)
  row.getCell(2).alignment = { wrapText: true, vertical: "top", horizontal: "left" };
  if (value && typeof value === "object" && "hyperlink" in value) row.getCell(2).font = { color: { argb: LINK }, underline: true };
  return row;
}

/** A sheet with a styled, frozen and filterable header row. */
export function table(workbook: ExcelJS.Workbook, name: string, columns: [string, number][]): ExcelJS.Worksheet {
  const ws = workbook.addWorksheet(sheetName(name), { views: [{ state: "frozen", ySplit: 1 }] });
  ws.columns = columns.map(([headerText, width]) => ({ header: headerText, width }));
  header(ws.getRow(1));
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  return ws;
}

export function header(row: ExcelJS.Row) {
  row.font = { bold: true, color: { argb: "FFFFFFFF" } };
  row.alignment = { vertical: "middle", wrapText: true };
  row.eachCell((cell) => {
    cell.fill = { type: "pattern", pattern: "solid", fgColor: { argb: NAVY } };
  });
}

export function addRow(ws: ExcelJS.Worksheet, values: Value[]): ExcelJS.Row {
  const row = ws.addRow(values.map(cellValue));
  row.alignment = { vertical: "top", wrapText: true };
  row.eachCell((cell) => {
    if (cell.value && typeof cell.value === "object" && "hyperlink" in cell.value) cell.font = { color: { argb: LINK }, underline: true };
    dateFormat(cell);
  });
  return row;
}

export function cellValue(value: Value): ExcelJS.CellValue {
  if (typeof value === "string") return clean(value);
  if (value && typeof value === "object" && "hyperlink" in value) return { text: clean(value.text), hyperlink: value.hyperlink };
  return value;
}

/** Only http(s) links become hyperlinks; anything else stays text. */
export function link(url: string | null | undefined): Value {
  if (!url) return null;
  return /^https?:\/\//i.test(url) ? { text: url, hyperlink: url } : url;
}

/** An ISO 8601 day or time as a date cell, so Excel sorts and filters it; any other text as it is. */
export function day(value: string | null | undefined): Value {
  if (!value) return null;
  if (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(value)) return value;
  // a time without a zone is taken as UTC, like every stored time
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : /T[\d:.]+$/.test(value) ? `${value}Z` : value);
  return Number.isNaN(date.getTime()) ? value : date;
}

/** A point in time (search date, generation time): always shown with its time of day. */
export function moment(value: Date | string): Value {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : date;
}

/**
 * Excel dates have no time zone: cells hold UTC, and a time of day says so in its format. A value at midnight
 * UTC is a day (list versions and articles often carry no time) unless `withTime`.
 */
export function dateFormat(cell: ExcelJS.Cell, withTime = false) {
  if (!(cell.value instanceof Date)) return;
  const d = cell.value;
  const midnight = d.getUTCHours() === 0 && d.getUTCMinutes() === 0 && d.getUTCSeconds() === 0;
  cell.numFmt = midnight && !withTime ? "yyyy-mm-dd" : 'yyyy-mm-dd hh:mm "UTC"';
}

/** Characters XML cannot hold would corrupt the file. */
export function clean(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters XML 1.0 (and so xlsx) cannot hold are what this removes
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "").slice(0, MAX_CELL);
}

/** Excel sheet names: at most 31 characters, none of []:*?/\ */
export function sheetName(name: string): string {
  return name.replace(/[[\]:*?/\\]/g, " ").slice(0, 31);
}
