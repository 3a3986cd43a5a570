import { DuecheckError } from "@duecheck/react/api/errors";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DailyReportView, DailyRow } from "../../../lib/reports/daily/schemas.ts";
import { apiRequest } from "../lib/api";
import { fetchQueryJson } from "../lib/query-client";

/** Query key of every report call: the report of a day, its searches, the recent rows. */
export const REPORTS_QUERY_KEY = ["/api/reports/daily"] as const;
const reportKey = (date: string) => [...REPORTS_QUERY_KEY, "day", date] as const;
const RECENT_KEY = [...REPORTS_QUERY_KEY, "recent"] as const;

/** Days of the table of daily rows and the trend chart. */
export const RECENT_DAYS = 30;

/** GET /api/reports/daily?date=: the day's report, or null when there is none (404). */
export function useDailyReport(date: string) {
  return useQuery({ ...dailyReportQuery(date), staleTime: 0 });
}

/** The day's report, or null when there is none (404). */
export const dailyReportQuery = (date: string) =>
  queryOptions({
    queryKey: reportKey(date),
    queryFn: async ({ signal }): Promise<DailyReportView | null> => {
      try {
        return await fetchQueryJson<DailyReportView>(`/api/reports/daily?date=${encodeURIComponent(date)}`, { on401: "throw", signal });
      } catch (error) {
        if (error instanceof DuecheckError && error.status === 404) return null;
        throw error;
      }
    },
  });

/** GET /api/reports/daily/recent: the last 30 days' rows, newest first. */
export function useRecentRows() {
  return useQuery({ ...recentRowsQuery, staleTime: 0 });
}

export const recentRowsQuery = queryOptions({
  queryKey: RECENT_KEY,
  queryFn: ({ signal }) => fetchQueryJson<DailyRow[]>(`/api/reports/daily/recent?days=${RECENT_DAYS}`, { on401: "throw", signal }),
});

/**
 * POST /api/reports/generate. A failure is only logged, never shown: the day's report is read again, so
 * the screen shows the state the server kept (failed, or still none).
 */
export function useGenerateReport(date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<DailyReportView>("POST", "/api/reports/generate", { date }),
    onSuccess: (report) => {
      queryClient.setQueryData(reportKey(report.reportDate), report);
    },
    onError: (error) => {
      console.error(`Daily report generation for ${date} failed:`, error);
    },
    onSettled: async (report) => {
      await queryClient.invalidateQueries({
        queryKey: REPORTS_QUERY_KEY,
        predicate: (query) => !report || query.queryKey[2] !== report.reportDate || query.queryKey[1] !== "day",
      });
    },
  });
}

export type ExportFormat = "pdf" | "xlsx";

/** GET /api/reports/daily/export: the report as a PDF or Excel file. */
export const reportExportUrl = (date: string, format: ExportFormat) => `/api/reports/daily/export?date=${encodeURIComponent(date)}&format=${format}`;
