import { toast } from "@duecheck/ui/use-toast";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { CURRENT_USER_QUERY_KEY } from "../auth/use-current-user";
import { CREDIT_BALANCE_QUERY_KEY } from "../credits/use-credit-balance";
import { answer, api, withSignal } from "../lib/api";
import { useLiveQuery } from "../lib/use-live-query";
import { SEARCH_LIST_QUERY_KEY } from "../search/use-searches";
import { BATCH_LIST_QUERY_KEY, batchQueryKey, batchResultsQueryKey } from "./batch-queries";
import { BATCH_POLL_MS, type BatchView, isBatchRunning } from "./types";

const ended = (batch: BatchView | undefined) => !!batch && !isBatchRunning(batch);

/**
 * GET /api/batch-jobs/{id}, asked again every 3 s while the batch is processing. The route answers at once (it takes
 * no ?wait=), so after its first waiting read useLiveQuery keeps to the plain 3 s polling. When this
 * screen sees it end, the user (credits), the balance, the batch list and the search history are refreshed, and
 * failed rows are announced; a batch that had already ended when it was opened announces nothing.
 */
export function useBatchJob(id: string | null) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useLiveQuery({
    queryKey: batchQueryKey(id ?? ""),
    read: (_wait, signal) => answer(api["batch-jobs"][":id"].$get({ param: { id: id ?? "" } }, withSignal(signal))),
    isDone: ended,
    pollMs: BATCH_POLL_MS,
    enabled: !!id,
  });
  const batch = query.data;

  const seenRunning = useRef<string | null>(null);
  useEffect(() => {
    if (!batch) return;
    if (isBatchRunning(batch)) {
      seenRunning.current = batch.id;
      return;
    }
    if (seenRunning.current !== batch.id) return;
    seenRunning.current = null;
    void queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: CREDIT_BALANCE_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: BATCH_LIST_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: SEARCH_LIST_QUERY_KEY });
    if (batch.failedEntities > 0) {
      toast({ variant: "destructive", title: t("batch.rowsFailed", { count: batch.failedEntities }) });
    }
  }, [batch, queryClient, t]);

  // Rows change state as the batch advances: a results table on screen is read again when the counts move.
  const progress = batch ? `${batch.status}/${batch.processedEntities}/${batch.failedEntities}` : "";
  const lastProgress = useRef("");
  useEffect(() => {
    if (!id || !progress) return;
    if (lastProgress.current && lastProgress.current !== progress) void queryClient.invalidateQueries({ queryKey: batchResultsQueryKey(id) });
    lastProgress.current = progress;
  }, [id, progress, queryClient]);

  return query;
}
