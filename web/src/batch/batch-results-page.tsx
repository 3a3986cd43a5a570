import { DuecheckError } from "@duecheck/react/api/errors";
import { useFormatters } from "@duecheck/react/views/format";
import { Skeleton } from "@duecheck/ui/skeleton";
import { cn } from "@duecheck/ui/utils";
import { useNavigate, useParams, useSearch } from "@tanstack/react-router";
import { FileQuestionIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { LoadMore } from "../components/load-more";
import { MessagePage } from "../components/message-page";
import { BatchDownloads } from "./batch-downloads";
import { BatchHeading } from "./batch-heading";
import { BatchResultsCard } from "./batch-results-card";
import { BatchResultsTable } from "./batch-results-table";
import { BatchSummaryCard } from "./batch-summary-card";
import type { RiskLevel } from "./types";
import { useBatchJob } from "./use-batch-job";
import { useBatchResults } from "./use-batch-results";

const isNotFound = (error: unknown) => error instanceof DuecheckError && error.status === 404;

/**
 * /batch/{id}: the batch with its progress (live while it runs), its results one row per entity, filtered by risk
 * (?riskLevel=), and its downloads. Another user's batch or an unknown id: 'Batch not found'.
 */
export function BatchResultsPage() {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const navigate = useNavigate();
  const { batchId } = useParams({ strict: false }) as { batchId: string };
  const { riskLevel } = useSearch({ strict: false }) as { riskLevel?: RiskLevel };
  const job = useBatchJob(batchId);
  const results = useBatchResults(batchId, riskLevel, { enabled: true });
  const batch = job.data;

  if (isNotFound(job.error) || isNotFound(results.error)) return <BatchNotFound />;

  const setRiskLevel = (next: RiskLevel | undefined) =>
    void navigate({ to: "/batch/$batchId", params: { batchId }, search: next ? { riskLevel: next } : {}, replace: true });
  const rows = results.items;

  return (
    <div className="grid w-full grid-cols-1 gap-6">
      <BatchHeading back={{ to: "/batch", label: t("batch.backToBatches") }} batch={batch} description={t("batch.resultsDescription")} loadFailed={job.isError}>
        <BatchDownloads id={batchId} />
      </BatchHeading>
      {batch && <BatchSummaryCard batch={batch} />}
      <BatchResultsCard riskLevel={riskLevel} onRiskLevelChange={setRiskLevel} contentClassName="grid gap-3">
        {results.total !== undefined && (
          <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="batch-results-count">
            {t(riskLevel ? "batch.resultsCountFiltered" : "batch.entityCount", { count: results.total, n: number(results.total) })}
          </p>
        )}
        {results.isLoading && <Skeleton className="h-40 w-full" />}
        {results.isError && (
          <p role="alert" className="text-sm text-destructive">
            {t("batch.resultsLoadFailed")}
          </p>
        )}
        {rows &&
          (rows.length === 0 ? (
            <p className="rounded-md border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
              {t(riskLevel ? "batch.noResultsFiltered" : "batch.noResults")}
            </p>
          ) : (
            <div className={cn("grid gap-3", results.isPlaceholderData && "opacity-60")} aria-busy={results.isPlaceholderData}>
              <BatchResultsTable rows={rows} caption={t("batch.resultsTitle")} />
              <LoadMore hasMore={!!results.hasNextPage} loading={results.isFetchingNextPage} loaded={rows.length} onLoad={() => void results.fetchNextPage()} />
            </div>
          ))}
      </BatchResultsCard>
    </div>
  );
}

function BatchNotFound() {
  const { t } = useTranslation();
  return (
    <MessagePage
      icon={FileQuestionIcon}
      title={t("batch.notFound")}
      description={t("batch.notFoundDescription")}
      link={{ to: "/batch", label: t("batch.backToBatches") }}
      testId="batch-not-found"
    />
  );
}
