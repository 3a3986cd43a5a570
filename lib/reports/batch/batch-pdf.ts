/**
 * The PDF summary of a batch: its facts and counts on page 1, the sources that could not be checked, then the
 * entities that need attention (critical and high risk, medium risk, failed), at most a capped number of them, so a
 * 100,000-row batch still gives a short file in bounded time and memory. Every row is in the CSV and Excel exports.
 */
import { PDFDocument } from "pdf-lib";
import type { RiskLevel, SourceStatus } from "../../screening/results.ts";
import { formatCountry, formatDateTime } from "../format.ts";
import type { ReportLabels } from "../i18n.ts";
import { embedReportFonts } from "../pdf/fonts.ts";
import { COLORS, CONTENT_WIDTH, MARGIN, PdfWriter, RISK_COLORS } from "../pdf/pdf-writer.ts";
import { type BatchReport, type BatchReportRow, labelsOf } from "./batch-report.ts";
import { batchDetailLabels } from "./detail-labels.ts";

export type AttentionGroup = "critical" | "high" | "medium" | "failed";
export const ATTENTION_GROUPS: AttentionGroup[] = ["critical", "high", "medium", "failed"];

export interface BatchAttention {
  /** In the order of ATTENTION_GROUPS; `rows` are the first of `total`, within the cap. */
  groups: { group: AttentionGroup; total: number; rows: BatchReportRow[] }[];
  /** Sources that could not be checked for some rows, with how many rows. */
  notChecked: { name: string; kind: SourceStatus["kind"]; entities: number }[];
}

