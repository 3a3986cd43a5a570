import { DuecheckError } from "@duecheck/react/api/errors";
import { useQuery } from "@tanstack/react-query";
import { useNavigate, useParams, useSearch } from "@tanstack/react-router";
import { FileQuestionIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { AdminOnly, isForbidden, NotAllowed } from "../admin/admin-only";
import { PagedListState } from "../admin/list-state";
import { MessagePage } from "../components/message-page";
import { answer, api, withSignal } from "../lib/api";
import { usePagedList } from "../lib/use-paged-list";
import { BatchHeading } from "./batch-heading";
import { BatchResultsCard } from "./batch-results-card";
import { BatchResultsTable } from "./batch-results-table";
import { BatchSummaryCard } from "./batch-summary-card";
import type { RiskLevel } from "./types";
import { RESULTS_PAGE_SIZE } from "./use-batch-results";

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
  const navigate = useNavigate();
  const { batchId } = useParams({ strict: false }) as { batchId: string };
  const { riskLevel } = useSearch({ strict: false }) as { riskLevel?: RiskLevel };
  const job = useQuery({
    queryKey: ["/api/admin", "batch-jobs", batchId],
    queryFn: ({ signal }) => answer(api.admin["batch-jobs"][":id"].$get({ param: { id: batchId } }, withSignal(signal))),
  });
  const results = usePagedList(["/api/admin", "batch-jobs", batchId, "results"], { riskLevel, limit: RESULTS_PAGE_SIZE }, (query, signal) =>
    answer(api.admin["batch-jobs"][":id"].results.$get({ param: { id: batchId }, query }, withSignal(signal))),
  );
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
      <BatchHeading
        back={{ to: "/admin/batches", label: t("adminRecords.batches.back") }}
        batch={batch}
        description={batch && t("adminRecords.batches.owner", { email: batch.userEmail })}
        loadFailed={job.isError}
      />
      {batch && <BatchSummaryCard batch={batch} />}
      <BatchResultsCard riskLevel={riskLevel} onRiskLevelChange={setRiskLevel}>
        <PagedListState list={{ ...results, hasNextPage: !!results.hasNextPage }} empty={t(riskLevel ? "batch.noResultsFiltered" : "batch.noResults")}>
          <BatchResultsTable rows={results.items ?? []} caption={t("batch.resultsTitle")} />
        </PagedListState>
      </BatchResultsCard>
    </div>
  );
}
