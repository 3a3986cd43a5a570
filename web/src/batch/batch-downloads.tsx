import { Button } from "@duecheck/ui/button";
import { DownloadIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { type ExportFormat, exportUrl } from "./batch-queries";

const FORMATS: { format: ExportFormat; labelKey: string; nameKey: string }[] = [
  { format: "csv", labelKey: "batch.downloadCsv", nameKey: "batch.format.csv" },
  { format: "xlsx", labelKey: "batch.downloadExcel", nameKey: "batch.format.xlsx" },
  { format: "pdf", labelKey: "batch.downloadPdf", nameKey: "batch.format.pdf" },
];

/** The results as CSV and Excel, and the batch's PDF summary: plain downloads from GET /api/batch-jobs/{id}/export. */
export function BatchDownloads({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-2" data-testid="batch-downloads">
      {FORMATS.map(({ format, labelKey, nameKey }) => (
        <Button key={format} variant="outline" size="sm" asChild>
          <a href={exportUrl(id, format)} download aria-label={t(labelKey)}>
            <DownloadIcon aria-hidden />
            {t(nameKey)}
          </a>
        </Button>
      ))}
    </div>
  );
}
