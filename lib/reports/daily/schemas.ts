/**
 * The daily activity report (the Reports screen's "Daily report" and the /api/reports calls): the
 * request schemas and the report as the API, the web, the CLI and the exports see it. Only zod is imported: the web
 * bundle includes this file.
 */
import { z } from "zod";

export const REPORT_RISK_LEVELS = ["critical", "high", "medium", "low"] as const;

/** A calendar day, yyyy-MM-dd. */
export const reportDate = z
  .string({ error: "date must be a day as yyyy-MM-dd" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "date must be a day as yyyy-MM-dd")
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), "date must be a real day");

/** GET /api/reports/daily?date= and the export's date. */
export const dailyReportQuerySchema = z.object({ date: reportDate });
/** POST /api/reports/generate: a plain day, or an ISO date-time (as toISOString() gives it) meaning its UTC day. */
export const generateReportSchema = z.object({
  date: z.union([reportDate, z.iso.datetime({ offset: true }).transform((iso) => new Date(iso).toISOString().slice(0, 10))], {
    error: "date must be a day as yyyy-MM-dd or an ISO date-time",
  }),
});
export const dailyExportQuerySchema = dailyReportQuerySchema.extend({
  format: z.enum(["pdf", "xlsx"], { error: "format must be pdf or xlsx" }).default("pdf"),
});

/** One search of the day in the Search Details tab. */
export interface ReportSearch {
  id: string;
  searchTerm: string;
  entityType: "person" | "company";
  riskLevel: string | null;
  aiSummary: string | null;
  createdAt: string;
  isAutomated: boolean;
}

export interface DailyReportView {
  reportDate: string;
  /**
   * "instance": every organisation's activity (the instance's admins); "organisation": every member's of the reader's
   * organisation (its owners, admins and auditors); "user": the signed-in user's own.
   */
  scope: "instance" | "organisation" | "user";
  status: "pending" | "completed" | "failed";
  generatedAt: string | null;
  totalSearches: number;
  manualSearches: number;
  automatedSearches: number;
  totalCreditsUsed: number;
  uniqueUsers: number;
  /** Searches of the day at critical or high risk. */
  highRiskFindings: number;
  searchDetails: {
    byEntityType: { person: number; company: number };
    byRiskLevel: { critical: number; high: number; medium: number; low: number };
    /** Searches per hour of the day (0-23, in the report timezone), for the chart. */
    byHour: number[];
    /** The day's latest searches (at most SEARCHES_IN_REPORT); all of them: GET /api/reports/daily/searches. */
    searches: ReportSearch[];
  };
  statistics: {
    /** Completed searches in percent of the searches that ended (0-100). */
    successRate: number;
    /** The hour (0-23) with the most searches, or null on a day without any. */
    peakHour: number | null;
    averageSearchesPerUser: number;
    topSearchTerms: { term: string; count: number }[];
    /** Searches with at least one sanctions match. */
    sanctionsHits: number;
    /** Searches with at least one negative article. */
    adverseMediaHits: number;
  };
}

/** The searches kept inside a stored report; the rest are paged from the searches themselves. */
export const SEARCHES_IN_REPORT = 200;

/** A row of the table of daily rows and of the trend chart (GET /api/reports/daily/recent?days=30). */
export interface DailyRow {
  reportDate: string;
  totalSearches: number;
  manualSearches: number;
  automatedSearches: number;
  totalCreditsUsed: number;
  uniqueUsers: number;
  highRiskFindings: number;
}
