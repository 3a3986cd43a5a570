/** A completed search's report as a file to take away (PDF or Excel), for the web app and the public API. */
import type { Db } from "../../data/db.ts";
import { type AuditActor, actorFields, recordAudit } from "../audit/record.ts";
import { findUserById } from "../auth/users.ts";
import { AppError } from "../errors.ts";
import { fileSlug } from "../reports/file-name.ts";
import { buildSearchPdf, buildSearchXlsx, type SearchReport } from "../reports/index.ts";
import { searchReview } from "../review/search-review.ts";
import type { SearchResults } from "../screening/results.ts";
import { readSearchDetails } from "../screening/schemas.ts";
import { getSearch, type SearchRow } from "../screening/searches.ts";
import { isReportLanguage } from "../screening/summary/index.ts";
import type { SearchReader } from "../screening/visibility.ts";

const FORMATS = {
  pdf: { build: buildSearchPdf, contentType: "application/pdf", extension: "pdf" },
  excel: { build: buildSearchXlsx, contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", extension: "xlsx" },
} as const;

export type SearchReportFormat = keyof typeof FORMATS;

/** "duecheck-acme-trading-2025-01-31.pdf": letters, digits and dashes only, whatever the term holds. */
function exportFileName(search: Pick<SearchRow, "searchTerm" | "createdAt">, extension: string): string {
  return `duecheck-${fileSlug(search.searchTerm) || "search"}-${search.createdAt.toISOString().slice(0, 10)}.${extension}`;
}

/**
 * The report of a search the actor reads (their own or a colleague's; another organisation's is not found), once it
 * has completed. Audited on the search's record (its timeline): who took its report away, and when.
 */
export async function exportSearchReport(db: Db, actor: AuditActor & { userId: string; reader: SearchReader }, searchId: string, format: SearchReportFormat) {
  const search = await getSearch(db, actor.reader, searchId);
  if (search.status !== "completed" || !search.results) {
    throw new AppError(409, search.status === "failed" ? "A failed search has no report" : "The search has not completed yet");
  }
  const owner = (await findUserById(db, search.userId))!;
  const report: SearchReport = {
    search: {
      id: search.id,
      searchTerm: search.searchTerm,
      entityType: search.entityType,
      createdAt: search.createdAt,
      language: search.language,
      country: search.country,
      details: readSearchDetails(search.details),
    },
    user: { fullName: owner.fullName, email: owner.email },
    results: search.results as SearchResults,
    aiSummary: search.aiSummary ?? "",
    review: await searchReview(db, search),
    generatedAt: new Date(),
    reportLanguage: isReportLanguage(owner.reportLanguage) ? owner.reportLanguage : undefined,
  };
  const { build, contentType, extension } = FORMATS[format];
  const bytes = await build(report);
  await recordAudit(db, {
    action: "search.exported",
    ...actorFields(actor),
    targetType: "search",
    targetId: search.id,
    details: { format },
  });
  return { bytes, contentType, fileName: exportFileName(search, extension) };
}
