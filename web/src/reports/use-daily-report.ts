import { DuecheckError } from "@duecheck/react/api/errors";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { answer, api, withSignal } from "../lib/api";

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
    queryFn: async ({ signal }) => {
      try {
        return await answer(api.reports.daily.$get({ query: { date } }, withSignal(signal)));
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
  queryFn: ({ signal }) => answer(api.reports.daily.recent.$get({ query: { days: String(RECENT_DAYS) } }, withSignal(signal))),
});

/**
 * POST /api/reports/generate. A failure is only logged, never shown: the day's report is read again, so
 * the screen shows the state the server kept (failed, or still none).
 */
export function useGenerateReport(date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => answer(api.reports.generate.$post({ json: { date } })),
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
