import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../shell/page-header";
import { BatchHistory } from "./batch-history";
import { CsvUploadCard } from "./csv-upload-card";
import { useCurrentBatchId } from "./current-batch-atom";
import { CurrentBatchCard } from "./current-batch-card";
import { isBatchRunning } from "./types";
import { useBatchList } from "./use-batch-list";

/**
 * /batch: the CSV upload card, 'Current Batch Status' for the batch started here (or, when
 * none was, the newest batch still processing, kept once shown so its end is seen) and 'Batch History'.
 */
export function BatchPage() {
  const { t } = useTranslation();
  const [current, setCurrent] = useCurrentBatchId();
  const list = useBatchList();
  const running = list.items?.find(isBatchRunning)?.id;
  useEffect(() => {
    if (!current && running) setCurrent(running);
  }, [current, running, setCurrent]);

  return (
    <div className="grid w-full grid-cols-1 gap-6">
      <PageHeader title={t("batch.title")} description={t("batch.description")} />
      <CsvUploadCard />
      {current && <CurrentBatchCard key={current} id={current} />}
      <BatchHistory list={list} />
    </div>
  );
}
