/**
 * A case's report as an Excel workbook, one sheet per part so each can be sorted and filtered: the case and its
 * subject and outcome, the searches, the list versions with their checksums, the hits with their decisions, every
 * decision made, the verification of each search, the notes, the attachments (removed ones too) and the timeline.
 * Times are date cells in UTC, as in the search report's workbook.
 */
import ExcelJS from "exceljs";
import { addField, addRow, day, moment, NAVY, sheetName, table, type Value } from "../../reports/xlsx/xlsx-cells.ts";
import {
  attachmentState,
  decisionText,
  differencesText,
  eventDetail,
  eventKindText,
  knownNames,
  outcomeText,
  reviewerText,
  statusText,
  subjectDetails,
  verifyText,
  type Words,
} from "./describe.ts";
import type { CaseReport } from "./model.ts";

export async function buildCaseXlsx(report: CaseReport, words: Words): Promise<Uint8Array> {
  const { c, r } = words;
  const { view } = report;
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "duecheck";
  workbook.title = `${c.title}: ${view.title}`;
  workbook.created = report.generatedAt;

  const summary = workbook.addWorksheet(sheetName(c.sheets.summary));
  summary.columns = [{ width: 28 }, { width: 100 }];
  const title = summary.addRow([c.title]);
  title.font = { bold: true, size: 16, color: { argb: NAVY } };
  summary.addRow([]);
  const field = (label: string, value: Value) => addField(summary, label, value);
  field(c.caseTitle, view.title);
  field(c.caseId, view.id);
  field(c.organisation, report.organisation);
  field(c.status, statusText(view, words));
  field(c.outcome, outcomeText(view, words));
  field(c.priority, c.priorities[view.priority]);
  field(c.assignee, view.assignee?.name ?? c.unassigned);
  field(c.openedAt, moment(view.openedAt));
  field(c.dueAt, moment(view.dueAt));
  if (view.overdue) field("", c.overdue);
  field(c.closedAt, view.closedAt ? moment(view.closedAt) : null);
  field(c.openHits, view.openHits);
  if (view.tags.length) field(c.tags, view.tags.join(", "));
  field(r.generatedAt, moment(report.generatedAt));
  field(c.generatedBy, report.generatedBy);
  summary.addRow([]);
  const subject = summary.addRow([c.subjectTitle]);
  subject.font = { bold: true, size: 13, color: { argb: NAVY } };
  field(c.subjectName, view.subject.name);
  field(r.entityType, r.entity[view.subject.entityType]);
  for (const [label, value] of subjectDetails(view, words)) field(label, value);
  field(c.subjectKey, view.subject.key);

  const searches = table(workbook, c.sheets.searches, [
    [c.search, 30],
    [c.searchId, 38],
    [c.source, 16],
    [c.screenedAt, 20],
    [c.screenedBy, 22],
    [r.review.status, 18],
    [r.riskLevel, 16],
    [c.openHits, 10],
    [c.matcherVersion, 18],
    [c.verifyTitle, 26],
  ]);
  for (const x of report.searches) {
    addRow(searches, [
      x.searchTerm,
      x.id,
      c.sources[x.source],
      moment(x.createdAt),
      x.screenedBy,
      r.review.statuses[x.reviewStatus],
      x.riskLevel ? r.risk[x.riskLevel] : null,
      x.openHits,
      x.matcherVersion ?? c.notRecorded,
      verifyText(x.verification, words),
    ]);
  }

  const lists = table(workbook, c.sheets.lists, [
    [c.search, 30],
    [c.searchId, 38],
    [c.list, 40],
    [r.type, 12],
    [r.versionDate, 14],
    [r.entities, 10],
    [c.versionId, 38],
    [c.checksum, 68],
  ]);
  for (const x of report.searches) {
    for (const d of x.datasets) {
      addRow(lists, [
        x.searchTerm,
        x.id,
        d.name,
        r.datasetType[d.type],
        day(d.versionDate),
        d.entityCount,
        d.versionId ?? c.notRecorded,
        d.checksum ?? c.notRecorded,
      ]);
    }
  }

  const hits = table(workbook, c.sheets.hits, [
    [c.search, 26],
    [c.searchId, 38],
    [c.hit, 34],
    [r.review.hitKind, 12],
    [c.listOrSource, 34],
    [r.score, 10],
    [r.review.decision, 18],
    [r.review.reason, 22],
    [r.review.text, 40],
    [r.review.state, 18],
    [r.review.decidedBy, 22],
    [r.review.decidedAt, 20],
    [r.review.reviewedBy, 22],
    [r.review.reviewedAt, 20],
  ]);
  for (const x of report.searches) {
    for (const hit of x.hits) {
      const d = hit.decision;
      addRow(hits, [
        x.searchTerm,
        x.id,
        hit.label,
        r.review.hitKinds[hit.kind],
        hit.source,
        hit.score,
        d ? r.review.decisions[d.decision] : hit.cleared ? c.clearedBefore : c.undecided,
        d ? r.review.reasons[d.reason] : null,
        d?.text ?? null,
        d ? r.review.states[d.state] : null,
        d?.decidedBy ?? null,
        d ? moment(d.decidedAt) : null,
        d?.reviewedBy ?? null,
        d?.reviewedAt ? moment(d.reviewedAt) : null,
      ]);
    }
  }

  const decisions = table(workbook, c.sheets.decisions, [
    [c.searchId, 38],
    [c.hit, 34],
    [r.review.hitKind, 12],
    [r.review.decision, 60],
    [r.review.decidedBy, 22],
    [r.review.decidedAt, 20],
    [r.review.comment, 40],
  ]);
  for (const x of report.searches) {
    for (const d of x.history) {
      addRow(decisions, [x.id, d.hitLabel, r.review.hitKinds[d.hitKind], decisionText(d, words), reviewerText(d), moment(d.decidedAt), d.reviewComment]);
    }
  }

  const verify = table(workbook, c.sheets.verify, [
    [c.search, 30],
    [c.searchId, 38],
    [c.verifyOutcome, 30],
    [c.matcherVersion, 18],
    [c.differences, 80],
  ]);
  for (const x of report.searches) {
    addRow(verify, [
      x.searchTerm,
      x.id,
      verifyText(x.verification, words),
      x.verification.matcherVersion,
      differencesText(x.verification, words).join("\n") || null,
    ]);
  }
  verify.addRow([]);
  verify.addRow([c.verifyNote]).font = { italic: true, color: { argb: "FF6B7280" } };

  const notes = table(workbook, c.sheets.notes, [
    [c.when, 20],
    [c.author, 24],
    [c.notesTitle, 100],
  ]);
  for (const n of view.notes) addRow(notes, [moment(n.createdAt), n.author, n.text]);

  const attachments = table(workbook, c.sheets.attachments, [
    [c.fileName, 34],
    [c.fileType, 8],
    [c.size, 14],
    [c.sha256, 68],
    [c.uploadedBy, 22],
    [c.uploadedAt, 20],
    [c.attachmentState, 60],
  ]);
  for (const x of report.attachments) {
    addRow(attachments, [x.fileName, x.type.toUpperCase(), x.size, x.sha256, x.uploader, moment(x.createdAt), attachmentState(x, words)]);
  }

  const timeline = table(workbook, c.sheets.timeline, [
    [c.when, 20],
    [c.who, 22],
    [c.what, 22],
    [c.details, 100],
  ]);
  const names = knownNames(view);
  for (const e of view.timeline) addRow(timeline, [moment(e.at), e.actor ?? c.system, eventKindText(e.kind, words), eventDetail(e, names, words) || null]);

  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
