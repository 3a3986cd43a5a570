export { writeSummary, type SummaryInput, type WrittenSummary } from "./write-summary.ts";
export { displayedSummary, type DisplayedSummary } from "./display-summary.ts";
export {
  describeListRow,
  describeMismatch,
  describeReason,
  describeSourceError,
  isReportLanguage,
  REPORT_LANGUAGES,
  sourceName,
  type ReportLanguage,
} from "./phrasebook.ts";
