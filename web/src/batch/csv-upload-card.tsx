import { Alert, AlertDescription, AlertTitle } from "@duecheck/ui/alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@duecheck/ui/card";
import { Input } from "@duecheck/ui/input";
import { Label } from "@duecheck/ui/label";
import { Spinner } from "@duecheck/ui/spinner";
import { AlertCircleIcon, FileSpreadsheetIcon } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { BATCH_NAME_MAX, defaultBatchName } from "../../../lib/batch/batch-name.ts";
import { useCsvProblemText } from "./csv-problem-text";
import { useCurrentBatchId } from "./current-batch-atom";
import { EntityPreview } from "./entity-preview";
import { StartBatch } from "./start-batch";
import { useCsvFile } from "./use-csv-file";
import { useStartBatch } from "./use-start-batch";

/** The name typed, else (left blank) the file's. */
const batchName = (typed: string | null, fileName: string) => typed?.trim() || defaultBatchName(fileName);

/** 'Upload CSV': the file, read and checked in the browser, its preview, and the start button. */
export function CsvUploadCard() {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const { file, choose, clear } = useCsvFile();
  const start = useStartBatch();
  const [, setCurrentBatch] = useCurrentBatchId();
  const problemText = useCsvProblemText();
  // null: not edited, the chosen file's name
  const [name, setName] = useState<string | null>(null);
  const nameId = useId();
  const resetInput = () => {
    if (input.current) input.current.value = "";
  };

  async function onFileChange(chosen: File | null) {
    setName(null);
    const taken = await choose(chosen);
    // A refused file is let go (its reason stays shown), so choosing it again once corrected is a change the input reports.
    if (!taken) resetInput();
  }

  function onStart() {
    if (file.state !== "ready") return;
    start.mutate(
      { name: batchName(name, file.fileName), entities: file.csv.entities },
      {
        onSuccess: (batch) => {
          setCurrentBatch(batch.id);
          clear();
          setName(null);
          resetInput();
        },
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FileSpreadsheetIcon className="size-5 text-primary" aria-hidden />
          {t("batch.uploadTitle")}
        </CardTitle>
        <CardDescription>{t("batch.uploadDescription")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor={inputId}>{t("batch.fileLabel")}</Label>
          <Input
            id={inputId}
            ref={input}
            type="file"
            accept=".csv,text/csv"
            aria-describedby={hintId}
            disabled={start.isPending}
            onChange={(event) => void onFileChange(event.target.files?.[0] ?? null)}
          />
          <p id={hintId} className="text-sm text-muted-foreground">
            {t("batch.formatHint")}
          </p>
        </div>

        {file.state === "reading" && (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="batch-reading">
            <Spinner />
            {t("batch.reading", { file: file.fileName })}
          </p>
        )}
        {file.state === "invalid" && (
          <Alert variant="destructive" data-testid="batch-csv-error">
            <AlertCircleIcon aria-hidden />
            <AlertTitle>{t("batch.parseError")}</AlertTitle>
            <AlertDescription>
              <p>
                <span className="font-medium">{file.fileName}</span>: {problemText(file.error)}
              </p>
            </AlertDescription>
          </Alert>
        )}
        {file.state === "ready" && (
          <>
            <EntityPreview entities={file.csv.entities} fileName={file.fileName} unknownColumns={file.csv.unknownColumns} />
            <div className="grid gap-2">
              <Label htmlFor={nameId}>{t("batch.nameLabel")}</Label>
              <Input
                id={nameId}
                value={name ?? defaultBatchName(file.fileName)}
                placeholder={defaultBatchName(file.fileName)}
                maxLength={BATCH_NAME_MAX}
                disabled={start.isPending}
                onChange={(event) => setName(event.target.value)}
                autoComplete="off"
              />
            </div>
            <StartBatch rows={file.csv.entities.length} pending={start.isPending} onStart={onStart} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
