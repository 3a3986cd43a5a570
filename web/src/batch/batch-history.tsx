import { useFormatters } from "@duecheck/react/views/format";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@duecheck/ui/card";
import { Skeleton } from "@duecheck/ui/skeleton";
import { HistoryIcon, LayersIcon } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { TeamBatchView } from "../../../lib/batch/schemas.ts";
import { LoadMore } from "../components/load-more";
import { TeamSwitch } from "../components/team-switch";
import { BatchStatusBadge } from "./batch-status-badge";
import { isBatchRunning } from "./types";
import type { useBatchList } from "./use-batch-list";
import { ViewResultsLink } from "./view-results-link";

/** 'Batch History': the user's batches (or the team's, each with who made it), newest first, a page at a time as the list scrolls. */
export function BatchHistory({ list, team, onTeamChange }: { list: ReturnType<typeof useBatchList>; team: boolean; onTeamChange: (on: boolean) => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { items, total, isLoading, isError, hasNextPage, isFetchingNextPage, fetchNextPage } = list;

  return (
    <Card>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <HistoryIcon className="size-5 text-primary" aria-hidden />
          {t("batch.historyTitle")}
        </CardTitle>
        {total !== undefined && total > 0 && <CardDescription>{t("batch.historyCount", { count: total })}</CardDescription>}
        <TeamSwitch checked={team} onCheckedChange={onTeamChange} />
      </CardHeader>
      <CardContent className="grid gap-3">
        {isLoading && (
          <div className="grid gap-3">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        )}
        {isError && (
          <p role="alert" className="text-sm text-destructive">
            {t("batch.historyLoadFailed")}
          </p>
        )}
        {items &&
          (items.length === 0 ? (
            <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-10 text-center">
              <LayersIcon className="size-10 text-muted-foreground" aria-hidden />
              <p className="font-medium">{t("batch.empty")}</p>
              <p className="text-sm text-muted-foreground">{t("batch.emptyDescription")}</p>
            </div>
          ) : (
            <>
              <ul className="grid gap-3" aria-labelledby={titleId} data-testid="batch-history">
                {items.map((batch) => (
                  <BatchHistoryItem key={batch.id} batch={batch} showMadeBy={team} />
                ))}
              </ul>
              <LoadMore hasMore={!!hasNextPage} loading={isFetchingNextPage} loaded={items.length} onLoad={() => void fetchNextPage()} />
            </>
          ))}
      </CardContent>
    </Card>
  );
}

function BatchHistoryItem({ batch, showMadeBy }: { batch: TeamBatchView; showMadeBy: boolean }) {
  const { t } = useTranslation();
  const { number, dateTime } = useFormatters();
  const done = batch.processedEntities + batch.failedEntities;
  return (
    <li data-testid="batch-history-item" className="flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="grid min-w-0 gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold break-words">{batch.name}</h3>
          <BatchStatusBadge status={batch.status} />
        </div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
          <span data-testid="batch-entities">{t("batch.entityCount", { count: batch.totalEntities, n: number(batch.totalEntities) })}</span>
          {isBatchRunning(batch) && (
            <span data-testid="batch-item-progress">{t("batch.doneOfTotal", { done: number(done), total: number(batch.totalEntities) })}</span>
          )}
          <span>
            {t("batch.createdAt")} <time dateTime={batch.createdAt}>{dateTime(batch.createdAt)}</time>
          </span>
          {showMadeBy && (
            <span data-testid="batch-made-by">
              {t("team.madeBy")} <span className="font-medium text-foreground wrap-anywhere">{batch.createdBy.name ?? t("history.formerMember")}</span>
            </span>
          )}
          {batch.completedAt && (
            <span>
              {t("batch.completedAt")} <time dateTime={batch.completedAt}>{dateTime(batch.completedAt)}</time>
            </span>
          )}
          {batch.failedEntities > 0 && (
            <span className="font-medium text-destructive" data-testid="batch-item-failed">
              {t("batch.failedCount", { count: batch.failedEntities, n: number(batch.failedEntities) })}
            </span>
          )}
        </div>
      </div>
      <div className="shrink-0">
        <ViewResultsLink id={batch.id} name={batch.name} />
      </div>
    </li>
  );
}
