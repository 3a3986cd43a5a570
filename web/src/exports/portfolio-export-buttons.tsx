import { Button } from "@duecheck/ui/button";
import { DownloadIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { BULK_EXPORT_FORMATS } from "../../../lib/exports/contract.ts";
import { download } from "./download";

/** The monitoring portfolio as CSV or Excel (GET /api/monitoring/export): every entity with its risk, review and last check. */
export function PortfolioExportButtons() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-2">
      {BULK_EXPORT_FORMATS.map((format) => (
        <Button key={format} variant="outline" size="sm" onClick={() => download(`/api/monitoring/export?format=${format}`)}>
          <DownloadIcon aria-hidden />
          {t(format === "csv" ? "exports.portfolio.csv" : "exports.portfolio.excel")}
        </Button>
      ))}
    </div>
  );
}
