import { useFormatters } from "@duecheck/react/views/format";
import { Card, CardContent, CardHeader, CardTitle } from "@duecheck/ui/card";
import { Skeleton } from "@duecheck/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@duecheck/ui/table";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import type { DailyRow } from "../../../lib/reports/daily/schemas.ts";
import { CHART_COLORS } from "./chart-colors";
import { ReportBarChart } from "./report-bar-chart";
import { RECENT_DAYS, useRecentRows } from "./use-daily-report";
import { useReportFormatters } from "./use-report-formatters";

const COLUMNS: { key: keyof Omit<DailyRow, "reportDate">; labelKey: string }[] = [
  { key: "totalSearches", labelKey: "reports.column.totalSearches" },
  { key: "manualSearches", labelKey: "reports.column.manualSearches" },
  { key: "automatedSearches", labelKey: "reports.column.automatedSearches" },
  { key: "totalCreditsUsed", labelKey: "reports.column.creditsUsed" },
  { key: "uniqueUsers", labelKey: "reports.column.uniqueUsers" },
  { key: "highRiskFindings", labelKey: "reports.column.highRiskFindings" },
];

/** The daily trend (manual and automated searches per day) and the table of daily rows of the last 30 days. */
export function DailyRows() {
  const { t } = useTranslation();
  const { data: rows, isLoading, isError } = useRecentRows();
  const { shortDay } = useReportFormatters();

  if (isLoading) return <Skeleton className="h-64 w-full" />;
  if (isError || !rows) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {t("reports.recentLoadFailed")}
      </p>
    );
  }
  const oldestFirst = [...rows].reverse();
  return (
    <div className="grid grid-cols-1 gap-4">
      <ReportBarChart
        testId="trend-chart"
        title={t("reports.dailyTrend")}
        description={t("reports.lastDays", { count: RECENT_DAYS })}
        labelHeader={t("reports.column.date")}
        stacked
        series={[
          { key: "manual", label: t("reports.column.manualSearches"), color: CHART_COLORS.manual },
          { key: "automated", label: t("reports.column.automatedSearches"), color: CHART_COLORS.automated },
        ]}
        data={oldestFirst.map((row) => ({ label: shortDay(row.reportDate), values: { manual: row.manualSearches, automated: row.automatedSearches } }))}
      />
      <Card className="gap-4">
        <CardHeader>
          <CardTitle id="daily-rows-title">{t("reports.dailyRows")}</CardTitle>
        </CardHeader>
        <CardContent>
          {rows.length === 0 ? <p className="text-sm text-muted-foreground">{t("reports.noDailyRows")}</p> : <DailyRowsTable rows={rows} />}
        </CardContent>
      </Card>
    </div>
  );
}

function DailyRowsTable({ rows }: { rows: DailyRow[] }) {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const { day } = useReportFormatters();
  return (
    <Table aria-labelledby="daily-rows-title" data-testid="daily-rows">
      <TableHeader>
        <TableRow>
          <TableHead scope="col">{t("reports.column.date")}</TableHead>
          {COLUMNS.map((column) => (
            <TableHead key={column.key} scope="col" className="text-right">
              {t(column.labelKey)}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.reportDate} data-testid="daily-row">
            <TableHead scope="row" className="font-normal">
              <Link to="/reports" search={{ date: row.reportDate }} className="hover:underline">
                {day(row.reportDate)}
              </Link>
            </TableHead>
            {COLUMNS.map((column) => (
              <TableCell key={column.key} className="text-right tabular-nums">
                {number(row[column.key])}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
