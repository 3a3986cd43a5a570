import { Accordion } from "@duecheck/ui/accordion";
import { Alert, AlertDescription, AlertTitle } from "@duecheck/ui/alert";
import { Badge } from "@duecheck/ui/badge";
import { Button } from "@duecheck/ui/button";
import { Card, CardContent, CardHeader } from "@duecheck/ui/card";
import { Spinner } from "@duecheck/ui/spinner";
import type { SearchDetailView } from "@lib/screening/contract.ts";
import { hitCounts } from "@lib/screening/hit-counts.ts";
import { failedSources, mediaChecked, pepDetected, type SearchResults } from "@lib/screening/results.ts";
import { displayedSummary } from "@lib/screening/summary/display-summary.ts";
import {
  AlertTriangleIcon,
  CheckCircle2Icon,
  FileSpreadsheetIcon,
  FileTextIcon,
  LandmarkIcon,
  NewspaperIcon,
  ShieldAlertIcon,
  SparklesIcon,
  UnplugIcon,
} from "lucide-react";
import type * as React from "react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFormatters } from "../format";
import { SearchedDetails } from "./details/searched-details";
import { ListsUsed } from "./lists-used";
import { MEDIA_SECTION, MediaSection } from "./media-section";
import { PEP_SECTION, PepSection } from "./pep-section";
import { type ResultsReviewSlots, type SectionHitActions, useResultsReview } from "./review-slots";
import { effectiveRiskLevel } from "./risk";
import { RiskBadge } from "./risk-badge";
import { describeFailedSource, RiskReasons } from "./risk-reasons";
import { SANCTIONS_SECTION, SanctionsSection } from "./sanctions-section";
import { exportUrl, type SearchExportFormat, useSearchExport } from "./search-export";
import { useScreeningLanguage } from "./use-screening-language";

/**
 * The results view: the card, the summary alerts, the risk reasons and both accordions. Shared
 * with the embeddable package (packages/react): `banner` is the app's historical-search banner, 'Start New Search'
 * shows when `onNewSearch` is given, and the exports go through SearchExportContext when it is set. `review` (or
 * ResultsReviewContext) lets a host add its review: a status beside the risk badge, actions under each flagged hit,
 * notes and a timeline under the results; without it the results are shown as they are.
 */
