import type { LanguageModel } from "../../llm/language-model.ts";
import { writeBuiltInSummary } from "./built-in-summary.ts";
import { collectFindings, type FindingsSource, type SummarySubject } from "./findings.ts";
import { writeModelSummary } from "./model-summary.ts";
import type { ReportLanguage } from "./phrasebook.ts";

export interface SummaryInput {
  subject: SummarySubject;
  results: FindingsSource;
  language: ReportLanguage;
}

export interface WrittenSummary {
  text: string;
  source: "model" | "built_in";
  /** Why the model's summary was not used, when a model was configured. */
  modelError?: string;
}

/** The 'Comprehensive Due Diligence Analysis': by the model when one is given and answers, else built in. */
export async function writeSummary(input: SummaryInput, model?: LanguageModel | null): Promise<WrittenSummary> {
  const findings = collectFindings(input.subject, input.results);
  if (model) {
    try {
      return { text: await writeModelSummary(findings, input.language, model), source: "model" };
    } catch (error) {
      return { text: writeBuiltInSummary(findings, input.language), source: "built_in", modelError: error instanceof Error ? error.message : String(error) };
    }
  }
  return { text: writeBuiltInSummary(findings, input.language), source: "built_in" };
}
