import { useFormatters } from "@duecheck/react/views/format";
import { Progress } from "@duecheck/ui/progress";
import { useTranslation } from "react-i18next";
import type { BatchView } from "./types";

/** The share of rows that have ended (completed or failed), as a bar and as processed / failed / total. */
export function BatchProgress({ batch }: { batch: BatchView }) {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const done = batch.processedEntities + batch.failedEntities;
  const percent = batch.totalEntities > 0 ? Math.min(100, Math.round((done / batch.totalEntities) * 100)) : 0;
  return (
    <div className="grid gap-2" data-testid="batch-progress">
      <Progress value={percent} aria-label={t("batch.progressLabel", { name: batch.name })} aria-valuetext={t("batch.progressValue", { percent })} />
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <dl className="flex flex-wrap gap-x-6 gap-y-1">
          <Count label={t("batch.processed")} value={number(batch.processedEntities)} testId="batch-processed" />
          <Count label={t("batch.failed")} value={number(batch.failedEntities)} testId="batch-failed" />
          <Count label={t("batch.total")} value={number(batch.totalEntities)} testId="batch-total" />
        </dl>
        <span className="text-muted-foreground tabular-nums" aria-hidden>
          {t("batch.progressValue", { percent })}
        </span>
      </div>
    </div>
  );
}

function Count({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex gap-1.5">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
