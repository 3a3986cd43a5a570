import { useFormatters } from "@duecheck/react/views/format";
import { Card, CardContent } from "@duecheck/ui/card";
import { useTranslation } from "react-i18next";
import { BatchProgress } from "./batch-progress";
import { BatchStatusBadge } from "./batch-status-badge";
import type { BatchView } from "./types";

/** A batch's status, when it was created and completed, and its progress. */
export function BatchSummaryCard({ batch }: { batch: BatchView }) {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  return (
    <Card data-testid="batch-summary">
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
          <BatchStatusBadge status={batch.status} />
          <span>
            {t("batch.createdAt")} <time dateTime={batch.createdAt}>{dateTime(batch.createdAt)}</time>
          </span>
          {batch.completedAt && (
            <span>
              {t("batch.completedAt")} <time dateTime={batch.completedAt}>{dateTime(batch.completedAt)}</time>
            </span>
          )}
        </div>
        <BatchProgress batch={batch} />
      </CardContent>
    </Card>
  );
}
