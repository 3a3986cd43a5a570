import { z } from "zod";
import type { LanguageModel } from "../../llm/language-model.ts";
import { findingRefs, type SummaryFindings } from "./findings.ts";
import { phrasebook, type ReportLanguage } from "./phrasebook.ts";

const MIN_CHARS = 40;

function systemPrompt(language: ReportLanguage): string {
  return `You are a compliance analyst. Write the "Comprehensive Due Diligence Analysis" of a screening report in ${phrasebook(language).englishName}.
Use only the findings you are given as JSON. Do not add any fact, name, date, number, list, programme or source that is not in them, and do not speculate beyond them.
Cite every finding you mention by its reference in square brackets, for example [S1] for a sanctions match, [P1] for a PEP listing, [M1] for an adverse article, [F1] for a source that could not be checked. Use no other references.
Cover, in this order: the overall risk level and why; the sanctions matches with dataset and score (or that none was found), giving their number as sanctions.matchCount in sanctions.matchDatasets datasets and, when sanctions.nearMissCount is above 0, that many near misses (under the match threshold, not matches) waiting for a reviewer's decision; never count matches or hits any other way; the PEP status; the adverse media with their number and categories (or that none was found); the sources that could not be checked, saying that the result is then incomplete; a closing recommendation that fits the risk level.
Plain paragraphs, no Markdown, no headings, at most 350 words.`;
}

function answerSchema(refs: Set<string>) {
  return z.object({
    summary: z
      .string()
      .refine((text) => text.trim().length >= MIN_CHARS, "The summary is empty or too short")
      .refine((text) => [...text.matchAll(/\[([SPMF]\d+)\]/g)].every((m) => refs.has(m[1])), "The summary cites a finding that does not exist"),
  });
}

/** The model's analysis of the findings; throws LlmError when the model fails or answers unusably. */
export async function writeModelSummary(findings: SummaryFindings, language: ReportLanguage, model: LanguageModel): Promise<string> {
  const answer = await model.json({
    name: "due_diligence_summary",
    system: systemPrompt(language),
    user: `Findings of the screening, as JSON:\n${JSON.stringify(findings, null, 1)}`,
    schema: answerSchema(findingRefs(findings)),
    maxTokens: 1200,
  });
  return answer.summary.trim();
}
