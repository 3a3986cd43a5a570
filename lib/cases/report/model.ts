/** A case's report as its files are written from it: what was read, each search's verification, and who asked when. */
import type { CaseReportData, CaseReportSearch } from "./read.ts";

export interface CaseReport extends Omit<CaseReportData, "searches"> {
  searches: CaseReportSearch[];
  generatedAt: Date;
  /** The name (else the email) of who asked for the report. */
  generatedBy: string;
}
