import { useFormatters } from "@duecheck/react/views/format";
import { Skeleton } from "@duecheck/ui/skeleton";
import { CoinsIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { PublicUser } from "../../../lib/auth/schemas.ts";
import { hasUnlimitedCredits } from "../../../lib/credits/contract.ts";
import { useCreditBalance } from "./use-credit-balance";

/** Balance (or "Unlimited" for admins) and the usage rates line, for the sidebar user block. */
export function SidebarCreditSummary({ user }: { user: PublicUser }) {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const { data } = useCreditBalance();
  const unlimited = hasUnlimitedCredits(user) || data?.unlimited;
  const balance = data?.balance ?? user.credits ?? 0;

  return (
    <div className="grid gap-1 rounded-md border border-sidebar-border bg-background/60 px-3 py-2 text-xs" data-testid="sidebar-credits">
      <div className="flex items-center justify-between gap-2">
        <span className="flex items-center gap-1.5 text-muted-foreground">
          <CoinsIcon className="size-3.5" aria-hidden />
          {t("credits.label")}
        </span>
        <span className="font-semibold tabular-nums">{unlimited ? t("credits.unlimited") : number(balance)}</span>
      </div>
      {data ? (
        <p className="text-muted-foreground">{t("credits.ratesLine", { manual: data.manualSearchCost, count: data.automatedSearchCost })}</p>
      ) : (
        <Skeleton className="h-3 w-32" />
      )}
    </div>
  );
}
