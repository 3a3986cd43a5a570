import { PDFDocument } from "pdf-lib";
import type { SanctionsHit, SanctionsRow } from "../../screening/results.ts";
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
import { formatCount, formatCountries, formatCountry, formatDateTime, formatDay, formatLanguage, formatPercent } from "../format.ts";
import { type ReportLabels, reportLabels } from "../i18n.ts";
import { alerts, orderedMedia, orderedSanctions, prepareReport, reportCounts, reportLanguage, type SearchReport } from "../search-report.ts";
import { embedReportFonts } from "./fonts.ts";
import { COLORS, CONTENT_WIDTH, MARGIN, PdfWriter, RISK_COLORS } from "./pdf-writer.ts";

const ADVERSE_CATEGORIES = new Set(["negative", "criminal", "sanctions", "corruption"]);

/** The PDF report of one search, in the report language. */
export async function buildSearchPdf(stored: SearchReport): Promise<Uint8Array> {
  const report = prepareReport(stored);
  const language = reportLanguage(report);
  const labels = reportLabels(language);
  const doc = await PDFDocument.create();
  const term = report.search.searchTerm;
  doc.setTitle(`${labels.title}: ${term}`);
  doc.setSubject(labels.summaryTitle);
  doc.setAuthor(report.user.fullName);
  doc.setCreator("duecheck");
  doc.setProducer("duecheck");
  doc.setLanguage(language);
  doc.setCreationDate(new Date(report.generatedAt));

  const fonts = await embedReportFonts(doc, JSON.stringify(report));
  const w = new PdfWriter(doc, fonts);
  const ctx = { w, report, labels, language };

  header(ctx);
  riskPanel(ctx);
  summary(ctx);
  sanctions(ctx);
  pep(ctx);
  media(ctx);
  review(ctx);
  datasets(ctx);
  sources(ctx);

  w.finish(`${labels.title} · ${term} · ${labels.searchId} ${report.search.id}`, labels.page);
  return doc.save();
}

interface Context {
  w: PdfWriter;
  report: SearchReport;
  labels: ReportLabels;
  language: ReturnType<typeof reportLanguage>;
}

function header({ w, report, labels, language }: Context) {
  w.titleBand(labels.title, `duecheck · ${labels.confidential}`, `${labels.generatedAt}: ${formatDateTime(report.generatedAt, language)}`);

  w.text(report.search.searchTerm, { size: 17, bold: true, lineGap: 0.25 });
  w.space(4);
  const s = report.search;
  w.fields([
    [labels.entityType, labels.entity[s.entityType]],
    [labels.searchDate, formatDateTime(s.createdAt, language)],
    [labels.requestedBy, `${report.user.fullName} <${report.user.email}>`],
    [labels.searchId, s.id],
    [labels.mediaLanguage, formatLanguage(s.language, language)],
    ...(s.country ? [[labels.country, formatCountry(s.country, language)] as [string, string]] : []),
    ...searchDetailFields(report, labels, language),
    [labels.review.status, reviewStatusText(report, labels, language)],
  ]);
}

/** The review status, with the hits still to decide when there are any, and how many of them are near misses. */
function reviewStatusText(report: SearchReport, labels: ReportLabels, language: Context["language"]): string {
  const status = labels.review.statuses[report.review.status];
  const open = reportCounts(report).open;
  if (open.total === 0) return status;
  const nearMisses = open.nearMisses > 0 ? `; ${labels.nearMissesWaiting}: ${formatCount(open.nearMisses, language)}` : "";
  return `${status} (${labels.review.openHits}: ${formatCount(open.total, language)}${nearMisses})`;
}

/** The search's details (query by example), as header fields. */
function searchDetailFields(report: SearchReport, labels: ReportLabels, language: Context["language"]): [string, string][] {
  const details = report.search.details;
  if (!details) return [];
  const fields: [string, string][] = [];
  if (details.birthDate) fields.push([labels.birthDate, formatDay(details.birthDate, language)]);
  if (details.nationality) fields.push([labels.nationality, formatCountry(details.nationality, language)]);
  if (details.identifiers?.length) fields.push([explanationLabels(language).identifiers, describeIdentifiers(details.identifiers, language)]);
  return fields;
}

/** Why a listing matched (its name parts) and what the search's details said of it. */
function whyFacts(listing: Pick<SanctionsHit, "explanation" | "evidence">, language: Context["language"]): [string, string][] {
  const words = explanationLabels(language);
  return [
    [words.evidenceTitle, describeEvidence(listing.evidence, language).join("; ")],
    [words.title, describeExplanation(listing.explanation, language)],
  ];
}

