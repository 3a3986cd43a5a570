/**
 * A batch's results as its exports (CSV, Excel, the PDF summary) read them: the batch, its owner and one row per
 * entity. lib/batch/batch-export.ts reads them from the database a chunk at a time.
 */

import { appLink } from "../../app-links.ts";
import type { BatchView } from "../../batch/schemas.ts";
import type { ReviewStatus } from "../../review/contract.ts";
import { searchPagePath } from "../../screening/contract.ts";
import type { RiskLevel } from "../../screening/results.ts";
import type { ReportLanguage } from "../../screening/summary/phrasebook.ts";
import { explanationLabels } from "../explanation.ts";
import { fileSlug } from "../file-name.ts";
import { type ReportLabels, reportLabels } from "../i18n.ts";
import { batchDetailLabels, identifiersCell } from "./detail-labels.ts";

export type RowStatus = "pending" | "processing" | "completed" | "failed";

/** What a completed screening found. */
export interface RowFindings {
  /** Sanctions lists with a match. */
  sanctionsLists: number;
  /** The matched listings' names. */
  matchedNames: string[];
  /** Why each matched listing matched: "NAME — which name parts met how" (none for searches stored before explanations). */
  matchedWhy?: string[];
  pepListings: number;
  /** News articles found, and how many of them are negative. */
  media: number;
  negativeMedia: number;
  /** False when no news provider answered: the media counts mean unknown, not none. */
  mediaChecked: boolean;
}

export interface BatchReportRow {
  searchId: string;
  searchTerm: string;
  entityType: "person" | "company";
  country: string | null;
  /** What the row gave beside its name (query by example), and the customer's reference. */
  birthDate: string | null;
  nationality: string | null;
  identifiers: { kind: string; value: string }[];
  customerRef: string | null;
  status: RowStatus;
  riskLevel: RiskLevel | null;
  /** What reviewers made of its hits, shown beside the risk level; null until the row has completed. */
  reviewStatus: ReviewStatus | null;
  /** Null until the row has completed. */
  findings: RowFindings | null;
  /** The sources that could not be checked for this row, named in the report language. */
  notChecked: string[];
  /** Why a failed row failed. */
  error: string | null;
  createdAt: Date;
  /** When the row completed or failed. */
  finishedAt: Date | null;
}

export interface BatchReport {
  batch: BatchView;
  owner: { fullName: string; email: string };
  language: ReportLanguage;
  /** Completed rows per risk level. */
  riskCounts: Partial<Record<RiskLevel, number>>;
  generatedAt: Date;
  /** The app's public address: links are absolute with it, else relative to the app ("/searches/..."). */
  baseUrl?: string | null;
}

export const labelsOf = (report: BatchReport): ReportLabels => reportLabels(report.language);

/** Where the app shows a row's search. */
export function searchLink(report: BatchReport, searchId: string): string {
  return appLink(report.baseUrl, searchPagePath(searchId));
}

export type Cell = string | number | Date | null;

export interface Column {
  header: string;
  /** Width in the Excel sheet, in characters. */
  width: number;
  value: (row: BatchReportRow) => Cell;
  /** The value is a link. */
  link?: boolean;
}

/** The columns of the CSV and the Excel results sheet: one row per entity. */
export function batchColumns(report: BatchReport): Column[] {
  const labels = labelsOf(report);
  const b = labels.batch;
  const yesNo = (value: boolean) => (value ? labels.yes : labels.no);
  const found =
    <T extends Cell>(pick: (f: RowFindings) => T) =>
    (row: BatchReportRow) =>
      row.findings ? pick(row.findings) : null;
  const details = batchDetailLabels(report.language);
  return [
    { header: labels.searchTerm, width: 30, value: (r) => r.searchTerm },
    { header: details.customerRef, width: 18, value: (r) => r.customerRef },
    { header: labels.entityType, width: 12, value: (r) => labels.entity[r.entityType] },
    { header: labels.country, width: 9, value: (r) => r.country },
    { header: labels.birthDate, width: 12, value: (r) => r.birthDate },
    { header: labels.nationality, width: 11, value: (r) => r.nationality },
    { header: details.identifiers, width: 30, value: (r) => identifiersCell(r.identifiers) },
    { header: labels.status, width: 14, value: (r) => b.statuses[r.status] },
    { header: labels.riskLevel, width: 16, value: (r) => (r.riskLevel ? labels.risk[r.riskLevel] : null) },
    { header: labels.review.status, width: 18, value: (r) => (r.reviewStatus ? labels.review.statuses[r.reviewStatus] : null) },
    { header: b.columns.sanctionsLists, width: 12, value: found((f) => f.sanctionsLists) },
    { header: b.columns.sanctionsNames, width: 36, value: found((f) => f.matchedNames.join("; ")) },
    { header: explanationLabels(report.language).title, width: 60, value: found((f) => f.matchedWhy?.join(" | ") || null) },
    { header: labels.pepListings, width: 10, value: found((f) => f.pepListings) },
    { header: b.columns.mediaCount, width: 12, value: found((f) => f.media) },
    { header: b.columns.negativeMedia, width: 12, value: found((f) => f.negativeMedia) },
    { header: b.columns.mediaChecked, width: 12, value: found((f) => yesNo(f.mediaChecked)) },
    { header: b.columns.notChecked, width: 30, value: (r) => r.notChecked.join("; ") || null },
    { header: labels.error, width: 36, value: (r) => r.error },
    { header: b.columns.createdAt, width: 20, value: (r) => r.createdAt },
    { header: b.columns.finishedAt, width: 20, value: (r) => r.finishedAt },
    { header: labels.searchId, width: 38, value: (r) => r.searchId },
    { header: labels.link, width: 50, value: (r) => searchLink(report, r.searchId), link: true },
  ];
}

/**
 * "duecheck-batch-quarterly-customers-2025-01-31.csv": letters, digits and dashes only, whatever the name holds. A
 * name that starts with "batch" does not say it twice ("Batch March" is duecheck-batch-march-...).
 */
export function batchFileName(batch: Pick<BatchView, "name" | "createdAt">, extension: string): string {
  const slug = fileSlug(batch.name).replace(/^batch(-|$)/, "");
  return `duecheck-batch${slug ? `-${slug}` : ""}-${batch.createdAt.slice(0, 10)}.${extension}`;
}
