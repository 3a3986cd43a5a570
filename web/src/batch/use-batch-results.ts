import { useCurrentUser } from "../auth/use-current-user";
import { answer, api, withSignal } from "../lib/api";
import { usePagedList } from "../lib/use-paged-list";
import { batchResultsQueryKey } from "./batch-queries";
import type { RiskLevel } from "./types";

/** Rows per page of a batch's results. */
export const RESULTS_PAGE_SIZE = 50;

/** GET /api/batch-jobs/{id}/results a page at a time, of one risk level or all. */
export function useBatchResults(id: string, riskLevel: RiskLevel | undefined, { enabled }: { enabled: boolean }) {
  const { user } = useCurrentUser();
  return usePagedList(
    batchResultsQueryKey(id),
    { riskLevel, limit: RESULTS_PAGE_SIZE },
    (query, signal) => answer(api["batch-jobs"][":id"].results.$get({ param: { id }, query }, withSignal(signal))),
    { enabled: enabled && !!user },
  );
}
