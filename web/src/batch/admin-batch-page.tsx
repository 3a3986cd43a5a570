import { DuecheckError } from "@duecheck/react/api/errors";
import { useFormatters } from "@duecheck/react/views/format";
import { Button } from "@duecheck/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@duecheck/ui/card";
import { Skeleton } from "@duecheck/ui/skeleton";
import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate, useParams, useSearch } from "@tanstack/react-router";
import { ArrowLeftIcon, FileQuestionIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { AdminBatchView, BatchResultRow } from "../../../lib/batch/schemas.ts";
import { AdminOnly, isForbidden, NotAllowed } from "../admin/admin-only";
import { PagedListState } from "../admin/list-state";
import { MessagePage } from "../components/message-page";
import { fetchQueryJson } from "../lib/query-client";
import { usePagedList } from "../lib/use-paged-list";
import { PageHeader } from "../shell/page-header";
import { BatchProgress } from "./batch-progress";
import { BatchResultsTable } from "./batch-results-table";
import { BatchStatusBadge } from "./batch-status-badge";
import { RiskFilter } from "./risk-filter";
import type { RiskLevel } from "./types";
import { RESULTS_PAGE_SIZE } from "./use-batch-results";

const adminBatchUrl = (id: string) => `/api/admin/batch-jobs/${encodeURIComponent(id)}`;

/**
 * /admin/batches/{id}: any user's batch, read-only, with its owner, progress and rows (?riskLevel= keeps one risk
 * level); each row opens its search. Read once per visit: every opening is audited, so it is not polled.
 */
export function AdminBatchPage() {
  return (
    <AdminOnly>
      <AdminBatch />
    </AdminOnly>
  );
}

function AdminBatch() {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  const navigate = useNavigate();
  const { batchId } = useParams({ strict: false }) as { batchId: string };
  const { riskLevel } = useSearch({ strict: false }) as { riskLevel?: RiskLevel };
  const job = useQuery({
    queryKey: ["/api/admin", "batch-jobs", batchId],
    queryFn: ({ signal }) => fetchQueryJson<AdminBatchView>(adminBatchUrl(batchId), { on401: "throw", signal }),
  });
  const results = usePagedList<BatchResultRow>(`${adminBatchUrl(batchId)}/results`, ["/api/admin", "batch-jobs", batchId, "results"], {
    riskLevel,
    limit: RESULTS_PAGE_SIZE,
  });
  if (isForbidden(job.error)) return <NotAllowed />;
  if (job.error instanceof DuecheckError && job.error.status === 404) {
    return (
      <MessagePage
        icon={FileQuestionIcon}
        title={t("batch.notFound")}
        description={t("batch.notFoundDescription")}
        link={{ to: "/admin/batches", label: t("adminRecords.batches.back") }}
        testId="batch-not-found"
      />
    );
  }
  const batch = job.data;
  const setRiskLevel = (next: RiskLevel | undefined) =>
    void navigate({ to: "/admin/batches/$batchId", params: { batchId }, search: next ? { riskLevel: next } : {}, replace: true });

  return (
    <div className="grid w-full grid-cols-1 gap-6">
      <div>
        <Button variant="ghost" size="sm" asChild className="-ml-2">
          <Link to="/admin/batches">
            <ArrowLeftIcon aria-hidden />
            {t("adminRecords.batches.back")}
          </Link>
        </Button>
      </div>
      {batch ? (
        <PageHeader title={batch.name} description={t("adminRecords.batches.owner", { email: batch.userEmail })} />
      ) : (
        <Skeleton className="h-12 w-full" />
      )}
      {job.isError && !batch && (
        <p role="alert" className="text-sm text-destructive">
          {t("batch.loadFailed")}
        </p>
      )}
      {batch && (
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
      )}
      <Card>
        <CardHeader className="grid gap-3">
          <CardTitle>{t("batch.resultsTitle")}</CardTitle>
          <RiskFilter value={riskLevel} onChange={setRiskLevel} />
        </CardHeader>
        <CardContent>
          <PagedListState list={{ ...results, hasNextPage: !!results.hasNextPage }} empty={t(riskLevel ? "batch.noResultsFiltered" : "batch.noResults")}>
            <BatchResultsTable rows={results.items ?? []} caption={t("batch.resultsTitle")} />
          </PagedListState>
        </CardContent>
      </Card>
    </div>
  );
}
