import type { ReportLanguage } from "../../../screening/summary/phrasebook.ts";
import { de } from "./de.ts";
import { en } from "./en.ts";
import { es } from "./es.ts";
import { fr } from "./fr.ts";
import type { CaseReportLabels } from "./types.ts";

export type { CaseReportLabels };

/** Each language's words are in ./<language>.ts. */
const LABELS: Record<ReportLanguage, CaseReportLabels> = { en, de, es, fr };

export const caseReportLabels = (language: ReportLanguage): CaseReportLabels => LABELS[language];
