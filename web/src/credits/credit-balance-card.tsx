import { useFormatters } from "@duecheck/react/views/format";
import { Button } from "@duecheck/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@duecheck/ui/card";
import { Separator } from "@duecheck/ui/separator";
import { Skeleton } from "@duecheck/ui/skeleton";
import { Link } from "@tanstack/react-router";
import { CoinsIcon, CreditCardIcon, HistoryIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { buysCredits } from "../../../lib/auth/roles.ts";
import { useCurrentUser } from "../auth/use-current-user";
import { LowBalanceAlert } from "./low-balance-alert";
import { RecentTransactions } from "./recent-transactions";
import { UsageRates } from "./usage-rates";
import { useCreditBalance } from "./use-credit-balance";

/**
 * Profile card: balance, low-balance warning, usage rates, latest transactions and the link to the full history; Buy
 * Credits only for who may buy them (lib/auth/roles.ts buysCredits: not a read-only or an unlimited account).
 */
export function CreditBalanceCard() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const { number } = useFormatters();
  const { data: balance, isLoading, isError } = useCreditBalance();

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CoinsIcon className="size-5 text-primary" aria-hidden />
          {t("credits.balanceTitle")}
        </CardTitle>
        <CardDescription>{t("credits.balanceDescription")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {isLoading && <Skeleton className="h-24 w-full" />}
        {isError && <p className="text-sm text-destructive">{t("credits.loadFailed")}</p>}
        {balance && (
          <>
            <p className="flex items-baseline gap-2" data-testid="credit-balance">
              <span className="text-4xl font-bold tabular-nums">{balance.unlimited ? t("credits.unlimited") : number(balance.balance)}</span>
              {!balance.unlimited && <span className="text-muted-foreground">{t("credits.unit", { count: balance.balance })}</span>}
            </p>
            <LowBalanceAlert balance={balance} />
            <Separator />
            <UsageRates balance={balance} />
            <Separator />
            <RecentTransactions transactions={balance.transactions} />
          </>
        )}
      </CardContent>
      <CardFooter className="flex flex-wrap gap-2">
        {balance && !balance.unlimited && user && buysCredits(user) && (
          <Button asChild>
            <Link to="/buy-credits">
              <CreditCardIcon aria-hidden />
              {t("credits.buy")}
            </Link>
          </Button>
        )}
        <Button asChild variant="outline">
          <Link to="/credit-history">
            <HistoryIcon aria-hidden />
            {t("credits.viewHistory")}
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
