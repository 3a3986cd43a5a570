import { useFormatters } from "@duecheck/react/views/format";
import { toast } from "@duecheck/ui/use-toast";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { BatchEntity } from "../../../lib/batch/entity-schema.ts";
import { CURRENT_USER_QUERY_KEY } from "../auth/use-current-user";
import { CREDIT_BALANCE_QUERY_KEY } from "../credits/use-credit-balance";
import { answer, api, serverErrorText } from "../lib/api";
import { BATCH_LIST_QUERY_KEY, batchQueryKey } from "./batch-queries";

/** The server's 402 text: "Insufficient credits: this batch of 3 needs 30 credits, the balance is 0". */
const INSUFFICIENT_CREDITS = /needs (\d+) credits, the balance is (-?\d+)/;

/**
 * Two calls: POST /api/batch-jobs (with the name from the upload card), then its entities, which the server
 * charges and queues together or not at all. Toast 'Batch job started' with the count, or 'Failed to start batch job'
 * with the server's reason added.
 */
export function useStartBatch() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { number } = useFormatters();
  return useMutation({
    mutationFn: async ({ name, entities }: { name: string; entities: BatchEntity[] }) => {
      const batch = await answer(api["batch-jobs"].$post({ json: { name, totalEntities: entities.length, status: "processing" } }));
      return answer(api["batch-jobs"][":id"].entities.$post({ param: { id: batch.id }, json: { entities } }));
    },
    onSuccess: ({ creditsRequired: _, ...batch }) => {
      queryClient.setQueryData(batchQueryKey(batch.id), batch);
      toast({ title: t("batch.started"), description: t("batch.startedDescription", { count: batch.totalEntities, n: number(batch.totalEntities) }) });
    },
    onError: (error) => {
      const server = serverErrorText(error);
      const credits = server && INSUFFICIENT_CREDITS.exec(server);
      const reason = credits
        ? t("batch.insufficientCreditsMessage", { required: number(Number(credits[1])), balance: number(Number(credits[2])) })
        : server && t(server);
      toast({
        variant: "destructive",
        title: t("batch.errorTitle"),
        description: reason ? `${t("batch.startFailed")}. ${reason}` : t("batch.startFailed"),
      });
    },
    // Charged or not, what the server holds now is what the screen should show.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: BATCH_LIST_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: CREDIT_BALANCE_QUERY_KEY });
    },
  });
}
