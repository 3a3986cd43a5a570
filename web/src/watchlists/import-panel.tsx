import { Alert, AlertDescription, AlertTitle } from "@duecheck/ui/alert";
import { Button } from "@duecheck/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@duecheck/ui/card";
import { Label } from "@duecheck/ui/label";
import { RadioGroup, RadioGroupItem } from "@duecheck/ui/radio-group";
import { Spinner } from "@duecheck/ui/spinner";
import { CheckCircle2Icon, UploadIcon } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { WATCHLIST_CSV_HEADER, WATCHLIST_UPLOAD_MAX_BYTES, type WatchlistImportMode } from "../../../lib/watchlists/contract.ts";
import { Refusal } from "../components/form-dialog";
import { useImportCsv } from "./use-watchlists";

/**
 * Import a CSV into the watchlist: add to the entries or replace them. The answer is shown where the user acted: how
 * many entries were added and were there already, and every rejected line with its number and why.
 */
export function ImportPanel({ watchlistId }: { watchlistId: string }) {
  const { t } = useTranslation();
  const importCsv = useImportCsv(watchlistId);
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<WatchlistImportMode>("add");
  const fileId = useId();
  const hintId = useId();
  const headingId = useId();
  const tooLarge = !!file && file.size > WATCHLIST_UPLOAD_MAX_BYTES;
  const result = importCsv.data;

  return (
    <Card aria-labelledby={headingId} data-testid="watchlist-import">
      <CardHeader>
        <CardTitle id={headingId} className="text-lg">
          {t("watchlists.import.title")}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p id={hintId} className="text-sm text-muted-foreground break-words">
          {t("watchlists.import.hint")} <code className="break-all">{WATCHLIST_CSV_HEADER.join(",")}</code>
        </p>
        <div className="grid gap-2">
          <Label htmlFor={fileId}>{t("watchlists.import.file")}</Label>
          <input
            ref={input}
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            aria-describedby={hintId}
            className="text-sm file:mr-3 file:rounded-md file:border file:bg-muted file:px-3 file:py-1.5 max-w-full"
            data-testid="watchlist-import-file"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              importCsv.reset();
            }}
          />
          {tooLarge && (
            <p role="alert" className="text-sm text-destructive">
              {t("watchlists.import.tooLarge")}
            </p>
          )}
        </div>
        <RadioGroup value={mode} onValueChange={(v) => setMode(v as WatchlistImportMode)} aria-label={t("watchlists.import.mode")} className="grid gap-2">
          {(["add", "replace"] as const).map((m) => (
            <div key={m} className="flex items-start gap-2">
              <RadioGroupItem value={m} id={`${fileId}-${m}`} />
              <Label htmlFor={`${fileId}-${m}`} className="font-normal leading-snug">
                {t(`watchlists.import.${m}`)}
              </Label>
            </div>
          ))}
        </RadioGroup>
        <div>
          <Button
            type="button"
            disabled={!file || tooLarge || importCsv.isPending}
            onClick={() => file && importCsv.mutate({ file, mode })}
            data-testid="watchlist-import-submit"
          >
            {importCsv.isPending ? <Spinner /> : <UploadIcon aria-hidden />}
            {t("watchlists.import.submit")}
          </Button>
        </div>
        {importCsv.error ? <Refusal error={importCsv.error} title={t("watchlists.import.failed")} testId="watchlist-import-error" /> : null}
        {result && (
          <div className="grid gap-3" aria-live="polite" data-testid="watchlist-import-result">
            <Alert>
              <CheckCircle2Icon aria-hidden />
              <AlertTitle>{t("watchlists.import.done", { count: result.imported })}</AlertTitle>
              <AlertDescription>
                {t("watchlists.import.summary", { duplicates: result.duplicates, rejected: result.rejectedCount, entries: result.watchlist.entryCount })}
              </AlertDescription>
            </Alert>
            {result.rejected.length > 0 && (
              <div className="grid gap-2">
                <h3 className="text-sm font-semibold">{t("watchlists.import.rejectedTitle", { count: result.rejectedCount })}</h3>
                <ul className="grid gap-1 text-sm" data-testid="watchlist-import-rejected">
                  {result.rejected.map((r) => (
                    <li key={r.line} className="break-words">
                      <span className="font-medium">{t("watchlists.import.line", { line: r.line })}</span> {r.error}
                    </li>
                  ))}
                </ul>
                {result.rejectedCount > result.rejected.length && (
                  <p className="text-sm text-muted-foreground">
                    {t("watchlists.import.moreRejected", { count: result.rejectedCount - result.rejected.length })}
                  </p>
                )}
              </div>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
