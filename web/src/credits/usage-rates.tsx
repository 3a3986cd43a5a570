import { useTranslation } from "react-i18next";
import type { CreditBalance } from "../../../lib/auth/schemas.ts";

/** Cost of a manual search and of an automated check. */
export function UsageRates({ balance }: { balance: Pick<CreditBalance, "manualSearchCost" | "automatedSearchCost"> }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-2">
      <h4 className="text-sm font-medium">{t("credits.usageRates")}</h4>
      <dl className="grid gap-1 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">{t("credits.manualSearch")}</dt>
          <dd className="font-medium tabular-nums">{t("credits.count", { count: balance.manualSearchCost })}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">{t("credits.automatedSearch")}</dt>
          <dd className="font-medium tabular-nums">{t("credits.count", { count: balance.automatedSearchCost })}</dd>
        </div>
      </dl>
    </div>
  );
}