export function ResultsView({
  search,
  banner,
  onNewSearch,
  review,
}: {
  search: Pick<SearchDetailView, "id" | "status" | "searchTerm" | "entityType" | "createdAt" | "riskLevel" | "aiSummary" | "results" | "details"> &
    Partial<Pick<SearchDetailView, "hitCounts">>;
  banner?: React.ReactNode;
  onNewSearch?: () => void;
  review?: ResultsReviewSlots;
}) {
  const { t } = useTranslation();
  const slots = useResultsReview(review);
  const hitActions: SectionHitActions | undefined = slots.hitActions && ((hit) => slots.hitActions?.({ ...hit, searchId: search.id }));
  const { dateTime, number } = useFormatters();
  const results = search.results;
  const level = effectiveRiskLevel(search.riskLevel, results);
  const running = search.status === "pending" || search.status === "processing";
  const language = useScreeningLanguage();
  // Matches and near misses as every screen and report counts them (lib/screening/hit-counts.ts); the server's counts
  // know the decisions taken since, so what still waits for one; without them, every near miss the screening flagged.
  const counts = search.hitCounts ?? hitCounts(results);
  const sanctionsMatches = counts.matches;
  const nearMissesWaiting = search.hitCounts ? counts.open.nearMisses : counts.nearMisses;
  const pepCount = results?.pepListings.length ?? 0;
  const mediaCount = results?.adverseMedia.length ?? 0;
  // No news provider answered: the media counter shows '–' and the section says so, never "0" or "none found".
  const mediaUnchecked = !!results && !mediaChecked(results);
  const summary =
    results && search.aiSummary ? displayedSummary({ name: search.searchTerm, entityType: search.entityType }, results, search.aiSummary, language) : null;

  const openSections = [
    // Near misses wait for a decision: their section opens too, they are never hidden behind a closed one. A listing
    // cleared before is shown (who cleared it and why), not behind a closed section either, though it flags nothing.
    ...(sanctionsMatches > 0 || nearMissesWaiting > 0 || counts.clearedBefore > 0 ? [SANCTIONS_SECTION] : []),
    ...(pepCount > 0 ? [PEP_SECTION] : []),
    ...(mediaCount > 0 || mediaUnchecked ? [MEDIA_SECTION] : []),
  ];

  return (
    <div className="grid gap-6" data-testid="search-results">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">{t("search.resultsTitle")}</h1>
        {onNewSearch && (
          <Button variant="outline" onClick={onNewSearch}>
            {t("search.startNewSearch")}
          </Button>
        )}
      </div>

      {banner}
      {slots.notice?.(search.id)}

      <Card>
        <CardHeader className="gap-3">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
            <div className="grid min-w-0 gap-2">
              <h2 className="text-xl leading-tight font-semibold break-words" data-testid="result-term">
                {search.searchTerm}
              </h2>
              <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                <Badge variant="outline">{search.entityType === "company" ? t("search.company") : t("search.person")}</Badge>
                <time dateTime={search.createdAt}>{dateTime(search.createdAt)}</time>
                <RiskBadge level={level} />
                {slots.status?.(search.id)}
              </div>
              <SearchedDetails details={search.details} />
            </div>
            <div className="flex flex-wrap gap-2">
              <ExportButton id={search.id} format="pdf" disabled={running} />
              <ExportButton id={search.id} format="excel" disabled={running} />
            </div>
          </div>
        </CardHeader>
        <CardContent className="grid gap-6">
          {results && <SummaryAlerts results={results} level={level} />}

          <section aria-labelledby="ai-summary-title" className="grid gap-2 rounded-lg border bg-primary/5 p-4" data-testid="ai-summary">
            <h3 id="ai-summary-title" className="flex items-center gap-2 font-semibold">
              <SparklesIcon className="size-4 text-primary" aria-hidden />
              {t("search.analysisTitle")}
            </h3>
            {summary || search.aiSummary ? (
              <p className="text-sm leading-relaxed whitespace-pre-line break-words">{summary?.text ?? search.aiSummary}</p>
            ) : (
              <p className="text-sm text-muted-foreground">{running ? t("search.analysisPending") : t("search.noAnalysis")}</p>
            )}
            {results && summary && (
              <p className="text-xs text-muted-foreground">
                {summary.source === "model"
                  ? t("search.summaryByModel")
                  : summary.modelInOtherLanguage
                    ? t("search.summaryOtherLanguage")
                    : results.sources.some((s) => s.kind === "summary" && s.status === "failed")
                      ? t("search.summaryModelFailed")
                      : t("search.summaryBuiltIn")}
              </p>
            )}
          </section>

          <div className="grid gap-3 sm:grid-cols-3">
            <Counter
              testId="counter-sanctions"
              icon={<ShieldAlertIcon className="size-5" aria-hidden />}
              label={t("search.sanctionsMatches")}
              value={number(sanctionsMatches)}
              note={nearMissesWaiting > 0 ? t("search.nearMissesWaiting", { count: nearMissesWaiting, formatted: number(nearMissesWaiting) }) : undefined}
              alert={sanctionsMatches > 0}
            />
            <Counter
              testId="counter-pep"
              icon={<LandmarkIcon className="size-5" aria-hidden />}
              label={t("search.pepListings")}
              value={number(pepCount)}
              alert={pepCount > 0}
            />
            <Counter
              testId="counter-media"
              icon={<NewspaperIcon className="size-5" aria-hidden />}
              label={t("search.adverseMedia")}
              value={mediaUnchecked ? "–" : number(mediaCount)}
              note={mediaUnchecked ? t("search.adverseMediaNotChecked") : undefined}
              alert={mediaUnchecked || (results?.adverseMedia.some((m) => m.isNegative) ?? false)}
            />
          </div>

          {results && <RiskReasons reasons={results.risk.reasons} failed={failedSources(results)} />}
          {results && <ListsUsed results={results} />}
        </CardContent>
      </Card>

      {results && (
        <Card className="py-2">
          <CardContent>
            <Accordion type="multiple" defaultValue={openSections}>
              <SanctionsSection rows={results.sanctionsList} hitActions={hitActions} />
              <PepSection listings={results.pepListings} hitActions={hitActions} />
              <MediaSection items={results.adverseMedia} checked={!mediaUnchecked} hitActions={hitActions} />
            </Accordion>
          </CardContent>
        </Card>
      )}

      {results && slots.footer?.(search.id)}
    </div>
  );
}