export async function buildBatchPdf(report: BatchReport, attention: BatchAttention): Promise<Uint8Array> {
  const labels = labelsOf(report);
  const b = labels.batch;
  const { batch, language } = report;
  const doc = await PDFDocument.create();
  doc.setTitle(`${b.title}: ${batch.name}`);
  doc.setAuthor(report.owner.fullName);
  doc.setCreator("duecheck");
  doc.setProducer("duecheck");
  doc.setLanguage(language);
  doc.setCreationDate(report.generatedAt);
  const fonts = await embedReportFonts(doc, JSON.stringify([report, attention]));
  const w = new PdfWriter(doc, fonts);
  // one formatter for the whole file: a 2,000-row table formats thousands of numbers and countries
  const numbers = new Intl.NumberFormat(language);
  const count = (n: number) => numbers.format(n);
  const countries = new Map<string, string>();
  const country = (code: string) => countries.get(code) ?? countries.set(code, formatCountry(code, language)).get(code)!;
  // A source that could not be checked for any finished row is said once, in its own table above, not on every row.
  const finished = batch.processedEntities + batch.failedEntities;
  const everywhere = new Set(attention.notChecked.filter((s) => finished > 0 && s.entities >= finished).map((s) => s.name));
  const cells = (row: BatchReportRow) =>
    attentionCells({ ...row, notChecked: row.notChecked.filter((name) => !everywhere.has(name)) }, labels, count, country, batchDetailLabels(language).ref);

  w.titleBand(b.title, `duecheck · ${labels.confidential}`, `${labels.generatedAt}: ${formatDateTime(report.generatedAt, language)}`);
  w.text(batch.name, { size: 17, bold: true, lineGap: 0.25 });
  w.space(4);
  w.fields([
    [b.owner, `${report.owner.fullName} <${report.owner.email}>`],
    [labels.status, b.statuses[batch.status]],
    [b.createdAt, formatDateTime(batch.createdAt, language)],
    [b.completedAt, batch.completedAt ? formatDateTime(batch.completedAt, language) : ""],
    [b.batchId, batch.id],
  ]);
  w.space(8);
  const unfinished = Math.max(0, batch.totalEntities - batch.processedEntities - batch.failedEntities);
  w.fields([
    [b.totalEntities, count(batch.totalEntities)],
    [b.processed, count(batch.processedEntities)],
    [b.failed, count(batch.failedEntities)],
    ...(batch.status === "processing" ? [[b.unfinished, count(unfinished)] as [string, string]] : []),
  ]);
  if (batch.status === "processing") {
    w.space(4);
    w.text(b.stillRunning, { size: 9, color: COLORS.red });
  }

  w.heading(b.riskCounts, 30);
  let x = MARGIN;
  w.ensure(24);
  for (const level of ["critical", "high", "medium", "low"] as RiskLevel[]) {
    const text = `${labels.risk[level]}: ${count(report.riskCounts[level] ?? 0)}`;
    if (x > MARGIN && x + w.width(text, 9, true) + 10 > MARGIN + CONTENT_WIDTH) {
      w.space(22);
      x = MARGIN;
    }
    x += w.pill(text, x, w.y, RISK_COLORS[level], 9) + 8;
  }
  w.space(22);

  if (attention.notChecked.length > 0) {
    w.heading(b.notCheckedTitle);
    w.table(
      [
        { header: labels.source, width: 0.5 },
        { header: labels.kind, width: 0.28 },
        { header: b.entitiesAffected, width: 0.22 },
      ],
      attention.notChecked.map((s) => [s.name, labels.kinds[s.kind], count(s.entities)]),
    );
  }

  w.heading(b.attentionTitle);
  const total = attention.groups.reduce((sum, g) => sum + g.total, 0);
  if (total === 0) w.text(b.attentionNone, { color: COLORS.muted });
  else w.text(b.attentionIntro, { size: 8.5, color: COLORS.muted });
  let shown = 0;
  for (const { group, total: groupTotal, rows } of attention.groups) {
    if (rows.length === 0) continue;
    shown += rows.length;
    w.space(6);
    w.ensure(60);
    const title = group === "failed" ? b.statuses.failed : labels.risk[group];
    w.pill(`${title}: ${count(groupTotal)}`, MARGIN, w.y, group === "failed" ? COLORS.gray : RISK_COLORS[group], 9);
    w.space(20);
    w.table(
      [
        { header: labels.searchTerm, width: 0.18 },
        { header: `${labels.entityType} / ${labels.country}`, width: 0.14 },
        { header: labels.review.status, width: 0.12 },
        { header: b.columns.sanctionsNames, width: 0.2 },
        { header: labels.datasetType.pep, width: 0.06 },
        { header: b.columns.mediaWithNegative, width: 0.12 },
        { header: b.columns.notes, width: 0.18 },
      ],
      rows.map(cells),
    );
  }
  if (total > shown) w.text(b.more(count(total - shown)), { bold: true });

  w.finish(`${b.title} · ${batch.name} · ${b.batchId} ${batch.id}`, labels.page);
  return doc.save();
}

function attentionCells(row: BatchReportRow, labels: ReportLabels, count: (n: number) => string, country: (code: string) => string, refWord: string): string[] {
  const f = row.findings;
  const sanctions = f && f.sanctionsLists > 0 ? `${count(f.sanctionsLists)}: ${f.matchedNames.join("; ")}` : f ? "0" : "";
  const media = !f ? "" : f.mediaChecked ? `${count(f.media)} (${count(f.negativeMedia)})` : `– (${labels.notChecked})`;
  const notes = [row.notChecked.length ? `${labels.notChecked}: ${row.notChecked.join(", ")}` : "", row.error ?? ""].filter(Boolean).join(" · ");
  const ref = row.customerRef ? `${refWord} ${row.customerRef}` : "";
  const given = [row.birthDate ? `${labels.birthDate} ${row.birthDate}` : "", row.nationality ? `${labels.nationality} ${country(row.nationality)}` : ""];
  return [
    [row.searchTerm, ref].filter(Boolean).join("\n"),
    [labels.entity[row.entityType], row.country ? country(row.country) : "", ...given].filter(Boolean).join("\n"),
    row.reviewStatus ? labels.review.statuses[row.reviewStatus] : "",
    sanctions,
    f ? count(f.pepListings) : "",
    media,
    notes,
  ];
}
