import { useFormatters } from "@duecheck/react/views/format";
import { useTranslation } from "react-i18next";
import { BatchCsvError, type BatchCsvProblem } from "../../../lib/batch/csv.ts";

/**
 * A refused CSV in the interface language: the same problem the server and the CLI state in English
 * (lib/batch/csv-problems.ts), worded from its code and values, with its line.
 */
export function useCsvProblemText() {
  const { t } = useTranslation();
  const { number } = useFormatters();

  function reason(problem: BatchCsvProblem): string {
    switch (problem.code) {
      case "notCsvFile":
        return t("batch.invalidFile");
      case "empty":
        return t("batch.csv.empty");
      case "noEntities":
        return t("batch.csv.noEntities");
      case "tooLarge":
        return t("batch.csv.tooLarge", { size: `${number(Math.round((problem.maxBytes / 1024 / 1024) * 10) / 10)} MB` });
      case "tooManyRows":
        return t("batch.csv.tooManyRows", { max: number(problem.maxRows) });
      case "noNameColumn":
        return t("batch.csv.noNameColumn", { found: problem.found });
      case "extraValues":
        return t("batch.csv.extraValues", { separator: t(`batch.csv.separator.${problem.separator}`) });
      case "notUtf8":
        return t("batch.csv.notUtf8");
      case "quoteNotClosed":
        return t("batch.csv.quoteNotClosed");
      case "textAfterQuote":
        return t("batch.csv.textAfterQuote");
      case "unreadable":
        return t("batch.csv.unreadable", { detail: problem.detail });
      case "invalidValue":
        // The search schema's messages are translation keys themselves, as the server's other messages are.
        return t(problem.message);
    }
  }

  return (error: unknown): string => {
    if (!(error instanceof BatchCsvError)) return t("batch.parseError");
    const text = reason(error.problem);
    return error.line === undefined ? text : t("batch.csv.line", { line: number(error.line), reason: text });
  };
}
