import { isReportLanguage, type ReportLanguage } from "@lib/screening/summary/phrasebook.ts";
import { useTranslation } from "react-i18next";

/**
 * The interface language as the screening's words (lib/screening/summary/phrases) know it: source errors, list
 * descriptions, differences and the built-in summary are rendered from the stored codes in this language.
 */
export function useScreeningLanguage(): ReportLanguage {
  const { i18n } = useTranslation();
  return isReportLanguage(i18n.language) ? i18n.language : "en";
}
