import { Alert, AlertDescription, AlertTitle } from "@duecheck/ui/alert";
import { Link } from "@tanstack/react-router";
import { HistoryIcon } from "lucide-react";
import { useTranslation } from "react-i18next";

/** 'Viewing historical search result for "{term}"' (+ ' (still processing)') and '← Back to History'. */
export function HistoricalBanner({ term, stillProcessing }: { term: string; stillProcessing: boolean }) {
  const { t } = useTranslation();
  return (
    <Alert data-testid="historical-banner" className="border-primary/40 bg-primary/5">
      <HistoryIcon aria-hidden />
      <AlertTitle className="line-clamp-none break-words">
        {t("search.viewingHistorical", { term })}
        {stillProcessing && t("search.stillProcessing")}
      </AlertTitle>
      <AlertDescription>
        <Link to="/history" className="font-medium text-primary hover:underline">
          {t("search.backToHistory")}
        </Link>
      </AlertDescription>
    </Alert>
  );
}
