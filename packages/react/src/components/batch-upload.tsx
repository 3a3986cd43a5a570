import { Button } from "@duecheck/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@duecheck/ui/card";
import { Input } from "@duecheck/ui/input";
import { Label } from "@duecheck/ui/label";
import { Progress } from "@duecheck/ui/progress";
import { Spinner } from "@duecheck/ui/spinner";
import { useMutation, useQuery } from "@tanstack/react-query";
import { UploadIcon } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { BatchAccepted, BatchProgress } from "../api/types.ts";
import { useDuecheck } from "../context.ts";
import { ShadowScope } from "../scope/shadow-scope.tsx";
import { ProblemAlert } from "./problem-alert.tsx";
import { useProblemText } from "./use-screening.ts";

/** Polling interval of a running batch, as on the app's batch screen. */
const BATCH_POLL_MS = 3000;

export interface BatchUploadProps {
  /** Every row has been screened: the batch with its searches. */
  onCompleted?: (batch: BatchProgress) => void;
  onError?: (error: unknown) => void;
}

/** A CSV of names (columns Name and Type) screened at once: every row charged and queued together, then its progress. */
export function BatchUpload(props: BatchUploadProps) {
  return (
    <ShadowScope name="batch-upload">
      <BatchUploadBody {...props} />
    </ShadowScope>
  );
}

function BatchUploadBody({ onCompleted, onError }: BatchUploadProps) {
  const { t } = useTranslation();
  const { transport } = useDuecheck();
  const problem = useProblemText();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const upload = useMutation<BatchAccepted, Error, File>({ mutationFn: (chosen) => transport.uploadBatch(chosen), onError });
  const batchId = upload.data?.batchId ?? null;
  const progress = useQuery({
    queryKey: ["duecheck", "batch", batchId],
    enabled: !!batchId,
    queryFn: async () => {
      const batch = await transport.getBatch(batchId!);
      if (batch.status === "completed") onCompleted?.(batch);
      return batch;
    },
    refetchInterval: (query) => (query.state.data?.status === "completed" || query.state.data?.status === "failed" ? false : BATCH_POLL_MS),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (file && !upload.isPending) upload.mutate(file);
  }

  const batch = progress.data;
  const percent = batch && batch.totalEntities > 0 ? Math.round((batch.processedEntities / batch.totalEntities) * 100) : 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("batch.uploadTitle")}</CardTitle>
        <CardDescription>{t("dc.batchDescription")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form onSubmit={submit} className="grid gap-2">
          <Label htmlFor={fileId}>{t("batch.fileLabel")}</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input id={fileId} type="file" accept=".csv,text/csv" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
            <Button type="submit" disabled={!file || upload.isPending}>
              {upload.isPending ? <Spinner /> : <UploadIcon aria-hidden />}
              {upload.isPending ? t("dc.batchUploading") : t("dc.batchUpload")}
            </Button>
          </div>
        </form>
        {upload.error && <ProblemAlert text={problem(upload.error, "dc.batchFailed")} />}
        {upload.data && <p className="text-sm">{t("dc.batchAccepted", { count: upload.data.totalEntities, credits: upload.data.creditsRequired })}</p>}
        {batch && (
          <div className="grid gap-2" data-testid="duecheck-batch-progress">
            <Progress value={percent} aria-label={t("batch.progressLabel", { name: batch.name })} />
            <p className="text-sm text-muted-foreground">
              {t(`batch.status.${batch.status}`)} · {t("batch.doneOfTotal", { done: batch.processedEntities, total: batch.totalEntities })}
            </p>
            <ul className="grid gap-1 text-sm">
              {batch.searches.map((search) => (
                <li key={search.id} className="flex justify-between gap-2 rounded-md border px-3 py-2">
                  <span className="break-words">{search.searchTerm}</span>
                  <span className="text-muted-foreground">{search.riskLevel ? t(`risk.${search.riskLevel}`) : t(`batch.status.${search.status}`)}</span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
