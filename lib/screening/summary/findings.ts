import { hitCounts, matchThresholdOf, splitSanctionsHits } from "../hit-counts.ts";
import {
  failedSources,
  type MediaCategory,
  type Mismatch,
  mediaChecked,
  type PepListing,
  type RiskLevel,
  type RiskReason,
  type SearchResults,
  type SourceStatus,
} from "../results.ts";

export interface SummarySubject {
  name: string;
  entityType: "person" | "company";
}

/** The results a summary may rest on; summarySource is what the summary itself decides. */
export type FindingsSource = Omit<SearchResults, "summarySource">;

/**
 * The structured findings a summary is written from, each citable by its reference (S1 for a sanctions match,
 * P1 for a PEP listing, M1 for an adverse article, F1 for a source that failed). Nothing else is sent to a model.
 */
export interface SummaryFindings {
  subject: SummarySubject;
  risk: { level: RiskLevel; clean: boolean; reasons: RiskReason[] };
  /** Sanctions and PEP datasets searched. */
  datasetsSearched: number;
  sanctions: {
    datasetsSearched: { name: string; version: string | null }[];
    /** The strongest matches of each list, citable (at most MATCHES_PER_DATASET a list). */
    matches: SanctionsMatchFinding[];
    /** Every match and the lists they are on, as the result's counters count them (lib/screening/hit-counts.ts). */
    matchCount: number;
    matchDatasets: number;
    /** Listings shown under the match threshold: not matches, but each waits for a reviewer's decision. */
    nearMissCount: number;
  };
  pep: {
    ref: string;
    name: string;
    dataset: string;
    listVersion: string | null;
    nationality: string[];
    birthDate: string[];
    /** pep, or rca for a relative or close associate; with the positions and related PEPs the list gives. */
    role: PepListing["role"];
    positions: PepListing["positions"];
    relatedPeps: PepListing["relatedPeps"];
  }[];
  media: {
    /** False when no news provider answered: nothing is known about adverse media. */
    checked: boolean;
    articlesReviewed: number;
    negativeCount: number;
    /** The first adverse articles, citable. */
    negative: { ref: string; title: string; category: MediaCategory; source: string; date: string | null }[];
    /** Adverse articles per category, largest first. */
    negativeByCategory: { category: MediaCategory; count: number }[];
  };
  failedSources: ({ ref: string } & SourceStatus)[];
}

export interface SanctionsMatchFinding {
  ref: string;
  dataset: string;
  listVersion: string | null;
  entityName: string;
  matchedName: string;
  score: number;
  programs: string[];
  nationality: string[];
  birthDate: string[];
  differences: string[];
  mismatches?: Mismatch[];
}

/** Hits of one dataset kept as findings: the strongest, enough to name them all in a report. */
const MATCHES_PER_DATASET = 5;
const NEGATIVE_ARTICLES = 20;

export function collectFindings(subject: SummarySubject, results: FindingsSource): SummaryFindings {
  const matches: SanctionsMatchFinding[] = [];
  const threshold = matchThresholdOf(results);
  const found = hitCounts(results);
  for (const row of results.sanctionsList) {
    for (const hit of splitSanctionsHits(row, threshold).matches.slice(0, MATCHES_PER_DATASET)) {
      matches.push({
        ref: `S${matches.length + 1}`,
        dataset: row.source,
        listVersion: row.lastUpdated,
        entityName: hit.name,
        matchedName: hit.matchedName,
        score: hit.score,
        programs: hit.programs,
        nationality: hit.nationality,
        birthDate: hit.birthDate,
        differences: hit.differences,
        ...(hit.mismatches ? { mismatches: hit.mismatches } : {}),
      });
    }
  }

  const pep = results.pepListings.map((p, i) => ({
    ref: `P${i + 1}`,
    name: p.name,
    dataset: p.dataset,
    listVersion: p.listVersion,
    nationality: p.nationality,
    birthDate: p.birthDate,
    role: p.role,
    positions: p.positions,
    relatedPeps: p.relatedPeps,
  }));

  const negativeItems = results.adverseMedia.filter((m) => m.isNegative);
  const counts = new Map<MediaCategory, number>();
  for (const m of negativeItems) counts.set(m.category, (counts.get(m.category) ?? 0) + 1);

  return {
    subject: { name: subject.name, entityType: subject.entityType },
    risk: { level: results.risk.level, clean: results.clean, reasons: results.risk.reasons },
    datasetsSearched: Math.max(results.datasetsUsed.length, results.sanctionsList.length),
    sanctions: {
      datasetsSearched: results.sanctionsList.map((r) => ({ name: r.source, version: r.lastUpdated })),
      matches,
      matchCount: found.matches,
      matchDatasets: found.matchDatasets,
      nearMissCount: found.nearMisses,
    },
    pep,
    media: {
      checked: mediaChecked(results),
      articlesReviewed: results.adverseMedia.length,
      negativeCount: negativeItems.length,
      negative: negativeItems
        .slice(0, NEGATIVE_ARTICLES)
        .map((m, i) => ({ ref: `M${i + 1}`, title: m.title, category: m.category, source: m.source, date: m.date })),
      negativeByCategory: [...counts].map(([category, count]) => ({ category, count })).sort((a, b) => b.count - a.count),
    },
    failedSources: failedSources(results).map((s, i) => ({ ref: `F${i + 1}`, ...s })),
  };
}

/** Every reference a summary may cite. */
export function findingRefs(f: SummaryFindings): Set<string> {
  return new Set([...f.sanctions.matches, ...f.pep, ...f.media.negative, ...f.failedSources].map((x) => x.ref));
}
