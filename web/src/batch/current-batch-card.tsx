import { useFormatters } from "@duecheck/react/views/format";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@duecheck/ui/card";
import { Skeleton } from "@duecheck/ui/skeleton";
import { ActivityIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { BatchProgress } from "./batch-progress";
import { BatchStatusBadge } from "./batch-status-badge";
import { isBatchRunning } from "./types";
import { useBatchJob } from "./use-batch-job";
import { ViewResultsLink } from "./view-results-link";

/** 'Current Batch Status': the batch's progress, polled every 3 s while it runs, then its final state. */
export function CurrentBatchCard({ id }: { id: string }) {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  const { data: batch, isError } = useBatchJob(id);

  return (
    <Card data-testid="current-batch" aria-busy={isBatchRunning(batch)}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ActivityIcon className="size-5 text-primary" aria-hidden />
          {t("batch.currentTitle")}
        </CardTitle>
        {batch && <CardDescription data-testid="current-batch-name">{batch.name}</CardDescription>}
        {batch && (
          <CardAction>
            <BatchStatusBadge status={batch.status} />
          </CardAction>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        {isError && !batch && (
          <p role="alert" className="text-sm text-destructive">
            {t("batch.loadFailed")}
          </p>
        )}
        {!batch && !isError && <Skeleton className="h-12 w-full" />}
        {batch && (
          <>
            <BatchProgress batch={batch} />
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm text-muted-foreground" aria-live="polite">
                {batch.completedAt
                  ? t("batch.endedAt", { time: dateTime(batch.completedAt) })
                  : isBatchRunning(batch)
                    ? t("batch.runningHint")
                    : t("batch.waitingHint")}
              </p>
              <ViewResultsLink id={batch.id} name={batch.name} />
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
