import { useFormatters } from "@duecheck/react/views/format";
import { Card, CardContent, CardHeader, CardTitle } from "@duecheck/ui/card";
import { useTranslation } from "react-i18next";
import type { DailyReportView } from "../../../lib/reports/daily/schemas.ts";
import { Figures } from "./figures";

/** The top search terms, ranked, and the searches with sanctions or adverse media hits. */
export function StatisticsTab({ report }: { report: DailyReportView }) {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const { topSearchTerms, sanctionsHits, adverseMediaHits } = report.statistics;
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
      <Card className="gap-4" data-testid="top-terms">
        <CardHeader>
          <CardTitle>{t("reports.topTerms")}</CardTitle>
        </CardHeader>
        <CardContent>
          {topSearchTerms.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("reports.noSearches")}</p>
          ) : (
            <ol className="grid gap-2">
              {topSearchTerms.map((item, index) => (
                <li key={item.term} className="flex items-center gap-3 text-sm" data-testid="top-term">
                  <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-muted text-xs font-medium tabular-nums" aria-hidden>
                    {index + 1}
                  </span>
                  <span className="min-w-0 flex-1 truncate font-medium">{item.term}</span>
                  <span className="tabular-nums text-muted-foreground">{t("reports.termCount", { count: item.count, formatted: number(item.count) })}</span>
                </li>
              ))}
            </ol>
          )}
        </CardContent>
      </Card>
      <Card className="gap-4" data-testid="hits">
        <CardHeader>
          <CardTitle>{t("reports.hits")}</CardTitle>
        </CardHeader>
        <CardContent>
          <Figures
            items={[
              { label: t("reports.sanctionsHits"), value: number(sanctionsHits), testId: "sanctions-hits" },
              { label: t("reports.adverseMediaHits"), value: number(adverseMediaHits), testId: "adverse-media-hits" },
            ]}
          />
        </CardContent>
      </Card>
    </div>
  );
}
