import { isReportLanguage, REPORT_LANGUAGES, type ReportLanguage } from "../../lib/screening/summary/phrasebook.ts";
import { de } from "./de.ts";
import { en } from "./en.ts";
import { es } from "./es.ts";
import { fr } from "./fr.ts";
import type { CliText } from "./types.ts";

export { listsMissingNotice } from "./lists-notice.ts";
export type { CliText } from "./types.ts";

/** The CLI prints in the languages of the reports. */
export const CLI_LANGUAGES = REPORT_LANGUAGES;

const TEXTS: Record<ReportLanguage, CliText> = { en, de, es, fr };

export function cliText(language: ReportLanguage): CliText {
  return TEXTS[language];
}

/** The language asked for, else the user's report language when a user is known, else English. */
export function cliLanguage(asked: ReportLanguage | undefined, user?: { reportLanguage: string } | null): ReportLanguage {
  if (asked) return asked;
  return user && isReportLanguage(user.reportLanguage) ? user.reportLanguage : "en";
}
