/**
 * A case's report as a PDF, with the search report's writer and fonts: the case and its outcome, the subject, every
 * search and check with the list versions and checksums it was screened against and every hit with its decision,
 * who decided and why, the verification of each search, the notes, the attachments (names, sizes, SHA-256, removed
 * ones too) and the timeline. A filed paper copy has to stand on its own: ids and checksums are printed in full.
 */
import { PDFDocument } from "pdf-lib";
import { formatCount, formatDay, formatPercent } from "../../reports/format.ts";
import { embedReportFonts } from "../../reports/pdf/fonts.ts";
import { COLORS, PdfWriter } from "../../reports/pdf/pdf-writer.ts";
import {
  attachmentState,
  decidedByText,
  decisionText,
  differencesText,
  dueText,
  eventDetail,
  eventKindText,
  formatDateTime,
  knownNames,
  outcomeText,
  statusText,
  subjectDetails,
  verifyText,
  type Words,
} from "./describe.ts";
import type { CaseReport } from "./model.ts";

export async function buildCasePdf(report: CaseReport, words: Words): Promise<Uint8Array> {
  const { c, r, language } = words;
  const { view } = report;
  const doc = await PDFDocument.create();
  doc.setTitle(`${c.title}: ${view.title}`);
  doc.setSubject(c.purpose);
  doc.setAuthor(report.generatedBy);
  doc.setCreator("duecheck");
  doc.setProducer("duecheck");
  doc.setLanguage(language);
  doc.setCreationDate(report.generatedAt);

  const fonts = await embedReportFonts(doc, JSON.stringify(report));
  const w = new PdfWriter(doc, fonts);

  w.titleBand(c.title, `duecheck · ${r.confidential}`, `${r.generatedAt}: ${formatDateTime(report.generatedAt, language)}`);
  w.text(view.title, { size: 17, bold: true, lineGap: 0.25 });
  w.text(c.purpose, { size: 8.5, color: COLORS.muted });
  w.space(4);
  w.fields([
    [c.caseId, view.id],
    [c.organisation, report.organisation ?? "—"],
    [c.status, statusText(view, words)],
    [c.outcome, outcomeText(view, words)],
    [c.priority, c.priorities[view.priority]],
    [c.assignee, view.assignee?.name ?? c.unassigned],
    [c.openedAt, formatDateTime(view.openedAt, language)],
    [c.dueAt, dueText(view, words)],
    [c.closedAt, view.closedAt ? formatDateTime(view.closedAt, language) : "—"],
    [c.openHits, formatCount(view.openHits, language)],
    ...(view.tags.length ? [[c.tags, view.tags.join(", ")] as [string, string]] : []),
    [c.generatedBy, report.generatedBy],
  ]);

  w.heading(c.subjectTitle, 40);
  w.fields([
    [c.subjectName, view.subject.name],
    [r.entityType, r.entity[view.subject.entityType]],
    ...subjectDetails(view, words),
    [c.subjectKey, view.subject.key],
  ]);

  // Searches, lists, hits and verification each in one table, the searches numbered: a case of fifty searches of one
  // subject, screened against the same lists, reads (and is written) in pages, not in fifty repeated blocks.
  const number = new Map(report.searches.map((x, i) => [x.id, `#${i + 1}`]));
  w.heading(c.searchesTitle(report.searches.length));
  if (report.searches.length === 0) w.text(c.noSearches, { color: COLORS.muted });
  else
    w.table(
      [
        { header: "#", width: 0.06 },
        { header: c.search, width: 0.25 },
        { header: r.review.status, width: 0.15 },
        { header: c.verifyTitle, width: 0.18 },
        { header: c.searchId, width: 0.36 },
      ],
      report.searches.map((x) => [
        number.get(x.id)!,
        `${x.searchTerm}\n${c.sources[x.source]} · ${x.screenedBy ?? "—"}\n${formatDateTime(x.createdAt, language)}`,
        `${r.review.statuses[x.reviewStatus]}${x.riskLevel ? `\n${r.risk[x.riskLevel]}` : ""}`,
        verifyText(x.verification, words),
        `${x.id}\n${c.matcherVersion}: ${x.matcherVersion ?? c.notRecorded}`,
      ]),
      7.5,
    );

  w.heading(c.listVersions, 60);
  const versions = new Map<string, { d: CaseReport["searches"][number]["datasets"][number]; searches: string[] }>();
  for (const x of report.searches) {
    for (const d of x.datasets) {
      const key = `${d.id}\0${d.versionId ?? d.versionDate}\0${d.checksum ?? ""}`;
      const found = versions.get(key) ?? { d, searches: [] };
      found.searches.push(number.get(x.id)!);
      versions.set(key, found);
    }
  }
  if (versions.size === 0) w.text(r.none, { color: COLORS.muted });
  else
    w.table(
      [
        { header: c.list, width: 0.22 },
        { header: r.versionDate, width: 0.12 },
        { header: c.versionId, width: 0.2 },
        { header: c.checksum, width: 0.3 },
        { header: c.sheets.searches, width: 0.16 },
      ],
      [...versions.values()].map(({ d, searches }) => [
        d.name,
        formatDay(d.versionDate, language),
        d.versionId ?? c.notRecorded,
        d.checksum ?? c.notRecorded,
        searches.join(" "),
      ]),
      7.5,
    );

  w.heading(c.hitsTitle, 60);
  const hits = report.searches.flatMap((x) => x.hits.map((hit) => ({ search: number.get(x.id)!, hit })));
  if (hits.length === 0) w.text(c.noHits, { color: COLORS.muted });
  else
    w.table(
      [
        { header: "#", width: 0.06 },
        { header: c.hit, width: 0.26 },
        { header: r.review.decision, width: 0.4 },
        { header: r.review.decidedBy, width: 0.28 },
      ],
      hits.map(({ search, hit }) => [
        search,
        `${hit.score === null ? hit.label : `${hit.label} (${formatPercent(hit.score, language)})`}\n${r.review.hitKinds[hit.kind]} · ${hit.source ?? "—"}`,
        hit.decision ? decisionText(hit.decision, words) : hit.cleared ? c.clearedBefore : c.undecided,
        hit.decision ? decidedByText(hit.decision, words) : "—",
      ]),
      7.5,
    );

  w.heading(c.verifyTitle, 40);
  w.text(c.verifyNote, { size: 8, color: COLORS.muted });
  const differing = report.searches.filter((x) => x.verification.outcome !== "identical");
  w.space(4);
  w.text(
    Object.entries(c.verifyOutcomes)
      .map(([outcome, label]) => `${label}: ${formatCount(report.searches.filter((x) => x.verification.outcome === outcome).length, language)}`)
      .join(" · "),
    { size: 9, bold: true },
  );
  if (differing.length > 0)
    w.table(
      [
        { header: "#", width: 0.06 },
        { header: c.verifyOutcome, width: 0.3 },
        { header: c.differences, width: 0.64 },
      ],
      differing.map((x) => [number.get(x.id)!, verifyText(x.verification, words), differencesText(x.verification, words).join("\n") || "—"]),
      7.5,
    );

  w.heading(c.notesTitle, 40);
  if (view.notes.length === 0) w.text(c.noNotes, { color: COLORS.muted });
  for (const note of view.notes) {
    w.space(4);
    w.ensure(30);
    w.text(`${note.author ?? "—"} · ${formatDateTime(note.createdAt, language)}`, { bold: true, size: 8.5 });
    w.text(note.text, { size: 9, indent: 8 });
  }

  w.heading(c.attachmentsTitle, 40);
  if (report.attachments.length === 0) w.text(c.noAttachments, { color: COLORS.muted });
  else
    w.table(
      [
        { header: c.fileName, width: 0.2 },
        { header: c.size, width: 0.1 },
        { header: c.sha256, width: 0.3 },
        { header: c.uploadedBy, width: 0.2 },
        { header: c.attachmentState, width: 0.2 },
      ],
      report.attachments.map((x) => [
        `${x.fileName} (${x.type.toUpperCase()})`,
        formatCount(x.size, language),
        x.sha256,
        `${x.uploader ?? "—"}, ${formatDateTime(x.createdAt, language)}`,
        attachmentState(x, words),
      ]),
      7.5,
    );

  w.heading(c.timelineTitle, 40);
  const names = knownNames(view);
  w.table(
    [
      { header: c.when, width: 0.2 },
      { header: c.who, width: 0.17 },
      { header: c.what, width: 0.17 },
      { header: c.details, width: 0.46 },
    ],
    view.timeline.map((e) => [formatDateTime(e.at, language), e.actor ?? c.system, eventKindText(e.kind, words), eventDetail(e, names, words)]),
    7.5,
  );

  w.heading(c.outcome, 30);
  w.fields([
    [c.status, statusText(view, words)],
    [c.outcome, outcomeText(view, words)],
    [c.closedAt, view.closedAt ? formatDateTime(view.closedAt, language) : "—"],
  ]);

  w.finish(`${c.title} · ${view.title} · ${c.caseId} ${view.id}`, r.page);
  return doc.save();
}