function riskPanel({ w, report, labels, language }: Context) {
  const results = report.results;
  const level = results.risk.level;
  const flags = alerts(results);
  w.space(10);
  w.ensure(70);
  const top = w.y;
  const height = 58;
  w.page.drawRectangle({ x: MARGIN, y: top - height, width: CONTENT_WIDTH, height, color: COLORS.panel });
  w.page.drawRectangle({ x: MARGIN, y: top - height, width: 4, height, color: RISK_COLORS[level] });
  w.drawLine(labels.riskLevel.toUpperCase(), MARGIN + 14, top - 16, { size: 7.5, bold: true, color: COLORS.muted });
  let x = MARGIN + 14;
  x += w.pill(labels.risk[level].toUpperCase(), x, top - 21, RISK_COLORS[level], 10) + 8;
  if (flags.highRisk) x += w.pill(labels.alertHighRisk, x, top - 23, COLORS.red) + 6;
  if (flags.pep) x += w.pill(labels.alertPep, x, top - 23, COLORS.amber) + 6;
  if (flags.clean) x += w.pill(labels.alertClean, x, top - 23, COLORS.green) + 6;
  const negative = results.adverseMedia.filter((m) => m.isNegative).length;
  const mediaCount = flags.mediaChecked
    ? `${formatCount(results.adverseMedia.length, language)} (${labels.negative}: ${formatCount(negative, language)})`
    : `– (${labels.notChecked})`;
  const counters = `${labels.sanctionsMatches}: ${formatCount(flags.sanctionsMatches, language)}     ${labels.nearMisses}: ${formatCount(flags.nearMisses, language)}     ${labels.pepListings}: ${formatCount(results.pepListings.length, language)}     ${labels.adverseMediaCount}: ${mediaCount}`;
  w.drawLine(counters, MARGIN + 14, top - 50, { size: 8.5, color: COLORS.ink });
  w.y = top - height - 10;

  w.text(labels.reasons, { size: 10, bold: true });
  for (const reason of results.risk.reasons) {
    w.ensure(14);
    const bulletY = w.y - 6.5;
    // a source that could not be checked is never shown in the colour of a low risk
    const color = reason.code === "source_failed" ? COLORS.amber : RISK_COLORS[reason.level];
    w.page.drawCircle({ x: MARGIN + 5, y: bulletY, size: 1.8, color });
    w.text(describeReason(reason, language, results), { indent: 14 });
  }
  if (!flags.clean && results.sources.some((s) => s.status === "failed")) {
    w.space(2);
    w.text(labels.failedNotice, { color: COLORS.red, size: 9 });
  }
}

function summary({ w, report, labels, language }: Context) {
  const shown = displayedSummary({ name: report.search.searchTerm, entityType: report.search.entityType }, report.results, report.aiSummary, language);
  w.heading(labels.summaryTitle);
  w.text(shown.source === "model" ? labels.summaryByModel : shown.modelInOtherLanguage ? labels.summaryOtherLanguage : labels.summaryBuiltIn, {
    size: 8,
    color: COLORS.muted,
  });
  w.space(4);
  for (const paragraph of shown.text.trim().split(/\n{2,}/)) {
    w.text(paragraph, { size: 9.5, lineGap: 0.45 });
    w.space(5);
  }
}

function sanctions({ w, report, labels, language }: Context) {
  const rows = orderedSanctions(report.results.sanctionsList);
  w.heading(labels.sanctionsTitle(rows.length));
  if (rows.length === 0) w.text(labels.none, { color: COLORS.muted });
  rows.forEach((row, i) => {
    if (i > 0) {
      w.space(4);
      w.page.drawLine({ start: { x: MARGIN, y: w.y }, end: { x: MARGIN + CONTENT_WIDTH, y: w.y }, thickness: 0.4, color: COLORS.rule });
      w.space(6);
    }
    sanctionsRow(w, row, labels, language);
  });
}

