import { Button } from "@duecheck/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@duecheck/ui/card";
import { FileSpreadsheetIcon, FileTextIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { caseReportHref } from "./case-attachment-queries";

/**
 * The case's report for a regulator or a suspicious-activity filing, as a PDF or an Excel workbook, in the language the
 * app is shown in: plain links (a download the browser saves), for every reader of the case, auditors too.
 */
export function CaseReportLinks({ caseId }: { caseId: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language.slice(0, 2);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t("cases.report.title")}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-sm text-muted-foreground">{t("cases.report.description")}</p>
        <div className="flex flex-wrap gap-2" data-testid="case-report-links">
          <Button asChild variant="outline">
            <a href={caseReportHref(caseId, "pdf", language)} download>
              <FileTextIcon aria-hidden />
              {t("cases.report.pdf")}
            </a>
          </Button>
          <Button asChild variant="outline">
            <a href={caseReportHref(caseId, "xlsx", language)} download>
              <FileSpreadsheetIcon aria-hidden />
              {t("cases.report.xlsx")}
            </a>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
