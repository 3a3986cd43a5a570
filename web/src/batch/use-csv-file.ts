import { toast } from "@duecheck/ui/use-toast";
import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type BatchCsv, isCsvFileName, readBatchCsv } from "../../../lib/batch/csv.ts";

export type CsvFileState =
  | { state: "empty" }
  | { state: "reading"; fileName: string }
  | { state: "ready"; fileName: string; csv: BatchCsv }
  | { state: "invalid"; fileName: string; error: unknown };

const EMPTY: CsvFileState = { state: "empty" };

/**
 * The chosen CSV file, read in the browser with the server's own reader and rules (lib/batch/csv.ts): streamed a
 * chunk at a time, so the page keeps responding while a large file is read. A file chosen meanwhile replaces it.
 */
export function useCsvFile() {
  const { t } = useTranslation();
  const [file, setFile] = useState<CsvFileState>(EMPTY);
  const latest = useRef(0);

  /** Answers whether the file was taken: a name not ending in .csv and a file that cannot be read are not. */
  const choose = useCallback(
    async (chosen: File | null): Promise<boolean> => {
      const turn = ++latest.current;
      if (!chosen) {
        setFile(EMPTY);
        return true;
      }
      if (!isCsvFileName(chosen.name)) {
        setFile(EMPTY);
        toast({ variant: "destructive", title: t("batch.errorTitle"), description: t("batch.invalidFile") });
        return false;
      }
      setFile({ state: "reading", fileName: chosen.name });
      try {
        const csv = await readBatchCsv(chosen);
        if (turn === latest.current) setFile({ state: "ready", fileName: chosen.name, csv });
        return true;
      } catch (error) {
        if (turn !== latest.current) return true;
        setFile({ state: "invalid", fileName: chosen.name, error });
        toast({ variant: "destructive", title: t("batch.errorTitle"), description: t("batch.parseError") });
        return false;
      }
    },
    [t],
  );

  const clear = useCallback(() => {
    latest.current++;
    setFile(EMPTY);
  }, []);

  return { file, choose, clear };
}
