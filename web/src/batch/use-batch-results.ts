import { useCurrentUser } from "../auth/use-current-user";
import { usePagedList } from "../lib/use-paged-list";
import { batchResultsQueryKey, batchUrl } from "./batch-queries";
import type { BatchResultRow, RiskLevel } from "./types";

/** Rows per page of a batch's results. */
export const RESULTS_PAGE_SIZE = 50;

/** GET /api/batch-jobs/{id}/results a page at a time, of one risk level or all. */
export function useBatchResults(id: string, riskLevel: RiskLevel | undefined, { enabled }: { enabled: boolean }) {
  const { user } = useCurrentUser();
  return usePagedList<BatchResultRow>(
    `${batchUrl(id)}/results`,
    batchResultsQueryKey(id),
    { riskLevel, limit: RESULTS_PAGE_SIZE },
    { enabled: enabled && !!user },
  );
}
