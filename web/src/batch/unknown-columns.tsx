import { Alert, AlertDescription, AlertTitle } from "@duecheck/ui/alert";
import { InfoIcon } from "lucide-react";
import { useTranslation } from "react-i18next";

/**
 * The header's columns the batch does not read, named in the preview before anything is charged: a misspelt
 * "Birth-Date" or an extra "Segment" column is seen, never dropped unseen. Says which names are read.
 */
export function UnknownColumns({ names }: { names: string[] }) {
  const { t } = useTranslation();
  if (names.length === 0) return null;
  return (
    <Alert data-testid="batch-unknown-columns">
      <InfoIcon aria-hidden />
      <AlertTitle>{t("batch.details.unknownTitle")}</AlertTitle>
      <AlertDescription className="grid gap-1">
        <p className="wrap-anywhere">{t("batch.details.unknownColumns", { count: names.length, names: names.join(", ") })}</p>
        <p className="text-xs">{t("batch.details.knownColumns")}</p>
      </AlertDescription>
    </Alert>
  );
}
