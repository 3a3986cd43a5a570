import type { SearchReviewView } from "../review/contract.ts";
import { type HitCounts, hitCounts } from "../screening/hit-counts.ts";
import { type MediaItem, mediaChecked, pepDetected, readResults, type SanctionsRow, type SearchResults } from "../screening/results.ts";
import type { SearchDetails } from "../screening/schemas.ts";
import { isReportLanguage, type ReportLanguage } from "../screening/summary/phrasebook.ts";

/** One completed search, as exported to PDF and Excel. */
export interface SearchReport {
  search: {
    id: string;
    searchTerm: string;
    entityType: "person" | "company";
    createdAt: Date | string;
    /** The language the news was searched in. */
    language: string;
    country: string | null;
    /** What else the analyst gave (query by example): birth date, nationality, identifiers. */
    details?: SearchDetails | null;
  };
  user: { fullName: string; email: string };
  results: SearchResults;
  aiSummary: string;
  /** The review status, every decision on the hits (replaced and rejected ones too) and the case notes. */
  review: SearchReviewView;
  generatedAt: Date | string;
  /** The labels' language: the user's report language. Default: the search's language when it is one of en, de, es, fr. */
  reportLanguage?: ReportLanguage;
}

export function reportLanguage(report: SearchReport): ReportLanguage {
  if (report.reportLanguage) return report.reportLanguage;
  return isReportLanguage(report.search.language) ? report.search.language : "en";
}

/** Matches first, as the results screen shows them. */
export function orderedSanctions(rows: SanctionsRow[]): SanctionsRow[] {
  return [...rows].sort((a, b) => Number(b.match) - Number(a.match));
}

/** The report with its results in today's shape, whichever version of the pipeline stored them. */
export function prepareReport(report: SearchReport): SearchReport {
  return { ...report, results: readResults(report.results) ?? report.results };
}

/** Negative first, then PEP, then the rest, as the results screen shows them. */
export function orderedMedia(items: MediaItem[]): MediaItem[] {
  const rank = (m: MediaItem) => (m.isNegative ? 0 : m.category === "PEP" ? 1 : 2);
  return [...items].sort((a, b) => rank(a) - rank(b));
}

/** Flags the results screen shows as alerts. */
export function alerts(results: SearchResults) {
  return {
    pep: pepDetected(results),
    /** False when no news provider answered: the media counter shows '–'. */
    mediaChecked: mediaChecked(results),
    highRisk: results.risk.level === "high" || results.risk.level === "critical",
    clean: results.clean,
    sanctionsMatches: hitCounts(results).matches,
    nearMisses: hitCounts(results).nearMisses,
  };
}

/** The report's hit counts, with its decisions: what the app's screens and API count (lib/screening/hit-counts.ts). */
export function reportCounts(report: SearchReport): HitCounts {
  return hitCounts(report.results, report.review.decisions);
}
