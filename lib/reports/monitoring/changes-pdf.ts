/**
 * The PDF of a monitored entity's changes: what the last check that changed something found, compared with the
 * check before (sanctions matches added and removed, the risk level before and after, new negative or PEP
 * findings), and the sources that could not be checked. Words in the report language.
 */
import { PDFDocument } from "pdf-lib";
import type { MonitoredEntityView, MonitoringChanges } from "../../monitoring/schemas.ts";
import type { RiskLevel } from "../../screening/results.ts";
import type { ReportLanguage } from "../../screening/summary/phrasebook.ts";
import { formatCountry, formatDateTime } from "../format.ts";
import { reportLabels } from "../i18n.ts";
import { embedReportFonts } from "../pdf/fonts.ts";
import { COLORS, MARGIN, PdfWriter, RISK_COLORS } from "../pdf/pdf-writer.ts";

export interface ChangesReport {
  entity: MonitoredEntityView;
  changes: MonitoringChanges | null;
  owner: { fullName: string; email: string };
  language: ReportLanguage;
  generatedAt: Date;
}

export async function buildChangesPdf(report: ChangesReport): Promise<Uint8Array> {
  const { entity, changes, language } = report;
  const labels = reportLabels(language);
  const t = labels.monitoring;
  const doc = await PDFDocument.create();
  doc.setTitle(`${t.title}: ${entity.searchTerm}`);
  doc.setAuthor(report.owner.fullName);
  doc.setCreator("duecheck");
  doc.setProducer("duecheck");
  doc.setLanguage(language);
  doc.setCreationDate(report.generatedAt);
  const fonts = await embedReportFonts(doc, JSON.stringify(report));
  const w = new PdfWriter(doc, fonts);
  const when = (iso: string | null) => (iso ? formatDateTime(new Date(iso), language) : "");
  const level = (value: string | null) => (value ? (labels.risk[value as RiskLevel] ?? value) : "");

  w.titleBand(t.title, `duecheck · ${labels.confidential}`, `${labels.generatedAt}: ${formatDateTime(report.generatedAt, language)}`);
  w.text(entity.searchTerm, { size: 17, bold: true, lineGap: 0.25 });
  w.space(4);
  w.fields([
    [labels.entityType, labels.entity[entity.entityType]],
    [labels.country, entity.country ? formatCountry(entity.country, language) : ""],
    [t.frequency, t.frequencies[entity.frequency]],
    // A customer whose hits were cleared reads the level the decisions leave, with the screening's own beside it.
    ...(entity.reviewedRiskLevel && entity.reviewedRiskLevel !== entity.riskLevel
      ? [[t.reviewedRisk, `${level(entity.reviewedRiskLevel)} (${t.screened}: ${level(entity.riskLevel)})`] as [string, string]]
      : []),
    ...(entity.customerRef ? [[t.customerRef, entity.customerRef] as [string, string]] : []),
    [labels.requestedBy, `${report.owner.fullName} <${report.owner.email}>`],
    [t.entityId, entity.id],
  ]);

  if (!changes) {
    w.space(12);
    w.text(t.noChanges, { color: COLORS.muted });
  } else {
    w.space(8);
    w.fields([
      [t.checkedAt, when(changes.checkedAt)],
      [t.trigger, t.triggers[changes.trigger]],
      [t.latestCheck, changes.searchId],
      [t.comparedWith, changes.previousSearchId ?? ""],
    ]);
    w.space(10);
    w.ensure(24);
    let x = MARGIN;
    for (const [label, value] of [
      [t.riskBefore, changes.riskBefore],
      [t.riskAfter, changes.riskAfter],
    ] as const) {
      const color = value ? (RISK_COLORS[value as RiskLevel] ?? COLORS.gray) : COLORS.gray;
      x += w.pill(`${label}: ${level(value)}`, x, w.y, color, 9) + 8;
    }
    w.space(22);

    const matchTable = (title: string, matches: MonitoringChanges["addedMatches"]) => {
      w.heading(`${title} (${matches.length})`);
      if (matches.length === 0) return w.text(labels.none, { color: COLORS.muted });
      w.table(
        [
          { header: labels.matchedEntity, width: 0.34 },
          { header: labels.dataset, width: 0.3 },
          { header: t.listedEntity, width: 0.24 },
          { header: labels.score, width: 0.12 },
        ],
        matches.map((m) => [m.name, m.datasetName, m.entityId, `${Math.round(m.score * 100)}%`]),
      );
    };
    matchTable(t.addedMatches, changes.addedMatches);
    matchTable(t.removedMatches, changes.removedMatches);

    w.heading(`${t.newMedia} (${changes.newMedia.length})`);
    if (changes.newMedia.length === 0) w.text(labels.none, { color: COLORS.muted });
    else
      w.table(
        [
          { header: labels.articleTitle, width: 0.36 },
          { header: labels.source, width: 0.18 },
          { header: labels.date, width: 0.14 },
          { header: labels.category, width: 0.12 },
          { header: labels.link, width: 0.2 },
        ],
        changes.newMedia.map((a) => [a.title, a.source, a.date ?? "", labels.categories[a.category as keyof typeof labels.categories] ?? a.category, a.url]),
      );

    if (changes.notChecked.length > 0) {
      w.heading(t.notCheckedTitle);
      w.text(t.notCheckedNote, { size: 9, color: COLORS.muted });
      w.space(4);
      for (const source of changes.notChecked) w.text(`• ${source}`);
    }
  }

  w.finish(`${t.title} · ${entity.searchTerm} · ${t.entityId} ${entity.id}`, labels.page);
  return doc.save();
}
