import type { SearchResults } from "../results.ts";
import { writeBuiltInSummary } from "./built-in-summary.ts";
import { collectFindings, type SummarySubject } from "./findings.ts";
import type { ReportLanguage } from "./phrasebook.ts";

export interface DisplayedSummary {
  text: string;
  source: "model" | "built_in";
  /** The model's summary exists but in another language, so the built-in one is shown instead. */
  modelInOtherLanguage: boolean;
}

/**
 * The summary to show in a language: the model's as written when it is in that language (or its language is
 * unknown, stored before it was recorded), otherwise the built-in summary written now from the stored findings,
 * so a screen or an export never mixes languages and old searches read in today's words.
 */
export function displayedSummary(subject: SummarySubject, results: SearchResults, stored: string | null, language: ReportLanguage): DisplayedSummary {
  const byModel = results.summarySource === "model" && !!stored;
  if (byModel && (results.summaryLanguage === undefined || results.summaryLanguage === language)) {
    return { text: stored, source: "model", modelInOtherLanguage: false };
  }
  return { text: writeBuiltInSummary(collectFindings(subject, results), language), source: "built_in", modelInOtherLanguage: byModel };
}
