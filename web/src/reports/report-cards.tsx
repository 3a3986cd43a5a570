import { useFormatters } from "@duecheck/react/views/format";
import { ActivityIcon, CoinsIcon, SearchIcon, ShieldAlertIcon, UsersIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { DailyReportView } from "../../../lib/reports/daily/schemas.ts";
import { StatCard } from "../components/stat-card";

/** Total Searches (manual versus automated), Credits Used, Active Users, High Risk Findings. */
export function ReportCards({ report }: { report: DailyReportView }) {
  const { t } = useTranslation();
  const { number } = useFormatters();
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        testId="card-total-searches"
        icon={SearchIcon}
        title={t("reports.totalSearches")}
        value={number(report.totalSearches)}
        note={t("reports.manualVsAutomated", { manual: number(report.manualSearches), automated: number(report.automatedSearches) })}
      />
      <StatCard
        testId="card-credits"
        icon={CoinsIcon}
        title={t("reports.creditsUsed")}
        value={number(report.totalCreditsUsed)}
        note={t("reports.creditsNote")}
      />
      <StatCard testId="card-users" icon={UsersIcon} title={t("reports.activeUsers")} value={number(report.uniqueUsers)} note={t("reports.activeUsersNote")} />
      <StatCard
        testId="card-high-risk"
        icon={report.highRiskFindings > 0 ? ShieldAlertIcon : ActivityIcon}
        title={t("reports.highRiskFindings")}
        value={number(report.highRiskFindings)}
        note={t("reports.highRiskNote")}
      />
    </div>
  );
}
