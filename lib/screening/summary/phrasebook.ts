import type { MediaCategory, RiskLevel, RiskReason } from "../results.ts";
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
  intro(p: { name: string; entity: "person" | "company"; datasets: number; articles: number; level: string }): string;
  sanctionsNone(datasets: number): string;
  sanctionsFound(count: number, datasets: number): string;
  sanctionsMatch(m: MatchFacts): string;
  pepFound(listings: string): string;
  pepNone: string;
  mediaNone: string;
  mediaClean(articles: number): string;
  mediaNegative(p: { negative: number; articles: number; categories: string }): string;
  mediaExamples(titles: string): string;
  failed(sources: string): string;
  /** critical..standard by the findings; retry alone when only sources failed, incomplete appended otherwise. */
  recommendation: { critical: string; high: string; medium: string; standard: string; retry: string; incomplete: string };
  reason(reason: RiskReason, f: ReasonFormat): string;
}

export interface ReasonFormat {
  percent(score: number): string;
  list(items: string[]): string;
  category(code: string): string;
}

const BOOKS: Record<ReportLanguage, Phrasebook> = { en, de, es, fr };

export function phrasebook(language: ReportLanguage): Phrasebook {
  return BOOKS[language];
}

export function isReportLanguage(value: unknown): value is ReportLanguage {
  return typeof value === "string" && (REPORT_LANGUAGES as readonly string[]).includes(value);
}

export function formatter(language: ReportLanguage): ReasonFormat {
  const percent = new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 0 });
  const list = new Intl.ListFormat(language, { type: "conjunction" });
  const book = BOOKS[language];
  return {
    percent: (score) => percent.format(score),
    list: (items) => list.format(items),
    category: (code) =>
      code
        .split(",")
        .map((c) => c.trim())
        .filter(Boolean)
        .map((c) => book.category[c as MediaCategory] ?? c)
        .join(", "),
  };
}

/** A risk reason as one sentence in the language, from its code and params. */
export function describeReason(reason: RiskReason, language: ReportLanguage): string {
  return BOOKS[language].reason(reason, formatter(language));
}
