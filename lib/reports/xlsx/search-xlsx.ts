import ExcelJS from "exceljs";
import {
  describeListRow,
  describeMismatch,
  describeReason,
  describeSourceError,
  displayedSummary,
  listName,
  sourceName,
} from "../../screening/summary/index.ts";
import { describePosition, describeRelatedPep, pepRoleLabel } from "../../screening/summary/pep-phrases.ts";
import { describeEvidence, describeExplanation, describeIdentifiers, explanationLabels } from "../explanation.ts";
import { formatCountries, formatCountry, formatDay, formatLanguage } from "../format.ts";
import { type ReportLabels, reportLabels } from "../i18n.ts";
import { alerts, orderedMedia, orderedSanctions, prepareReport, reportCounts, reportLanguage, type SearchReport } from "../search-report.ts";
import { addField, addRow, clean, day, header, link, moment, NAVY, sheetName, table, type Value } from "./xlsx-cells.ts";

/** The Excel workbook of one search: Summary, Sanctions, PEP, Media, Review and Sources sheets, in the report language. */
export async function buildSearchXlsx(stored: SearchReport): Promise<Uint8Array> {
  const report = prepareReport(stored);
  const labels = reportLabels(reportLanguage(report));
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "duecheck";
  workbook.title = `${labels.title}: ${report.search.searchTerm}`;
  workbook.created = new Date(report.generatedAt);

  summarySheet(workbook, report, labels);
  sanctionsSheet(workbook, report, labels);
  pepSheet(workbook, report, labels);
  mediaSheet(workbook, report, labels);
  reviewSheet(workbook, report, labels);
  sourcesSheet(workbook, report, labels);

  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

function summarySheet(workbook: ExcelJS.Workbook, report: SearchReport, labels: ReportLabels) {
  const language = reportLanguage(report);
  const ws = workbook.addWorksheet(sheetName(labels.sheets.summary));
  ws.columns = [{ width: 26 }, { width: 100 }];
  const { search, results } = report;
  const flags = alerts(results);

  const title = ws.addRow([labels.title]);
  title.font = { bold: true, size: 16, color: { argb: NAVY } };
  ws.addRow([]);
  const field = (label: string, value: Value) => addField(ws, label, value);
  field(labels.searchTerm, search.searchTerm);
  field(labels.entityType, labels.entity[search.entityType]);
  field(labels.searchDate, moment(search.createdAt));
  field(labels.requestedBy, `${report.user.fullName} <${report.user.email}>`);
  field(labels.searchId, search.id);
  field(labels.mediaLanguage, formatLanguage(search.language, language));
  if (search.country) field(labels.country, formatCountry(search.country, language));
  const details = search.details;
  if (details?.birthDate) field(labels.birthDate, formatDay(details.birthDate, language));
  if (details?.nationality) field(labels.nationality, formatCountry(details.nationality, language));
  if (details?.identifiers?.length) field(explanationLabels(language).identifiers, describeIdentifiers(details.identifiers, language));
  field(labels.generatedAt, moment(report.generatedAt));
  ws.addRow([]);

  field(labels.review.status, labels.review.statuses[report.review.status]);
  const open = reportCounts(report).open;
  field(labels.review.openHits, open.total);
  if (open.nearMisses > 0) field(labels.nearMissesWaiting, open.nearMisses);

  const risk = field(labels.riskLevel, labels.risk[results.risk.level]);
  risk.getCell(2).font = { bold: true, color: { argb: results.risk.level === "low" ? "FF1F8C4D" : "FFBF2121" } };
  field(labels.alertClean, flags.clean ? labels.yes : labels.no);
  field(labels.alertPep, flags.pep ? labels.yes : labels.no);
  field(labels.sanctionsMatches, flags.sanctionsMatches);
  field(labels.nearMisses, flags.nearMisses);
  field(labels.pepListings, results.pepListings.length);
  field(labels.adverseMediaCount, flags.mediaChecked ? results.adverseMedia.length : labels.mediaNotChecked);
  results.risk.reasons.forEach((reason, i) => {
    const text = describeReason(reason, language, results);
    // a source that could not be checked is never labelled with a low risk level
    field(i === 0 ? labels.reasons : "", reason.code === "source_failed" ? `${labels.notChecked}: ${text}` : text);
  });
  ws.addRow([]);

  const heading = ws.addRow([labels.summaryTitle]);
  heading.font = { bold: true, size: 13, color: { argb: NAVY } };
  const shown = displayedSummary({ name: search.searchTerm, entityType: search.entityType }, results, report.aiSummary, language);
  const note = shown.source === "model" ? labels.summaryByModel : shown.modelInOtherLanguage ? labels.summaryOtherLanguage : labels.summaryBuiltIn;
  ws.addRow([note]).font = { italic: true, color: { argb: "FF6B7280" } };
  for (const paragraph of shown.text.trim().split(/\n{2,}/)) {
    const row = ws.addRow([clean(paragraph)]);
    ws.mergeCells(row.number, 1, row.number, 2);
    row.getCell(1).alignment = { wrapText: true, vertical: "top" };
    // Excel does not grow merged rows to fit; about 120 characters fit on a line of the two columns
    row.height = Math.max(15, 15 * paragraph.split("\n").reduce((n, line) => n + Math.ceil((line.length || 1) / 120), 0));
  }
}

function sanctionsSheet(workbook: ExcelJS.Workbook, report: SearchReport, labels: ReportLabels) {
  const language = reportLanguage(report);
  const ws = table(workbook, labels.sheets.sanctions, [
    [labels.source, 30],
    [labels.match, 16],
    [labels.details, 50],
    [labels.lastUpdated, 14],
    [labels.entityCount, 12],
    [labels.link, 40],
    [labels.matchedEntity, 30],
    [labels.matchedAs, 26],
    [labels.score, 9],
    [labels.programs, 26],
    [labels.nationality, 16],
    [labels.birthDate, 16],
    [labels.differences, 40],
    [explanationLabels(language).evidenceTitle, 34],
    [explanationLabels(language).title, 60],
    [`${labels.matchedEntity} — ${labels.link}`, 40],
  ]);
  for (const row of orderedSanctions(report.results.sanctionsList)) {
    const shared: Value[] = [
      listName(row, language),
      row.match ? labels.matchFound : labels.noMatch,
      describeListRow(row, language),
      day(row.lastUpdated),
      row.entityCount,
      link(row.url),
    ];
    const hits = [...row.hits].sort((a, b) => b.score - a.score);
    if (hits.length === 0) addRow(ws, shared);
    for (const hit of hits) {
      const added = addRow(ws, [
        ...shared,
        hit.name,
        hit.matchedName,
        hit.score,
        hit.programs.join(", "),
        formatCountries(hit.nationality, language),
        hit.birthDate.map((d) => formatDay(d, language)).join(", "),
        // hits stored before mismatches existed have their differences in English only
        (hit.mismatches ? hit.mismatches.map((m) => describeMismatch(m, language)) : hit.differences).join("; "),
        describeEvidence(hit.evidence, language).join("; ") || null,
        describeExplanation(hit.explanation, language) || null,
        link(hit.sourceUrl),
      ]);
      added.getCell(9).numFmt = "0%";
    }
  }
}

function pepSheet(workbook: ExcelJS.Workbook, report: SearchReport, labels: ReportLabels) {
  const language = reportLanguage(report);
  const ws = table(workbook, labels.sheets.pep, [
    [labels.matchedEntity, 30],
    [labels.score, 9],
    [labels.dataset, 30],
    [labels.listVersion, 14],
    [labels.nationality, 18],
    [labels.birthDate, 16],
    [labels.differences, 40],
    [explanationLabels(language).evidenceTitle, 34],
    [explanationLabels(language).title, 60],
    [labels.link, 50],
    [labels.pepRole, 30],
    [labels.pepPositions, 60],
    [labels.pepRelated, 40],
  ]);
  for (const p of report.results.pepListings) {
    const added = addRow(ws, [
      p.name,
      p.score ?? null,
      p.dataset,
      day(p.listVersion),
      formatCountries(p.nationality, language),
      p.birthDate.map((d) => formatDay(d, language)).join(", "),
      p.mismatches.map((m) => describeMismatch(m, language)).join("; "),
      describeEvidence(p.evidence, language).join("; ") || null,
      describeExplanation(p.explanation, language) || null,
      link(p.url),
      pepRoleLabel(language, p.role ?? "pep"),
      (p.positions ?? []).map((position) => describePosition(language, position)).join("\n") || null,
      (p.relatedPeps ?? []).map((r) => describeRelatedPep(language, r)).join("\n") || null,
    ]);
    added.getCell(2).numFmt = "0%";
  }
  if (report.results.pepListings.length === 0) addRow(ws, [labels.pepNone]);
}

function mediaSheet(workbook: ExcelJS.Workbook, report: SearchReport, labels: ReportLabels) {
  const ws = table(workbook, labels.sheets.media, [
    [labels.articleTitle, 60],
    [labels.category, 14],
    [labels.negative, 11],
    [labels.date, 13],
    [labels.source, 22],
    [labels.summary, 60],
    [labels.link, 50],
  ]);
  for (const item of orderedMedia(report.results.adverseMedia)) {
    addRow(ws, [
      item.title,
      labels.categories[item.category],
      item.isNegative ? labels.yes : labels.no,
      day(item.date),
      item.source,
      item.summary,
      link(item.url),
    ]);
  }
  if (!alerts(report.results).mediaChecked) addRow(ws, [labels.mediaNotChecked]);
}

/** Every decision on the hits, oldest first (replaced and rejected ones too), then the case notes. */
function reviewSheet(workbook: ExcelJS.Workbook, report: SearchReport, labels: ReportLabels) {
  const words = labels.review;
  const ws = table(workbook, words.sheet, [
    [words.hit, 34],
    [words.hitKind, 12],
    [words.decision, 16],
    [words.reason, 24],
    [words.text, 40],
    [words.state, 18],
    [words.decidedBy, 22],
    [words.decidedAt, 20],
    [words.reviewedBy, 22],
    [words.reviewedAt, 20],
    [words.comment, 40],
  ]);
  for (const d of report.review.history) {
    addRow(ws, [
      d.hitLabel,
      words.hitKinds[d.hitKind],
      words.decisions[d.decision],
      words.reasons[d.reason],
      d.text,
      words.states[d.state],
      d.decidedBy,
      moment(d.decidedAt),
      d.reviewedBy,
      d.reviewedAt ? moment(d.reviewedAt) : null,
      d.reviewComment,
    ]);
  }
  if (report.review.history.length === 0) addRow(ws, [words.noDecisions]);
  ws.addRow([]);
  const title = ws.addRow([words.notesTitle]);
  title.font = { bold: true, size: 12, color: { argb: NAVY } };
  header(ws.addRow([words.noteKind, words.author, labels.date, labels.details]));
  for (const note of report.review.notes) addRow(ws, [words.noteKinds[note.kind], note.author, moment(note.createdAt), note.text]);
  if (report.review.notes.length === 0) addRow(ws, [words.noNotes]);
}

function sourcesSheet(workbook: ExcelJS.Workbook, report: SearchReport, labels: ReportLabels) {
  const language = reportLanguage(report);
  const ws = table(workbook, labels.sheets.sources, [
    [labels.source, 40],
    [labels.kind, 22],
    [labels.status, 16],
    [labels.error, 50],
  ]);
  for (const s of report.results.sources) {
    const row = addRow(ws, [sourceName(s, language), labels.kinds[s.kind], labels.statuses[s.status], describeSourceError(s, language) || null]);
    if (s.status === "failed") row.getCell(3).font = { bold: true, color: { argb: "FFBF2121" } };
  }
  ws.addRow([]);
  const title = ws.addRow([labels.datasetsTitle]);
  title.font = { bold: true, size: 12, color: { argb: NAVY } };
  header(ws.addRow([labels.dataset, labels.type, labels.versionDate, labels.entities]));
  for (const d of report.results.datasetsUsed) addRow(ws, [d.name, labels.datasetType[d.type], day(d.versionDate), d.entityCount]);
  const disabled = report.results.datasetsDisabled ?? [];
  if (disabled.length) {
    ws.addRow([]);
    header(ws.addRow([labels.datasetsDisabled, labels.type]));
    for (const d of disabled) addRow(ws, [d.name, labels.datasetType[d.type]]);
  }
}
