import { useFormatters } from "@duecheck/react/views/format";
import { cn } from "@duecheck/ui/utils";
import { useTranslation } from "react-i18next";
import type { CreditBalance } from "../../../lib/auth/schemas.ts";
import { transactionDescription } from "./transaction-description";
import { TRANSACTION_TYPE_KEYS } from "./transaction-type";

/** How many of the latest transactions the profile shows. */
export const RECENT_TRANSACTION_COUNT = 3;

export function RecentTransactions({ transactions }: { transactions: CreditBalance["transactions"] }) {
  const { t } = useTranslation();
  const { number, date } = useFormatters();
  const latest = transactions.slice(0, RECENT_TRANSACTION_COUNT);
  return (
    <div className="grid gap-2">
      <h4 className="text-sm font-medium">{t("credits.recentTransactions")}</h4>
      {latest.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("credits.noTransactions")}</p>
      ) : (
        <ul className="grid divide-y rounded-md border text-sm">
          {latest.map((tx) => {
            const description = transactionDescription(t, tx);
            return (
              <li key={tx.id} className="flex items-center justify-between gap-4 px-3 py-2" data-testid="recent-transaction">
                <div className="grid min-w-0">
                  <span className="truncate">{t(TRANSACTION_TYPE_KEYS[tx.type] ?? tx.type)}</span>
                  {description && <span className="truncate text-xs text-muted-foreground">{description}</span>}
                  <time dateTime={tx.createdAt} className="text-xs text-muted-foreground">
                    {date(tx.createdAt)}
                  </time>
                </div>
                <span className={cn("shrink-0 font-medium tabular-nums", tx.amount >= 0 ? "text-success" : "text-destructive")}>
                  {tx.amount > 0 ? "+" : ""}
                  {number(tx.amount)}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
