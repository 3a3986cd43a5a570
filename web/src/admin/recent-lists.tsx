import { useFormatters } from "@duecheck/react/views/format";
import { RiskBadge } from "@duecheck/react/views/search/risk-badge";
import { Card, CardContent, CardHeader, CardTitle } from "@duecheck/ui/card";
import { useTranslation } from "react-i18next";
import type { AdminStats } from "../../../lib/admin/schemas.ts";
import type { RiskLevel } from "../../../lib/screening/results.ts";
import { useUsd } from "./admin-format";

export function RecentSearches({ searches }: { searches: AdminStats["recentSearches"] }) {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("admin.dashboard.recentSearches")}</CardTitle>
      </CardHeader>
      <CardContent>
        {searches.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("admin.dashboard.noSearches")}</p>
        ) : (
          <ul className="grid gap-3" data-testid="recent-searches">
            {searches.map((search) => (
              <li key={search.id} className="flex items-center justify-between gap-3" data-testid="recent-search">
                <div className="grid min-w-0 gap-0.5">
                  <span className="font-medium wrap-anywhere">{search.searchTerm}</span>
                  <span className="text-xs text-muted-foreground wrap-anywhere">
                    {search.userEmail} · <time dateTime={search.createdAt}>{dateTime(search.createdAt)}</time>
                  </span>
                </div>
                <RiskBadge level={search.riskLevel as RiskLevel | null} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

export function RecentPurchases({ purchases }: { purchases: AdminStats["recentPurchases"] }) {
  const { t } = useTranslation();
  const { dateTime, number } = useFormatters();
  const usd = useUsd();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("admin.dashboard.recentPurchases")}</CardTitle>
      </CardHeader>
      <CardContent>
        {purchases.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("admin.dashboard.noPurchases")}</p>
        ) : (
          <ul className="grid gap-3" data-testid="recent-purchases">
            {purchases.map((purchase, index) => (
              <li key={`${purchase.createdAt}-${index}`} className="flex items-center justify-between gap-3" data-testid="recent-purchase">
                <div className="grid min-w-0 gap-0.5">
                  <span className="font-medium wrap-anywhere">{purchase.userEmail ?? t("admin.dashboard.deletedUser")}</span>
                  <time className="text-xs text-muted-foreground" dateTime={purchase.createdAt}>
                    {dateTime(purchase.createdAt)}
                  </time>
                </div>
                <div className="grid justify-items-end gap-0.5">
                  <span className="font-medium text-success tabular-nums" data-testid="purchase-credits">
                    {t("admin.dashboard.plusCredits", { value: number(purchase.amount) })}
                  </span>
                  <span className="text-xs text-muted-foreground tabular-nums" data-testid="purchase-price">
                    {usd(purchase.price)}
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
