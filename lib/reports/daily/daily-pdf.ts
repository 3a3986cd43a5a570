/**
 * The daily activity report as a PDF in the reader's report language: its facts, the four cards, the risk
 * distribution and the searches by hour as vector bar charts, the tables, and page numbers.
 */
import { PDFDocument } from "pdf-lib";
import type { ReportLanguage } from "../../screening/summary/phrasebook.ts";
import { formatDateTime, formatDay } from "../format.ts";
import { reportLabels } from "../i18n.ts";
import { embedReportFonts } from "../pdf/fonts.ts";
import { COLORS, CONTENT_WIDTH, MARGIN, PdfWriter, RISK_COLORS } from "../pdf/pdf-writer.ts";
import { barChart } from "./bar-chart.ts";
import { type DailyReportView, REPORT_RISK_LEVELS } from "./schemas.ts";

export interface DailyReportFile {
  report: DailyReportView;
  language: ReportLanguage;
  timeZone: string;
  /** Whose report: the user's name and email for a user's own, empty for the organisation's. */
  subject: string;
  generatedAt: Date;
}

export async function buildDailyPdf(file: DailyReportFile): Promise<Uint8Array> {
  const { report, language } = file;
  const labels = reportLabels(language);
  const d = labels.daily;
  const numbers = new Intl.NumberFormat(language);
  const count = (n: number) => numbers.format(n);
  const doc = await PDFDocument.create();
  doc.setTitle(`${d.title}: ${report.reportDate}`);
  doc.setCreator("duecheck");
  doc.setProducer("duecheck");
  doc.setLanguage(language);
  doc.setCreationDate(file.generatedAt);
  const fonts = await embedReportFonts(doc, JSON.stringify([report, file.subject]));
  const w = new PdfWriter(doc, fonts);
  const day = formatDay(report.reportDate, language);

  w.titleBand(d.title, `duecheck · ${labels.confidential}`, `${labels.generatedAt}: ${formatDateTime(file.generatedAt, language)}`);
  w.text(day, { size: 17, bold: true, lineGap: 0.25 });
  w.space(4);
  w.fields([
    [d.reportDate, `${report.reportDate} (${d.timeZone}: ${file.timeZone})`],
    [d.scope, scopeText(file)],
    [d.status, d.statuses[report.status]],
    [labels.generatedAt, report.generatedAt ? formatDateTime(report.generatedAt, language) : ""],
  ]);

  w.space(10);
  cards(w, [
    [d.totalSearches, count(report.totalSearches), `${d.manual}: ${count(report.manualSearches)} · ${d.automated}: ${count(report.automatedSearches)}`],
    [d.creditsUsed, count(report.totalCreditsUsed), ""],
    [d.uniqueUsers, count(report.uniqueUsers), ""],
    [d.highRiskFindings, count(report.highRiskFindings), ""],
  ]);

  const details = report.searchDetails;
  w.heading(d.riskDistribution, 150);
  barChart(
    w,
    REPORT_RISK_LEVELS.map((level) => ({ label: labels.risk[level], value: details.byRiskLevel[level], color: RISK_COLORS[level] })),
    { format: count },
  );
  w.heading(d.searchesByHour, 150);
  barChart(
    w,
    details.byHour.map((value, hour) => ({ label: String(hour).padStart(2, "0"), value, color: COLORS.navy })),
    { format: count, labelSize: 6.5 },
  );

  w.heading(d.byEntityType);
  w.table(
    [
      { header: labels.entityType, width: 0.6 },
      { header: d.count, width: 0.4 },
    ],
    [
      [labels.entity.person, count(details.byEntityType.person)],
      [labels.entity.company, count(details.byEntityType.company)],
    ],
  );
  w.heading(d.byRiskLevel);
  w.table(
    [
      { header: labels.riskLevel, width: 0.6 },
      { header: d.count, width: 0.4 },
    ],
    REPORT_RISK_LEVELS.map((level) => [labels.risk[level], count(details.byRiskLevel[level])]),
  );

  const st = report.statistics;
  w.heading(d.statistics);
  w.table(
    [
      { header: d.statistics, width: 0.6 },
      { header: "", width: 0.4 },
    ],
    [
      [d.successRate, `${numbers.format(st.successRate)} %`],
      [d.peakHour, st.peakHour === null ? "" : `${String(st.peakHour).padStart(2, "0")}:00`],
      [d.averagePerUser, numbers.format(st.averageSearchesPerUser)],
      [d.sanctionsHits, count(st.sanctionsHits)],
      [d.adverseMediaHits, count(st.adverseMediaHits)],
    ],
  );
  w.heading(d.topTerms);
  if (st.topSearchTerms.length === 0) w.text(d.noSearches, { color: COLORS.muted });
  else
    w.table(
      [
        { header: d.term, width: 0.7 },
        { header: d.count, width: 0.3 },
      ],
      st.topSearchTerms.map((t) => [t.term, count(t.count)]),
    );

  w.heading(d.searchesTitle);
  if (details.searches.length === 0) w.text(d.noSearches, { color: COLORS.muted });
  else {
    if (report.totalSearches > details.searches.length) w.text(d.latestOnly(count(details.searches.length)), { size: 8.5, color: COLORS.muted });
    w.table(
      [
        { header: d.time, width: 0.14 },
        { header: labels.searchTerm, width: 0.22 },
        { header: labels.entityType, width: 0.11 },
        { header: labels.riskLevel, width: 0.12 },
        { header: d.mode, width: 0.11 },
        { header: labels.summary, width: 0.3 },
      ],
      details.searches.map((s) => [
        formatDateTime(s.createdAt, language),
        s.searchTerm,
        labels.entity[s.entityType],
        s.riskLevel && s.riskLevel in labels.risk ? labels.risk[s.riskLevel as keyof typeof labels.risk] : "",
        s.isAutomated ? d.automated : d.manual,
        s.aiSummary ?? "",
      ]),
    );
  }

  w.finish(`${d.title} · ${report.reportDate} · ${d.scopes[report.scope]}`, labels.page);
  return doc.save();
}

/** Four boxes side by side: a label, a large figure and a note. */
function cards(w: PdfWriter, items: [string, string, string][]) {
  const gap = 8;
  const width = (CONTENT_WIDTH - gap * (items.length - 1)) / items.length;
  const height = 62;
  w.ensure(height + 4);
  items.forEach(([label, value, note], i) => {
    const x = MARGIN + i * (width + gap);
    w.page.drawRectangle({ x, y: w.y - height, width, height, color: COLORS.panel, borderColor: COLORS.rule, borderWidth: 0.6 });
    w.drawLine(w.wrap(label, width - 12, 8)[0], x + 6, w.y - 14, { size: 8, color: COLORS.muted });
    w.drawLine(value, x + 6, w.y - 38, { size: 18, bold: true, color: COLORS.navy });
    if (note) w.drawLine(w.wrap(note, width - 12, 6.5)[0], x + 6, w.y - 53, { size: 6.5, color: COLORS.muted });
  });
  w.space(height + 4);
}

export function scopeText(file: DailyReportFile): string {
  const scope = reportLabels(file.language).daily.scopes[file.report.scope];
  return file.subject ? `${scope} · ${file.subject}` : scope;
}