function ExportButton({ id, format, disabled }: { id: string; format: SearchExportFormat; disabled: boolean }) {
  const { t } = useTranslation();
  const download = useSearchExport();
  const [downloading, setDownloading] = useState(false);
  const label = format === "pdf" ? t("search.exportPdf") : t("search.exportExcel");
  const icon = format === "pdf" ? <FileTextIcon aria-hidden /> : <FileSpreadsheetIcon aria-hidden />;
  if (download) {
    const start = () => {
      setDownloading(true);
      void download(id, format).finally(() => setDownloading(false));
    };
    return (
      <Button variant="outline" size="sm" disabled={disabled || downloading} onClick={start}>
        {downloading ? <Spinner /> : icon}
        {label}
      </Button>
    );
  }
  if (disabled) {
    return (
      <Button variant="outline" size="sm" disabled>
        {icon}
        {label}
      </Button>
    );
  }
  // The server answers the report as an attachment: a download, in this tab. Opened in a new tab it left a blank one.
  return (
    <Button variant="outline" size="sm" asChild>
      <a href={exportUrl(id, format)} download>
        {icon}
        {label}
        <span className="sr-only">{t("search.downloadsFile")}</span>
      </a>
    </Button>
  );
}

function Counter({
  icon,
  label,
  value,
  note,
  alert,
  testId,
}: {
  icon: React.ReactNode;
  label: string;
  value: string;
  note?: string;
  alert: boolean;
  testId: string;
}) {
  return (
    <div className="grid gap-1 rounded-lg border p-4" data-testid={testId}>
      <div className="flex items-center gap-2 text-sm text-muted-foreground">
        <span className={alert ? "text-destructive" : "text-primary"}>{icon}</span>
        <span>{label}</span>
      </div>
      <p className={alert ? "text-3xl font-bold tabular-nums text-destructive" : "text-3xl font-bold tabular-nums"}>{value}</p>
      {note && (
        <p className="text-sm text-destructive" data-testid={`${testId}-note`}>
          {note}
        </p>
      )}
    </div>
  );
}

/** 'PEP Status Detected', 'High Risk Indicators', 'Clean Profile' (only when every source answered), and failed sources. */
function SummaryAlerts({ results, level }: { results: SearchResults; level: ReturnType<typeof effectiveRiskLevel> }) {
  const { t } = useTranslation();
  const language = useScreeningLanguage();
  const pep = pepDetected(results);
  const highRisk = level === "high" || level === "critical";
  // The summary is written from the findings, so its failure leaves nothing unchecked (it is noted under the summary).
  const failed = failedSources(results);
  const clean = results.clean && failed.length === 0;
  if (!highRisk && !pep && !clean && failed.length === 0) return null;
  return (
    <div className="grid gap-3">
      {highRisk && (
        <Alert variant="destructive" data-testid="alert-high-risk">
          <AlertTriangleIcon aria-hidden />
          <AlertTitle>{t("search.highRiskIndicators")}</AlertTitle>
          <AlertDescription>{t("search.highRiskIndicatorsDescription")}</AlertDescription>
        </Alert>
      )}
      {pep && (
        <Alert variant="warning" data-testid="alert-pep">
          <LandmarkIcon aria-hidden />
          <AlertTitle>{t("search.pepDetected")}</AlertTitle>
          <AlertDescription>{t("search.pepDetectedDescription")}</AlertDescription>
        </Alert>
      )}
      {clean && (
        <Alert className="border-success/50 [&>svg]:text-success" data-testid="alert-clean">
          <CheckCircle2Icon aria-hidden />
          <AlertTitle>{t("search.cleanProfile")}</AlertTitle>
          <AlertDescription>{t("search.cleanProfileDescription")}</AlertDescription>
        </Alert>
      )}
      {failed.length > 0 && (
        <Alert variant="warning" data-testid="failed-sources">
          <UnplugIcon aria-hidden />
          <AlertTitle className="line-clamp-none">{t("search.sourcesFailedTitle")}</AlertTitle>
          <AlertDescription>
            <p>{t("search.sourcesFailedDescription")}</p>
            <ul className="ml-4 list-disc">
              {failed.map((source) => (
                <li key={`${source.kind}-${source.source}`} className="break-words">
                  {describeFailedSource(t, language, source)}
                </li>
              ))}
            </ul>
          </AlertDescription>
        </Alert>
      )}
    </div>
  );
}
