import { Button } from "@duecheck/ui/button";
import { Spinner } from "@duecheck/ui/spinner";
import { FileWarningIcon, FileXIcon } from "lucide-react";
import { useTranslation } from "react-i18next";

/**
 * A day without a completed report: none yet or pending offers 'Generate Report Now'; a
 * failed generation offers 'Try Again'.
 */
export function ReportStatePanel({ failed, generating, onGenerate }: { failed: boolean; generating: boolean; onGenerate: () => void }) {
  const { t } = useTranslation();
  const Icon = failed ? FileWarningIcon : FileXIcon;
  return (
    <div
      className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-4 py-12 text-center"
      data-testid={failed ? "report-failed" : "report-missing"}
    >
      <Icon className={failed ? "size-10 text-destructive" : "size-10 text-muted-foreground"} aria-hidden />
      <p className="font-medium">{failed ? t("reports.failed") : t("reports.missing")}</p>
      <Button onClick={onGenerate} disabled={generating}>
        {generating && <Spinner />}
        {failed ? t("reports.tryAgain") : t("reports.generateNow")}
      </Button>
    </div>
  );
}