function sanctionsRow(w: PdfWriter, row: SanctionsRow, labels: ReportLabels, language: Context["language"]) {
  w.ensure(48);
  const status = row.match ? labels.matchFound : labels.noMatch;
  const pillWidth = w.pill(status, MARGIN, w.y, row.match ? COLORS.red : COLORS.gray);
  const titleWidth = CONTENT_WIDTH - pillWidth - 8;
  const titleLines = w.wrap(listName(row, language), titleWidth, 10.5, true);
  titleLines.forEach((line, i) => {
    w.drawLine(line, MARGIN + pillWidth + 8, w.y - 10.5 - i * 14, { size: 10.5, bold: true });
  });
  w.space(titleLines.length * 14 + 4);
  w.text(describeListRow(row, language), { size: 9 });
  const meta = [
    row.lastUpdated ? `${labels.lastUpdated}: ${formatDay(row.lastUpdated, language)}` : "",
    row.entityCount > 0 ? `${labels.entityCount}: ${formatCount(row.entityCount, language)}` : "",
  ]
    .filter(Boolean)
    .join("   ·   ");
  if (meta) w.text(meta, { size: 8.5, color: COLORS.muted });
  if (row.url) w.text(row.url, { size: 8, url: row.url });
  for (const hit of [...row.hits].sort((a, b) => b.score - a.score)) sanctionsHit(w, hit, labels, language);
}

function sanctionsHit(w: PdfWriter, hit: SanctionsHit, labels: ReportLabels, language: Context["language"]) {
  w.space(4);
  w.ensure(40);
  const indent = 14;
  const top = w.y;
  w.text(`${hit.name}   ${labels.score} ${formatPercent(hit.score, language)}`, { size: 9.5, bold: true, indent });
  const facts: [string, string][] = [
    [labels.matchedAs, `${hit.matchedName} (${hit.schema})`],
    [labels.programs, hit.programs.join(", ")],
    [labels.nationality, formatCountries(hit.nationality, language)],
    [labels.birthDate, hit.birthDate.map((d) => formatDay(d, language)).join(", ")],
    // hits stored before mismatches existed have their differences in English only
    [labels.differences, (hit.mismatches ? hit.mismatches.map((m) => describeMismatch(m, language)) : hit.differences).join("; ")],
    ...whyFacts(hit, language),
  ];
  for (const [label, value] of facts) {
    if (!value) continue;
    w.text(`${label}: ${value}`, { size: 8.5, indent: indent + 8 });
  }
  if (hit.sourceUrl) w.text(hit.sourceUrl, { size: 8, indent: indent + 8, url: hit.sourceUrl });
  // a bar beside the hit while it stays on one page
  if (w.y < top) w.page.drawRectangle({ x: MARGIN + 6, y: w.y + 2, width: 1.5, height: top - w.y - 2, color: COLORS.rule });
}

function pep({ w, report, labels, language }: Context) {
  const listings = report.results.pepListings;
  w.heading(`${labels.pepTitle} (${formatCount(listings.length, language)})`);
  if (listings.length === 0) {
    w.text(labels.pepNone);
    return;
  }
  w.ensure(24);
  w.pill(labels.alertPep, MARGIN, w.y, COLORS.amber);
  w.space(20);
  for (const listing of listings) {
    w.text(listing.score === undefined ? listing.name : `${listing.name}   ${labels.score} ${formatPercent(listing.score, language)}`, {
      bold: true,
      size: 9.5,
    });
    const version = listing.listVersion ? `${labels.listVersion}: ${formatDay(listing.listVersion, language)}` : "";
    w.text([listing.dataset, version].filter(Boolean).join(" · "), { size: 8.5, color: COLORS.muted });
    w.text(`${labels.pepRole}: ${pepRoleLabel(language, listing.role ?? "pep")}`, { size: 8.5 });
    const positions = listing.positions ?? [];
    if (positions.length > 0) w.text(`${labels.pepPositions}:`, { size: 8.5 });
    for (const position of positions) w.text(`• ${describePosition(language, position)}`, { size: 8.5, indent: 8 });
    const related = listing.relatedPeps ?? [];
    if (related.length > 0) w.text(`${labels.pepRelated}: ${related.map((r) => describeRelatedPep(language, r)).join("; ")}`, { size: 8.5 });
    const facts: [string, string][] = [
      [labels.matchedAs, listing.matchedName && listing.matchedName !== listing.name ? listing.matchedName : ""],
      [labels.nationality, formatCountries(listing.nationality, language)],
      [labels.birthDate, listing.birthDate.map((d) => formatDay(d, language)).join(", ")],
      [labels.differences, listing.mismatches.map((m) => describeMismatch(m, language)).join("; ")],
      ...whyFacts(listing, language),
    ];
    for (const [label, value] of facts) if (value) w.text(`${label}: ${value}`, { size: 8.5 });
    if (listing.url) w.text(listing.url, { size: 8, url: listing.url });
    w.space(4);
  }
}

