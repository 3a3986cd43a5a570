import { Button } from "@duecheck/ui/button";
import { Spinner } from "@duecheck/ui/spinner";
import { FileSpreadsheetIcon, FileTextIcon, RefreshCwIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { DailyReportView } from "../../../lib/reports/daily/schemas.ts";
import { reportExportUrl } from "./use-daily-report";

/**
 * The header's actions for the day's report: a completed report has Export PDF and Export Excel (each downloaded in
 * this tab: the server answers them as attachments, so a new tab was left blank) and Regenerate; a failed one has
 * Regenerate.
 */
export function ReportActions({ report, generating, onGenerate }: { report: DailyReportView | null | undefined; generating: boolean; onGenerate: () => void }) {
  const { t } = useTranslation();
  if (report?.status !== "completed" && report?.status !== "failed") return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {report.status === "completed" && (
        <>
          <Button variant="outline" asChild>
            <a href={reportExportUrl(report.reportDate, "pdf")} download>
              <FileTextIcon aria-hidden />
              {t("reports.exportPdf")}
              <span className="sr-only">{t("reports.downloadsFile")}</span>
            </a>
          </Button>
          <Button variant="outline" asChild>
            <a href={reportExportUrl(report.reportDate, "xlsx")} download>
              <FileSpreadsheetIcon aria-hidden />
              {t("reports.exportExcel")}
              <span className="sr-only">{t("reports.downloadsFile")}</span>
            </a>
          </Button>
        </>
      )}
      <Button variant="outline" onClick={onGenerate} disabled={generating}>
        {generating ? <Spinner /> : <RefreshCwIcon aria-hidden />}
        {t("reports.regenerate")}
      </Button>
    </div>
  );
}
