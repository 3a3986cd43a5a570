import { useFormatters } from "@duecheck/react/views/format";
import { RISK_LABEL_KEYS } from "@duecheck/react/views/search/risk";
import { RiskBadge } from "@duecheck/react/views/search/risk-badge";
import { Badge } from "@duecheck/ui/badge";
import { Skeleton } from "@duecheck/ui/skeleton";
import { useTranslation } from "react-i18next";
import type { ReportSearch } from "../../../lib/reports/daily/schemas.ts";
import type { RiskLevel } from "../../../lib/screening/results.ts";
import { LoadMore } from "../components/load-more";
import { answer, api, withSignal } from "../lib/api";
import { usePagedList } from "../lib/use-paged-list";
import { REPORTS_QUERY_KEY } from "./use-daily-report";
import { useReportFormatters } from "./use-report-formatters";

/** Searches per page of the Search Details list. */
const PAGE_SIZE = 50;

const isRiskLevel = (value: string | null): value is RiskLevel => !!value && value in RISK_LABEL_KEYS;

/**
 * Every search of the day (GET /api/reports/daily/searches a page at a time; the report itself keeps only the
 * latest 200): term, entity type, risk level, a two-line AI summary and the time, in a scrolling list.
 */
export function SearchDetailsTab({ date }: { date: string }) {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const list = usePagedList([...REPORTS_QUERY_KEY, "searches"], { date, limit: PAGE_SIZE }, (query, signal) =>
    answer(api.reports.daily.searches.$get({ query }, withSignal(signal))),
  );
  const { items, total, isLoading, isError, hasNextPage, isFetchingNextPage, fetchNextPage } = list;

  if (isLoading) return <Skeleton className="h-40 w-full" />;
  if (isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {t("reports.searchesLoadFailed")}
      </p>
    );
  }
  if (!items?.length) {
    return (
      <p className="rounded-md border border-dashed px-4 py-8 text-center text-sm text-muted-foreground" data-testid="no-searches">
        {t("reports.noSearches")}
      </p>
    );
  }
  return (
    <div className="grid grid-cols-1 gap-2">
      {total !== undefined && <p className="text-sm text-muted-foreground">{t("reports.searchCount", { count: total, formatted: number(total) })}</p>}
      <ul className="grid max-h-[36rem] gap-2 overflow-y-auto rounded-md border p-2" aria-label={t("reports.tabDetails")} data-testid="report-searches">
        {items.map((search) => (
          <SearchItem key={search.id} search={search} />
        ))}
        <li className="list-none">
          <LoadMore hasMore={!!hasNextPage} loading={isFetchingNextPage} loaded={items.length} onLoad={() => void fetchNextPage()} />
        </li>
      </ul>
    </div>
  );
}

function SearchItem({ search }: { search: ReportSearch }) {
  const { t } = useTranslation();
  const { time } = useReportFormatters();
  return (
    <li className="grid gap-1 rounded-md border bg-card p-3" data-testid="report-search">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium" data-testid="report-search-term">
          {search.searchTerm}
        </span>
        <Badge variant="outline">{search.entityType === "company" ? t("search.company") : t("search.person")}</Badge>
        {search.isAutomated && <Badge variant="secondary">{t("reports.automated")}</Badge>}
        {isRiskLevel(search.riskLevel) ? (
          <RiskBadge level={search.riskLevel} />
        ) : (
          // A search of a past day without a level failed or never finished: not 'Pending'.
          <Badge variant="outline" data-testid="risk-badge">
            {t("reports.notRated")}
          </Badge>
        )}
        <time dateTime={search.createdAt} className="ml-auto text-xs text-muted-foreground tabular-nums">
          {time(search.createdAt)}
        </time>
      </div>
      {search.aiSummary && <p className="line-clamp-2 text-sm text-muted-foreground">{search.aiSummary}</p>}
    </li>
  );
}
