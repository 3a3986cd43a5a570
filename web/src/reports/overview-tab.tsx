import { useFormatters } from "@duecheck/react/views/format";
import { RISK_LABEL_KEYS } from "@duecheck/react/views/search/risk";
import { Card, CardContent, CardHeader, CardTitle } from "@duecheck/ui/card";
import { useTranslation } from "react-i18next";
import { type DailyReportView, REPORT_RISK_LEVELS } from "../../../lib/reports/daily/schemas.ts";
import { CHART_COLORS } from "./chart-colors";
import { Figures } from "./figures";
import { ReportBarChart } from "./report-bar-chart";
import { useReportFormatters } from "./use-report-formatters";

/** Person versus company, the risk distribution and the searches by hour (charts), and the day's key figures. */
export function OverviewTab({ report }: { report: DailyReportView }) {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const { hour, percent, decimal } = useReportFormatters();
  const { byEntityType, byRiskLevel, byHour } = report.searchDetails;
  const { successRate, peakHour, averageSearchesPerUser } = report.statistics;
  const count = { key: "count", label: t("reports.searches"), color: CHART_COLORS.manual };

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <Card className="gap-4" data-testid="entity-types">
          <CardHeader>
            <CardTitle>{t("reports.entityTypes")}</CardTitle>
          </CardHeader>
          <CardContent>
            <Figures
              items={[
                { label: t("search.person"), value: number(byEntityType.person), testId: "persons" },
                { label: t("search.company"), value: number(byEntityType.company), testId: "companies" },
              ]}
            />
          </CardContent>
        </Card>
        <Card className="gap-4" data-testid="key-figures">
          <CardHeader>
            <CardTitle>{t("reports.keyFigures")}</CardTitle>
          </CardHeader>
          <CardContent>
            <Figures
              items={[
                { label: t("reports.successRate"), value: percent(successRate), testId: "success-rate" },
                { label: t("reports.peakHour"), value: peakHour === null ? "—" : hour(peakHour), testId: "peak-hour" },
                { label: t("reports.averagePerUser"), value: decimal(averageSearchesPerUser), testId: "average-per-user" },
              ]}
            />
          </CardContent>
        </Card>
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <ReportBarChart
          testId="risk-chart"
          title={t("reports.riskDistribution")}
          labelHeader={t("reports.riskLevel")}
          series={[count]}
          colors={Object.fromEntries(REPORT_RISK_LEVELS.map((level) => [level, { label: t(RISK_LABEL_KEYS[level]), color: CHART_COLORS[level] }]))}
          data={REPORT_RISK_LEVELS.map((level) => ({ label: t(RISK_LABEL_KEYS[level]), colorKey: level, values: { count: byRiskLevel[level] } }))}
        />
        <ReportBarChart
          testId="hour-chart"
          title={t("reports.byHour")}
          labelHeader={t("reports.hour")}
          series={[count]}
          data={byHour.map((value, h) => ({ label: hour(h), values: { count: value } }))}
        />
      </div>
    </div>
  );
}
