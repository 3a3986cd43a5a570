import { useFormatters } from "@duecheck/react/views/format";
import { Alert, AlertDescription, AlertTitle } from "@duecheck/ui/alert";
import { Button } from "@duecheck/ui/button";
import { Spinner } from "@duecheck/ui/spinner";
import { AlertCircleIcon, PlayIcon } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { BuyCreditsLink } from "../credits/buy-credits-link";
import { useSearchAllowance } from "../search/use-search-allowance";

/**
 * The start button with what the batch costs (every row a manual search) against the balance; disabled, saying
 * why, when the balance does not cover it. Admins and unlimited accounts are not charged.
 */
export function StartBatch({ rows, pending, onStart }: { rows: number; pending: boolean; onStart: () => void }) {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const { cost, unlimited, balance } = useSearchAllowance();
  const required = rows * cost;
  const insufficient = !unlimited && balance < required;
  const costId = useId();

  return (
    <div className="grid gap-3">
      {insufficient && (
        <Alert variant="destructive" data-testid="batch-insufficient-credits">
          <AlertCircleIcon aria-hidden />
          <AlertTitle>{t("batch.insufficientCredits")}</AlertTitle>
          <AlertDescription>
            <p>{t("batch.insufficientCreditsMessage", { required: number(required), balance: number(balance) })}</p>
            <BuyCreditsLink />
          </AlertDescription>
        </Alert>
      )}
      <Button size="lg" disabled={pending || insufficient} aria-describedby={costId} onClick={onStart}>
        {pending ? <Spinner /> : <PlayIcon aria-hidden />}
        {pending ? t("batch.starting") : t("batch.start", { count: rows, n: number(rows) })}
      </Button>
      <p id={costId} className="text-center text-xs text-muted-foreground" data-testid="batch-cost">
        {unlimited
          ? t("batch.costUnlimited")
          : t("batch.costLine", { count: rows, n: number(rows), cost: number(cost), required: number(required), balance: number(balance) })}
      </p>
    </div>
  );
}
