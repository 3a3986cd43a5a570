import { Alert, AlertDescription, AlertTitle } from "@duecheck/ui/alert";
import { Badge } from "@duecheck/ui/badge";
import { Button } from "@duecheck/ui/button";
import { Card, CardContent } from "@duecheck/ui/card";
import { Spinner } from "@duecheck/ui/spinner";
import type { SearchDetailView, SearchStatus } from "@lib/screening/contract.ts";
import { failedSources } from "@lib/screening/results.ts";
import { Link } from "@tanstack/react-router";
import { SearchXIcon, XCircleIcon } from "lucide-react";
import type * as React from "react";
import { useTranslation } from "react-i18next";
import { useFormatters } from "../format";
import { describeFailedSource } from "./risk-reasons";
import { useScreeningLanguage } from "./use-screening-language";

/** Spinner, 'Conducting Due Diligence Check', the term, and the text of the current status. */
export function SearchingView({ term, status }: { term: string; status: SearchStatus | undefined }) {
  const { t } = useTranslation();
  return (
    <Card data-testid="searching-view">
      <CardContent className="flex flex-col items-center gap-4 py-10 text-center" aria-live="polite">
        <Spinner className="size-10 text-primary" />
        <h1 className="text-xl font-semibold">{t("search.conducting")}</h1>
        <p className="max-w-full text-lg font-medium break-words">{term}</p>
        <p className="text-muted-foreground">{status === "processing" ? t("search.analyzing") : t("search.searchingSources")}</p>
      </CardContent>
    </Card>
  );
}

/**
 * 'Search failed. Please try again.' with why: the sources that could not be checked, worded from their codes (the
 * stored error text is English, for the API and logs), else the summary or the error text; and '← Try Another Search'.
 */
export function FailedView({
  search,
  banner,
  onNewSearch,
}: {
  search: Pick<SearchDetailView, "searchTerm" | "entityType" | "createdAt" | "results" | "aiSummary" | "error">;
  banner?: React.ReactNode;
  onNewSearch?: () => void;
}) {
  const { t } = useTranslation();
  const language = useScreeningLanguage();
  const { dateTime } = useFormatters();
  const failed = search.results ? failedSources(search.results) : [];
  const explanation =
    failed.length > 0
      ? [t("search.nothingChecked"), ...failed.map((s) => `• ${describeFailedSource(t, language, s)}`)].join("\n")
      : search.aiSummary || search.error;
  return (
    <div className="grid gap-6" data-testid="search-failed">
      {banner}
      <Card>
        <CardContent className="grid gap-4">
          <div className="grid gap-2">
            <h1 className="text-xl leading-tight font-semibold break-words">{search.searchTerm}</h1>
            <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              <Badge variant="outline">{search.entityType === "company" ? t("search.company") : t("search.person")}</Badge>
              <time dateTime={search.createdAt}>{dateTime(search.createdAt)}</time>
            </div>
          </div>
          <Alert variant="destructive">
            <XCircleIcon aria-hidden />
            <AlertTitle className="line-clamp-none">{t("search.failed")}</AlertTitle>
            {explanation && (
              <AlertDescription>
                <p className="whitespace-pre-line break-words">{explanation}</p>
              </AlertDescription>
            )}
          </Alert>
          {onNewSearch && (
            <Button variant="outline" className="w-fit" onClick={onNewSearch}>
              {t("search.tryAnother")}
            </Button>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

/** A view= search that cannot be read: deleted, or someone else's (the server answers 404 for both). */
export function LoadErrorView() {
  const { t } = useTranslation();
  return (
    <Card data-testid="search-load-error">
      <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
        <SearchXIcon className="size-10 text-destructive" aria-hidden />
        <h1 className="text-xl font-semibold">{t("search.loadFailed")}</h1>
        <p className="max-w-md text-muted-foreground">{t("search.loadFailedDescription")}</p>
        <Button variant="outline" asChild>
          <Link to="/history">{t("search.backToHistory")}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
