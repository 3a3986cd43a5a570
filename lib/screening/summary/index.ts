export { writeSummary, type SummaryInput, type WrittenSummary } from "./write-summary.ts";
export { describeReason, isReportLanguage, REPORT_LANGUAGES, type ReportLanguage } from "./phrasebook.ts";
