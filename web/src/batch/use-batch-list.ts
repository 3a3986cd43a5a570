import { useEffect } from "react";
import { useCurrentUser } from "../auth/use-current-user";
import { answer, api, withSignal } from "../lib/api";
import { usePagedList } from "../lib/use-paged-list";
import { BATCH_LIST_QUERY_KEY } from "./batch-queries";
import { BATCH_POLL_MS, isBatchRunning } from "./types";

/** Batches per page of the history. */
export const BATCH_PAGE_SIZE = 20;

/** Whose batches: the caller's own, or the team's they may read (the scopes GET /api/batch-jobs takes). */
export type BatchScope = "mine" | "team";

/**
 * GET /api/batch-jobs a page at a time, newest first, the caller's own or with scope "team" every batch of the
 * organisation the server lets them read; read again every 3 s while any batch shown is processing.
 */
export function useBatchList(scope: BatchScope = "mine") {
  const { user } = useCurrentUser();
  const list = usePagedList(
    BATCH_LIST_QUERY_KEY,
    { limit: BATCH_PAGE_SIZE, scope },
    (query, signal) => answer(api["batch-jobs"].$get({ query }, withSignal(signal))),
    { enabled: !!user },
  );
  const running = !!list.items?.some(isBatchRunning);
  const { refetch } = list;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void refetch({ cancelRefetch: false }), BATCH_POLL_MS);
    return () => clearInterval(timer);
  }, [running, refetch]);
  return list;
}
