import { useFormatters } from "@duecheck/react/views/format";
import { Badge } from "@duecheck/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@duecheck/ui/card";
import { Skeleton } from "@duecheck/ui/skeleton";
import { ExternalLinkIcon, ReceiptIcon } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { PurchaseStatus, PurchaseView } from "../../../lib/billing/schemas.ts";
import { LoadMore } from "../components/load-more";
import { useMoney } from "./money";
import { usePurchases } from "./use-billing";

const STATUS_VARIANT: Record<PurchaseStatus, "success" | "secondary" | "destructive" | "warning" | "outline"> = {
  pending: "secondary",
  succeeded: "success",
  failed: "destructive",
  canceled: "outline",
  refunded: "warning",
  partially_refunded: "warning",
};

/** The user's own credit purchases on /credit-history: date, credits, amount, status and Stripe's receipt. */
export function PurchasesCard() {
  const { t } = useTranslation();
  const purchases = usePurchases();
  const titleId = useId();
  const items = purchases.items;

  return (
    <Card>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <ReceiptIcon className="size-5 text-primary" aria-hidden />
          {t("billing.purchases.title")}
        </CardTitle>
        <CardDescription>{t("billing.purchases.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        {purchases.isLoading && <Skeleton className="h-20 w-full" />}
        {purchases.isError && (
          <p role="alert" className="text-sm text-destructive">
            {t("billing.purchases.loadFailed")}
          </p>
        )}
        {items &&
          (items.length === 0 ? (
            <p className="rounded-md border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">{t("billing.purchases.empty")}</p>
          ) : (
            <div className="grid gap-3">
              <PurchasesTable purchases={items} labelledBy={titleId} />
              <LoadMore
                hasMore={!!purchases.hasNextPage}
                loading={purchases.isFetchingNextPage}
                loaded={items.length}
                onLoad={() => void purchases.fetchNextPage()}
              />
            </div>
          ))}
      </CardContent>
    </Card>
  );
}

function PurchasesTable({ purchases, labelledBy }: { purchases: PurchaseView[]; labelledBy: string }) {
  const { t } = useTranslation();
  const { number, dateTime } = useFormatters();
  const money = useMoney();
  const head = "h-10 px-3 font-medium whitespace-nowrap";
  return (
    // biome-ignore lint/a11y/useSemanticElements: scroll regions keep an explicit role=region (tests/browser/credit-history.test.ts selects [role=region])
    <div
      role="region"
      aria-labelledby={labelledBy}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to scroll by keyboard (axe scrollable-region-focusable)
      tabIndex={0}
      className="overflow-x-auto rounded-md border outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <table className="w-full text-sm" data-testid="purchases-table">
        <thead className="bg-muted/50 text-left text-muted-foreground">
          <tr className="border-b">
            <th scope="col" className={head}>
              {t("billing.purchases.columnDate")}
            </th>
            <th scope="col" className={`${head} text-right`}>
              {t("billing.purchases.columnCredits")}
            </th>
            <th scope="col" className={`${head} text-right`}>
              {t("billing.purchases.columnAmount")}
            </th>
            <th scope="col" className={head}>
              {t("billing.purchases.columnStatus")}
            </th>
            <th scope="col" className={head}>
              {t("billing.purchases.columnReceipt")}
            </th>
          </tr>
        </thead>
        <tbody>
          {purchases.map((purchase) => (
            <tr key={purchase.id} className="border-b last:border-0 hover:bg-muted/40">
              <td className="px-3 py-2.5 whitespace-nowrap">
                <time dateTime={purchase.createdAt}>{dateTime(purchase.createdAt)}</time>
              </td>
              <td className="px-3 py-2.5 text-right tabular-nums whitespace-nowrap">{number(purchase.credits)}</td>
              <td className="px-3 py-2.5 text-right tabular-nums whitespace-nowrap">{money.cents(purchase.amount, purchase.currency)}</td>
              <td className="px-3 py-2.5 whitespace-nowrap">
                <Badge variant={STATUS_VARIANT[purchase.status]}>{t(`billing.purchases.status.${purchase.status}`)}</Badge>
              </td>
              <td className="px-3 py-2.5 whitespace-nowrap">
                {purchase.receiptUrl ? (
                  <a
                    href={purchase.receiptUrl}
                    target="_blank"
                    rel="noreferrer"
                    className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
                  >
                    {t("billing.purchases.receipt")}
                    <ExternalLinkIcon className="size-3.5" aria-hidden />
                    <span className="sr-only">{t("billing.purchases.opensInNewTab")}</span>
                  </a>
                ) : (
                  <span aria-hidden>—</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
