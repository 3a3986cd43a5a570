import { formatCountries, formatDay } from "../display-format.ts";
import {
  failedSources,
  type MediaCategory,
  type Mismatch,
  type RiskLevel,
  type RiskReason,
  type SanctionsRow,
  type SearchResults,
  type SourceStatus,
} from "../results.ts";
import { de } from "./phrases/de.ts";
import { en } from "./phrases/en.ts";
import { es } from "./phrases/es.ts";
import { fr } from "./phrases/fr.ts";

export const REPORT_LANGUAGES = ["en", "de", "es", "fr"] as const;
export type ReportLanguage = (typeof REPORT_LANGUAGES)[number];

/** One sanctions match, its values already formatted for the language. */
export interface MatchFacts {
  dataset: string;
  entityName: string;
  matchedName: string;
  score: string;
  programs?: string;
  nationality?: string;
  birthDate?: string;
  differences?: string;
  listVersion?: string;
}

/** The sentences of a built-in summary and of the reasons in one language; lists and numbers come formatted. */
export interface Phrasebook {
  /** The language's own name in English, as a model is told to write in it. */
  englishName: string;
  level: Record<RiskLevel, string>;
  category: Record<MediaCategory, string>;
  entityType: Record<"person" | "company", string>;
  quote(text: string): string;
  /** articles is null when adverse media could not be checked. */
  intro(p: { name: string; entity: "person" | "company"; datasets: number; articles: number | null; level: string }): string;
  sanctionsNone(datasets: number): string;
  sanctionsFound(count: number, datasets: number): string;
  /** Matches beyond those listed one by one (the strongest of each list are). */
  sanctionsMore(count: number): string;
  /** Listings under the match threshold: never a match, each waiting for a reviewer's decision. */
  nearMissesWaiting(count: number): string;
  sanctionsMatch(m: MatchFacts): string;
  pepFound(listings: string): string;
  pepNone: string;
  mediaNone: string;
  /** Every news provider failed (or none is configured): nothing can be said about adverse media. */
  mediaUnchecked: string;
  mediaClean(articles: number): string;
  mediaNegative(p: { negative: number; articles: number; categories: string }): string;
  mediaExamples(titles: string): string;
  failed(sources: string): string;
  /** critical..standard by the findings; retry alone when only sources failed, incomplete appended otherwise. */
  recommendation: { critical: string; high: string; medium: string; standard: string; retry: string; incomplete: string };
  reason(reason: RiskReason, f: ReasonFormat): string;
  /** A generic name for each kind of source, used when none of that kind is configured. */
  sourceKind: Record<SourceStatus["kind"], string>;
  /** Said after the name of a list that is the organisation's own watchlist (a row marked internal). */
  internalList: string;
  /** Why a source could not be checked, from its code (a source stored without one reads 'could not be checked'). */
  sourceError(source: SourceStatus, f: ReasonFormat): string;
  mismatch(m: Mismatch, f: ReasonFormat): string;
  /** A list searched without a match; entities and version come formatted and may be missing in old searches. */
  listNoMatch(p: { entities?: string; version?: string }): string;
}

export interface ReasonFormat {
  percent(score: number): string;
  number(n: number): string;
  list(items: string[]): string;
  category(code: string): string;
  day(value: string | null | undefined): string;
  countries(values: readonly string[]): string;
  /** The sources that could not be checked, each with why (for the source_failed reason). */
  failedSources: string;
}

const BOOKS: Record<ReportLanguage, Phrasebook> = { en, de, es, fr };

export function phrasebook(language: ReportLanguage): Phrasebook {
  return BOOKS[language];
}

export function isReportLanguage(value: unknown): value is ReportLanguage {
  return typeof value === "string" && (REPORT_LANGUAGES as readonly string[]).includes(value);
}

export function formatter(language: ReportLanguage, results?: Pick<SearchResults, "sources">): ReasonFormat {
  const percent = new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 0 });
  const numbers = new Intl.NumberFormat(language);
  const list = new Intl.ListFormat(language, { type: "conjunction" });
  const book = BOOKS[language];
  const f: ReasonFormat = {
    percent: (score) => percent.format(score),
    number: (n) => numbers.format(n),
    list: (items) => list.format(items),
    day: (value) => formatDay(value, language),
    countries: (values) => formatCountries(values, language),
    failedSources: "",
    category: (code) =>
      code
        .split(",")
        .map((c) => c.trim())
        .filter(Boolean)
        .map((c) => book.category[c as MediaCategory] ?? c)
        .join(", "),
  };
  if (results) f.failedSources = list.format(failedSources(results).map((s) => `${sourceName(s, language)} (${book.sourceError(s, f)})`));
  return f;
}

/** A risk reason as one sentence in the language, from its code and params (and the results' failed sources). */
export function describeReason(reason: RiskReason, language: ReportLanguage, results?: Pick<SearchResults, "sources">): string {
  return BOOKS[language].reason(reason, formatter(language, results));
}

/** A source's name: the list or provider, or the kind's generic name when none of that kind is configured. */
export function sourceName(source: SourceStatus, language: ReportLanguage): string {
  return source.errorCode === "not_configured" ? BOOKS[language].sourceKind[source.kind] : source.source;
}

/** Why a failed source could not be checked, in the language; empty for a source that answered. */
export function describeSourceError(source: SourceStatus, language: ReportLanguage): string {
  return source.status === "failed" ? BOOKS[language].sourceError(source, formatter(language)) : "";
}

export function describeMismatch(m: Mismatch, language: ReportLanguage): string {
  return BOOKS[language].mismatch(m, formatter(language));
}

/** A searched list's name as a report shows it: an organisation's own watchlist says so. */
export function listName(row: SanctionsRow, language: ReportLanguage): string {
  return row.internal ? `${row.source} (${BOOKS[language].internalList})` : row.source;
}

/** What a searched list found, in words: the matched names with their scores, or no match among its entities. */
export function describeListRow(row: SanctionsRow, language: ReportLanguage): string {
  const f = formatter(language);
  // The pipeline stores a row's matches first, then its near misses.
  const matched = row.match ? row.hits.slice(0, row.entityCount || 1) : [];
  if (matched.length > 0) return f.list(matched.map((h) => `${h.name} (${f.percent(h.score)})`));
  return BOOKS[language].listNoMatch({
    entities: row.listedEntities === undefined ? undefined : f.number(row.listedEntities),
    version: row.lastUpdated ? f.day(row.lastUpdated) : undefined,
  });
}
