import { errorOf } from "@duecheck/react/api/errors";
import { useFormatBytes } from "@duecheck/react/views/sanctions/format";
import { Button } from "@duecheck/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@duecheck/ui/dialog";
import { Input } from "@duecheck/ui/input";
import { Label } from "@duecheck/ui/label";
import { Progress } from "@duecheck/ui/progress";
import { toast } from "@duecheck/ui/use-toast";
import { useQueryClient } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import { AlertTriangleIcon, UploadIcon } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { DatasetView } from "../../../lib/sanctions/contract.ts";
import { DATASET_UPLOAD_FIELD, DATASET_UPLOAD_MAX_BYTES } from "../../../lib/sanctions/upload-contract.ts";
import { type api, serverErrorText } from "../lib/api";
import { DATASETS_QUERY_KEY, sanctionsStatusQuery } from "./queries";

/** Where an upload stands: the bytes sent so far, then the server's import (parsing, checks, the new version). */
type Stage = { kind: "idle" } | { kind: "uploading"; percent: number } | { kind: "importing" } | { kind: "failed"; message: string };

/** What the import route answers (200 or 201), typed by the route itself: the upload cannot go through `api`. */
type ImportResult = InferResponseType<(typeof api.sanctions.datasets)[":id"]["import"]["$post"]>;

/**
 * POST /api/sanctions/datasets/{id}/import with XMLHttpRequest, whose upload events (unlike fetch's) report the
 * bytes sent. Resolves with the answer and its status; a refused upload rejects with the server's error.
 */
function sendFiles(datasetId: string, files: File[], onStage: (stage: Stage) => void): Promise<{ status: number; result: ImportResult }> {
  const form = new FormData();
  for (const file of files) form.append(DATASET_UPLOAD_FIELD, file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/sanctions/datasets/${encodeURIComponent(datasetId)}/import`);
    xhr.withCredentials = true;
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onStage({ kind: "uploading", percent: Math.round((event.loaded / event.total) * 100) });
    };
    // Every byte is sent: what remains is the server's parsing and storing.
    xhr.upload.onload = () => onStage({ kind: "importing" });
    xhr.onerror = () => reject(new Error("network"));
    xhr.onload = async () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve({ status: xhr.status, result: JSON.parse(xhr.responseText) as ImportResult });
      reject(await errorOf(new Response(xhr.responseText, { status: xhr.status, statusText: xhr.statusText })));
    };
    xhr.send(form);
  });
}

/** Admin dialog importing a list from files: one, several (the four OFAC CSVs), a zip of them, or an export file. */
export function UploadDatasetDialog({ dataset, open, onOpenChange }: { dataset: DatasetView; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const formatBytes = useFormatBytes();
  const queryClient = useQueryClient();
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [stage, setStage] = useState<Stage>({ kind: "idle" });
  const busy = stage.kind === "uploading" || stage.kind === "importing";
  const total = files.reduce((sum, f) => sum + f.size, 0);
  const tooLarge = total > DATASET_UPLOAD_MAX_BYTES;

  function close(next: boolean) {
    if (busy) return;
    if (!next) {
      setFiles([]);
      setStage({ kind: "idle" });
    }
    onOpenChange(next);
  }

  async function upload() {
    if (files.length === 0 || tooLarge) return;
    setStage({ kind: "uploading", percent: 0 });
    try {
      const { result } = await sendFiles(dataset.id, files, setStage);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: DATASETS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: sanctionsStatusQuery.queryKey }),
      ]);
      toast({
        title:
          result.status === "success"
            ? t("sanctions.upload.imported", { name: dataset.source_name })
            : t("sanctions.upload.identical", { name: dataset.source_name }),
        // FollowTheMoney lines that were not JSON, skipped (up to 1 % of the file's lines).
        description: result.status === "success" && result.skipped_lines ? t("sanctions.upload.skippedLines", { count: result.skipped_lines }) : undefined,
      });
      setStage({ kind: "idle" });
      setFiles([]);
      onOpenChange(false);
    } catch (error) {
      setStage({ kind: "failed", message: serverErrorText(error) ?? t("sanctions.upload.networkError") });
    }
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="sm:max-w-lg" data-testid="upload-dataset-dialog">
        <DialogHeader>
          <DialogTitle>{t("sanctions.upload.title", { name: dataset.source_name })}</DialogTitle>
          <DialogDescription>{t("sanctions.upload.description")}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-3">
          <Label htmlFor={inputId}>{t("sanctions.upload.files")}</Label>
          <Input
            ref={input}
            id={inputId}
            type="file"
            multiple
            disabled={busy}
            aria-describedby={hintId}
            onChange={(event) => {
              setFiles([...(event.target.files ?? [])]);
              setStage({ kind: "idle" });
            }}
          />
          <p id={hintId} className="text-xs text-muted-foreground">
            {t("sanctions.upload.hint", { size: formatBytes(DATASET_UPLOAD_MAX_BYTES) })}
          </p>
          {files.length > 0 && (
            <ul className="grid gap-1 text-sm" aria-label={t("sanctions.upload.selected")}>
              {files.map((file) => (
                <li key={file.name} className="flex justify-between gap-3">
                  <span className="min-w-0 break-all">{file.name}</span>
                  <span className="text-muted-foreground tabular-nums">{formatBytes(file.size)}</span>
                </li>
              ))}
            </ul>
          )}
          {tooLarge && (
            <p role="alert" className="text-sm text-destructive">
              {t("sanctions.upload.tooLarge", { size: formatBytes(DATASET_UPLOAD_MAX_BYTES) })}
            </p>
          )}
          {stage.kind === "uploading" && (
            <div className="grid gap-1" data-testid="upload-progress">
              <Progress value={stage.percent} aria-label={t("sanctions.upload.uploading")} />
              <p className="text-sm text-muted-foreground" aria-live="polite">
                {t("sanctions.upload.uploadingPercent", { percent: stage.percent })}
              </p>
            </div>
          )}
          {stage.kind === "importing" && (
            <div className="grid gap-1" data-testid="upload-progress">
              <Progress value={100} aria-label={t("sanctions.upload.importing")} />
              <p className="text-sm text-muted-foreground" aria-live="polite">
                {t("sanctions.upload.importing")}
              </p>
            </div>
          )}
          {stage.kind === "failed" && (
            <div
              role="alert"
              className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm text-destructive"
              data-testid="upload-error"
            >
              <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
              <div className="grid min-w-0 gap-1">
                <p className="font-medium">{t("sanctions.upload.refused")}</p>
                <p className="[overflow-wrap:anywhere]">{stage.message}</p>
              </div>
            </div>
          )}
        </div>
        <DialogFooter>
          <Button variant="outline" disabled={busy} onClick={() => close(false)}>
            {t("common.cancel")}
          </Button>
          <Button disabled={busy || files.length === 0 || tooLarge} onClick={upload}>
            <UploadIcon aria-hidden />
            {t("sanctions.upload.submit")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The card's button that opens the upload dialog (admins only). */
export function UploadDatasetButton({ dataset, disabled }: { dataset: DatasetView; disabled?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        disabled={disabled}
        onClick={() => setOpen(true)}
        aria-label={`${t("sanctions.upload.open")}: ${dataset.source_name}`}
      >
        <UploadIcon aria-hidden />
        {t("sanctions.upload.open")}
      </Button>
      <UploadDatasetDialog dataset={dataset} open={open} onOpenChange={setOpen} />
    </>
  );
}
