/**
 * The words of a case's report (PDF and Excel), in en, de, es and fr. Words every report shares (entity types, risk
 * levels, hit kinds, decisions and their reasons, page numbers) come from the search report's labels
 * (lib/reports/i18n.ts), so a case report and the reports of its searches say the same thing the same way.
 */

import type { VerifyDifference } from "../../../records/verify-contract.ts";
import type { CaseOutcome, CasePriority, CaseStatus } from "../../contract.ts";

export interface CaseReportLabels {
  title: string;
  /** The tagline under the title: what the document is for. */
  purpose: string;
  caseId: string;
  organisation: string;
  generatedBy: string;
  subjectTitle: string;
  subjectName: string;
  subjectKey: string;
  identifiers: string;
  caseTitle: string;
  status: string;
  statuses: Record<CaseStatus, string>;
  outcome: string;
  outcomes: Record<CaseOutcome, string>;
  noOutcome: string;
  priority: string;
  priorities: Record<CasePriority, string>;
  assignee: string;
  unassigned: string;
  openedAt: string;
  dueAt: string;
  overdue: string;
  closedAt: string;
  escalatedAt: string;
  openHits: string;
  tags: string;
  searchesTitle: (n: number) => string;
  noSearches: string;
  search: string;
  searchId: string;
  source: string;
  sources: Record<"search" | "batch" | "monitoring", string>;
  screenedAt: string;
  screenedBy: string;
  matcherVersion: string;
  /** The lists a search was screened against, each with its version and checksum. */
  listVersions: string;
  list: string;
  versionId: string;
  checksum: string;
  /** A search stored before versions were recorded: no version id or checksum. */
  notRecorded: string;
  hitsTitle: string;
  noHits: string;
  hit: string;
  listOrSource: string;
  /** Covered by a remembered clearance: shown, never flagged. */
  clearedBefore: string;
  undecided: string;
  decisionHistory: string;
  verifyTitle: string;
  verifyNote: string;
  verifyOutcome: string;
  verifyOutcomes: Record<"identical" | "different" | "cannot_verify", string>;
  verifyReasons: Record<"stored_before_versions" | "not_screened", string>;
  differences: string;
  difference: (d: VerifyDifference) => string;
  notesTitle: string;
  noNotes: string;
  author: string;
  attachmentsTitle: string;
  noAttachments: string;
  fileName: string;
  fileType: string;
  size: string;
  sha256: string;
  uploadedBy: string;
  uploadedAt: string;
  attachmentState: string;
  kept: string;
  /** A removed file: its bytes are gone, its checksum stays. */
  removed: (when: string, by: string, reason: string) => string;
  timelineTitle: string;
  when: string;
  who: string;
  what: string;
  details: string;
  system: string;
  /** Timeline entries by kind; a kind without words here is shown as it is stored. */
  events: Record<string, string>;
  moved: (from: string, to: string) => string;
  reason: (text: string) => string;
  assignedTo: (name: string) => string;
  automatically: string;
  nobody: string;
  sheets: {
    summary: string;
    searches: string;
    lists: string;
    hits: string;
    decisions: string;
    verify: string;
    notes: string;
    attachments: string;
    timeline: string;
  };
}
