export { type DisplayedSummary, displayedSummary } from "./display-summary.ts";
export {
  describeListRow,
  describeMismatch,
  describeReason,
  describeSourceError,
  isReportLanguage,
  listName,
  REPORT_LANGUAGES,
  type ReportLanguage,
  sourceName,
} from "./phrasebook.ts";
export { type SummaryInput, type WrittenSummary, writeSummary } from "./write-summary.ts";
