import { Tabs, TabsContent, TabsList, TabsTrigger } from "@duecheck/ui/tabs";
import { useTranslation } from "react-i18next";
import type { DailyReportView } from "../../../lib/reports/daily/schemas.ts";
import { OverviewTab } from "./overview-tab";
import { SearchDetailsTab } from "./search-details-tab";
import { StatisticsTab } from "./statistics-tab";

/** Overview, Search Details and Statistics of a completed report. */
export function ReportTabs({ report }: { report: DailyReportView }) {
  const { t } = useTranslation();
  return (
    <Tabs defaultValue="overview">
      <TabsList className="grid h-auto w-full grid-cols-1 sm:flex sm:w-fit" aria-label={t("reports.tabsLabel")}>
        <TabsTrigger value="overview" className="h-8">
          {t("reports.tabOverview")}
        </TabsTrigger>
        <TabsTrigger value="details" className="h-8">
          {t("reports.tabDetails")}
        </TabsTrigger>
        <TabsTrigger value="statistics" className="h-8">
          {t("reports.tabStatistics")}
        </TabsTrigger>
      </TabsList>
      <TabsContent value="overview">
        <OverviewTab report={report} />
      </TabsContent>
      <TabsContent value="details">
        <SearchDetailsTab date={report.reportDate} />
      </TabsContent>
      <TabsContent value="statistics">
        <StatisticsTab report={report} />
      </TabsContent>
    </Tabs>
  );
}
