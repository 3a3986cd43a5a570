/**
 * The daily activity report as an Excel workbook: one sheet per tab of the screen (Overview, Search Details,
 * Statistics) and the Daily Rows of the last 30 days; numbers and dates as real cells, header rows frozen and
 * filterable.
 */
import ExcelJS from "exceljs";
import { reportLabels } from "../i18n.ts";
import { addRow, day, moment, table, type Value } from "../xlsx/xlsx-cells.ts";
import { type DailyReportFile, scopeText } from "./daily-pdf.ts";
import { type DailyRow, REPORT_RISK_LEVELS } from "./schemas.ts";

export async function buildDailyXlsx(file: DailyReportFile, rows: DailyRow[]): Promise<Uint8Array> {
  const { report, language } = file;
  const labels = reportLabels(language);
  const d = labels.daily;
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "duecheck";
  workbook.created = file.generatedAt;

  const overview = table(workbook, d.sheets.overview, [
    [d.figure, 40],
    [d.value, 40],
  ]);
  const pairs: [string, Value][] = [
    [d.reportDate, day(report.reportDate)],
    [d.timeZone, file.timeZone],
    [d.scope, scopeText(file)],
    [d.status, d.statuses[report.status]],
    [labels.generatedAt, report.generatedAt ? moment(report.generatedAt) : null],
    [d.totalSearches, report.totalSearches],
    [d.manualSearches, report.manualSearches],
    [d.automatedSearches, report.automatedSearches],
    [d.creditsUsed, report.totalCreditsUsed],
    [d.uniqueUsers, report.uniqueUsers],
    [d.highRiskFindings, report.highRiskFindings],
    [labels.entity.person, report.searchDetails.byEntityType.person],
    [labels.entity.company, report.searchDetails.byEntityType.company],
    ...REPORT_RISK_LEVELS.map((level): [string, Value] => [labels.risk[level], report.searchDetails.byRiskLevel[level]]),
    ...report.searchDetails.byHour.map((n, hour): [string, Value] => [`${d.hour} ${String(hour).padStart(2, "0")}`, n]),
  ];
  for (const pair of pairs) addRow(overview, pair).getCell(2).alignment = { horizontal: "left" };

  const searches = table(workbook, d.sheets.searchDetails, [
    [d.time, 20],
    [labels.searchTerm, 32],
    [labels.entityType, 14],
    [labels.riskLevel, 14],
    [d.mode, 14],
    [labels.summary, 70],
  ]);
  for (const s of report.searchDetails.searches) {
    addRow(searches, [
      moment(s.createdAt),
      s.searchTerm,
      labels.entity[s.entityType],
      s.riskLevel && s.riskLevel in labels.risk ? labels.risk[s.riskLevel as keyof typeof labels.risk] : null,
      s.isAutomated ? d.automated : d.manual,
      s.aiSummary,
    ]);
  }

  const st = report.statistics;
  const statistics = table(workbook, d.sheets.statistics, [
    [d.figure, 40],
    [d.value, 20],
  ]);
  const percent = addRow(statistics, [d.successRate, st.successRate / 100]);
  percent.getCell(2).numFmt = "0.0%";
  addRow(statistics, [d.peakHour, st.peakHour]);
  addRow(statistics, [d.averagePerUser, st.averageSearchesPerUser]);
  addRow(statistics, [d.sanctionsHits, st.sanctionsHits]);
  addRow(statistics, [d.adverseMediaHits, st.adverseMediaHits]);
  statistics.addRow([]);
  const termsHeader = statistics.addRow([`${d.topTerms}: ${d.term}`, d.count]);
  termsHeader.font = { bold: true };
  for (const t of st.topSearchTerms) addRow(statistics, [t.term, t.count]);

  const daily = table(workbook, d.sheets.dailyRows, [
    [d.reportDate, 14],
    [d.totalSearches, 16],
    [d.manualSearches, 16],
    [d.automatedSearches, 18],
    [d.creditsUsed, 14],
    [d.uniqueUsers, 14],
    [d.highRiskFindings, 18],
  ]);
  for (const r of rows) {
    addRow(daily, [day(r.reportDate), r.totalSearches, r.manualSearches, r.automatedSearches, r.totalCreditsUsed, r.uniqueUsers, r.highRiskFindings]);
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