function media({ w, report, labels, language }: Context) {
  const items = orderedMedia(report.results.adverseMedia);
  if (!alerts(report.results).mediaChecked) {
    w.heading(labels.adverseMediaCount);
    w.text(labels.mediaNotChecked, { color: COLORS.red });
    return;
  }
  w.heading(labels.mediaTitle(items.length));
  if (items.length === 0) {
    w.text(labels.noMedia, { color: COLORS.muted });
    return;
  }
  items.forEach((item) => {
    w.ensure(46);
    w.text(item.title, { bold: true, size: 9.5, url: item.url || undefined });
    const color = ADVERSE_CATEGORIES.has(item.category)
      ? COLORS.red
      : item.category === "PEP"
        ? COLORS.amber
        : item.category === "positive"
          ? COLORS.green
          : COLORS.gray;
    w.ensure(16);
    const pillWidth = w.pill(labels.categories[item.category], MARGIN, w.y - 1, color, 7.5);
    const meta = [item.source, formatDay(item.date, language)].filter(Boolean).join(" · ");
    w.drawLine(meta, MARGIN + pillWidth + 6, w.y - 9.5, { size: 8.5, color: COLORS.muted });
    w.space(16);
    if (item.summary) w.text(item.summary, { size: 9 });
    // printed too: a filed paper copy keeps no link
    if (item.url) w.text(item.url, { size: 7.5, url: item.url });
    w.space(6);
  });
}

/** Every decision on the search's hits, oldest first (replaced and rejected ones too), then the case notes. */
function review({ w, report, labels, language }: Context) {
  const words = labels.review;
  const { history, notes } = report.review;
  w.heading(words.decisionsTitle);
  if (history.length === 0) w.text(words.noDecisions, { color: COLORS.muted });
  else w.text(words.decisionsNote, { size: 8, color: COLORS.muted });
  for (const d of history) {
    w.space(5);
    w.ensure(50);
    w.text(`${d.hitLabel} (${words.hitKinds[d.hitKind]})`, { bold: true, size: 9.5 });
    const facts: [string, string][] = [
      [words.decision, `${words.decisions[d.decision]} · ${words.reason}: ${words.reasons[d.reason]} · ${words.state}: ${words.states[d.state]}`],
      [words.text, d.text ?? ""],
      [words.decidedBy, `${d.decidedBy ?? "—"}, ${formatDateTime(d.decidedAt, language)}`],
      [words.reviewedBy, d.reviewedAt ? `${d.reviewedBy ?? "—"}, ${formatDateTime(d.reviewedAt, language)}` : ""],
      [words.comment, d.reviewComment ?? ""],
    ];
    for (const [label, value] of facts) if (value) w.text(`${label}: ${value}`, { size: 8.5, indent: 8 });
  }

  w.heading(words.notesTitle, 40);
  if (notes.length === 0) w.text(words.noNotes, { color: COLORS.muted });
  for (const note of notes) {
    w.space(4);
    w.ensure(30);
    w.text(`${words.noteKinds[note.kind]} · ${note.author ?? "—"} · ${formatDateTime(note.createdAt, language)}`, { bold: true, size: 8.5 });
    w.text(note.text, { size: 9, indent: 8 });
  }
}

function datasets({ w, report, labels, language }: Context) {
  w.heading(labels.datasetsTitle);
  const used = report.results.datasetsUsed;
  const disabled = report.results.datasetsDisabled ?? [];
  if (disabled.length) w.text(`${labels.datasetsDisabled}: ${disabled.map((d) => d.name).join(", ")}`, { size: 8.5 });
  if (used.length === 0) {
    w.text(labels.none, { color: COLORS.muted });
    return;
  }
  w.table(
    [
      { header: labels.dataset, width: 0.5 },
      { header: labels.type, width: 0.14 },
      { header: labels.versionDate, width: 0.2 },
      { header: labels.entities, width: 0.16 },
    ],
    used.map((d) => [d.name, labels.datasetType[d.type], formatDay(d.versionDate, language), formatCount(d.entityCount, language)]),
  );
}

function sources({ w, report, labels, language }: Context) {
  w.heading(labels.sourcesTitle);
  const list = report.results.sources;
  if (list.length === 0) {
    w.text(labels.none, { color: COLORS.muted });
    return;
  }
  w.table(
    [
      { header: labels.source, width: 0.32 },
      { header: labels.kind, width: 0.21 },
      { header: labels.status, width: 0.17 },
      { header: labels.error, width: 0.3 },
    ],
    list.map((s) => [sourceName(s, language), labels.kinds[s.kind], labels.statuses[s.status], describeSourceError(s, language)]),
  );
}
