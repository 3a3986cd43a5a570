/** A stored daily report as a download (PDF or Excel) in the reader's report language; 404 when none was made. */
import type { Db } from "../../../data/db.ts";
import { AppError } from "../../errors.ts";
import { isReportLanguage } from "../../screening/summary/phrasebook.ts";
import { buildDailyPdf, type DailyReportFile } from "./daily-pdf.ts";
import { buildDailyXlsx } from "./daily-xlsx.ts";
import { readDailyReport, recentDailyRows } from "./read.ts";
import type { ReportScope } from "./scope.ts";
import { reportTimeZone } from "./settings.ts";

export const NO_REPORT = "No report available for this date";
const DAILY_ROWS_DAYS = 30;

export interface DailyExport {
  body: Uint8Array<ArrayBuffer>;
  contentType: string;
  fileName: string;
}

export async function exportDailyReport(
  db: Db,
  request: { date: string; scope: ReportScope; format: "pdf" | "xlsx"; reader: { fullName: string; email: string; reportLanguage: string }; now?: Date },
): Promise<DailyExport> {
  const report = await readDailyReport(db, request.date, request.scope);
  if (!report) throw new AppError(404, NO_REPORT);
  const file: DailyReportFile = {
    report,
    language: isReportLanguage(request.reader.reportLanguage) ? request.reader.reportLanguage : "en",
    timeZone: reportTimeZone(),
    subject: request.scope.userId ? `${request.reader.fullName} <${request.reader.email}>` : "",
    generatedAt: request.now ?? new Date(),
  };
  const scopePart = request.scope.userId ? "own" : request.scope.organisationId ? "organisation" : "instance";
  const fileName = `duecheck-daily-report-${request.date}-${scopePart}.${request.format}`;
  if (request.format === "pdf") return { body: new Uint8Array(await buildDailyPdf(file)), contentType: "application/pdf", fileName };
  const rows = await recentDailyRows(db, request.scope, DAILY_ROWS_DAYS, request.date);
  return { body: new Uint8Array(await buildDailyXlsx(file, rows)), contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", fileName };
}
