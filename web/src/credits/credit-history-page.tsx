import { useFormatters } from "@duecheck/react/views/format";
import { Button } from "@duecheck/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@duecheck/ui/card";
import { Label } from "@duecheck/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@duecheck/ui/select";
import { Skeleton } from "@duecheck/ui/skeleton";
import { cn } from "@duecheck/ui/utils";
import { Link } from "@tanstack/react-router";
import { ArrowLeftIcon, CoinsIcon, HistoryIcon } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { CreditBalance } from "../../../lib/auth/schemas.ts";
import { useCurrentUser } from "../auth/use-current-user";
import { PurchasesCard } from "../billing/purchases-card";
import { LoadMore } from "../components/load-more";
import { answer, api, withSignal } from "../lib/api";
import { usePagedList } from "../lib/use-paged-list";
import { PageHeader } from "../shell/page-header";
import { transactionDescription } from "./transaction-description";
import { TRANSACTION_TYPE_KEYS } from "./transaction-type";
import { CREDIT_BALANCE_QUERY_KEY, useCreditBalance } from "./use-credit-balance";

type CreditTransaction = CreditBalance["transactions"][number];
type TransactionType = CreditTransaction["type"];
type TypeFilter = TransactionType | "all";

/** Transactions per page of the history. */
const CREDIT_HISTORY_PAGE_SIZE = 50;

/** Under the balance key, so invalidating the balance also refreshes the history. */
export const CREDIT_HISTORY_QUERY_KEY = [...CREDIT_BALANCE_QUERY_KEY, "transactions"] as const;

const TRANSACTION_TYPES = Object.keys(TRANSACTION_TYPE_KEYS) as TransactionType[];

/** GET /api/credits/transactions a page at a time as the table scrolls, filtered by type on the server. */
function useCreditHistory(filter: TypeFilter) {
  const { user } = useCurrentUser();
  return usePagedList(
    CREDIT_HISTORY_QUERY_KEY,
    { type: filter === "all" ? undefined : filter, limit: CREDIT_HISTORY_PAGE_SIZE },
    (query, signal) => answer(api.credits.transactions.$get({ query }, withSignal(signal))),
    { enabled: !!user },
  );
}

export function CreditHistoryPage() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const [filter, setFilter] = useState<TypeFilter>("all");
  const balance = useCreditBalance();
  const history = useCreditHistory(filter);
  const filterId = useId();
  const tableTitleId = useId();
  const transactions = history.items;

  return (
    // One column no wider than the screen: the table scrolls inside its own region, never the page.
    <div className="grid w-full grid-cols-1 gap-6">
      <PageHeader title={t("credits.history.title")} description={t("credits.history.description")}>
        <Button asChild variant="outline">
          <Link to="/profile">
            <ArrowLeftIcon aria-hidden />
            {t("credits.history.backToProfile")}
          </Link>
        </Button>
      </PageHeader>

      <Card>
        <CardContent className="flex flex-wrap items-center justify-between gap-4">
          <div className="flex items-center gap-3">
            <CoinsIcon className="size-6 text-primary" aria-hidden />
            <span className="text-sm font-medium text-muted-foreground">{t("credits.history.currentBalance")}</span>
          </div>
          {balance.isLoading ? (
            <Skeleton className="h-9 w-32" />
          ) : (
            balance.data && <BalanceValue balance={balance.data} unlimited={user?.role === "admin" || balance.data.unlimited} />
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="flex flex-wrap items-end justify-between gap-4">
          <div className="grid gap-1.5">
            <CardTitle id={tableTitleId} className="flex items-center gap-2">
              <HistoryIcon className="size-5 text-primary" aria-hidden />
              {t("credits.history.transactions")}
            </CardTitle>
            <CardDescription>
              {history.total === undefined
                ? t("credits.history.newestFirst")
                : t(filter === "all" ? "credits.history.count" : "credits.history.countFiltered", { count: history.total })}
            </CardDescription>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={filterId}>{t("credits.history.filterLabel")}</Label>
            <Select value={filter} onValueChange={(next) => setFilter(next as TypeFilter)}>
              <SelectTrigger id={filterId} className="w-full sm:w-60">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="all">{t("credits.history.allTypes")}</SelectItem>
                {TRANSACTION_TYPES.map((type) => (
                  <SelectItem key={type} value={type}>
                    {t(TRANSACTION_TYPE_KEYS[type])}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        </CardHeader>
        <CardContent>
          {history.isLoading && (
            <div className="grid gap-2">
              <Skeleton className="h-9 w-full" />
              <Skeleton className="h-9 w-full" />
              <Skeleton className="h-9 w-full" />
            </div>
          )}
          {history.isError && (
            <p role="alert" className="text-sm text-destructive">
              {t("credits.history.loadFailed")}
            </p>
          )}
          {transactions &&
            (transactions.length === 0 ? (
              <EmptyState text={t(filter === "all" ? "credits.history.empty" : "credits.history.emptyFiltered")} />
            ) : (
              <div className={cn("grid gap-3", history.isPlaceholderData && "opacity-60")}>
                <TransactionTable transactions={transactions} labelledBy={tableTitleId} />
                <LoadMore
                  hasMore={!!history.hasNextPage}
                  loading={history.isFetchingNextPage}
                  loaded={transactions.length}
                  onLoad={() => void history.fetchNextPage()}
                />
              </div>
            ))}
        </CardContent>
      </Card>

      <PurchasesCard />
    </div>
  );
}

function BalanceValue({ balance, unlimited }: { balance: CreditBalance; unlimited: boolean }) {
  const { t } = useTranslation();
  const { number } = useFormatters();
  return (
    <p className="flex items-baseline gap-2" data-testid="credit-history-balance">
      <span className="text-3xl font-bold tabular-nums">{unlimited ? t("credits.unlimited") : number(balance.balance)}</span>
      {!unlimited && <span className="text-muted-foreground">{t("credits.unit", { count: balance.balance })}</span>}
    </p>
  );
}

function EmptyState({ text }: { text: string }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-md border border-dashed px-4 py-10 text-center text-sm text-muted-foreground">
      <HistoryIcon className="size-8" aria-hidden />
      <p>{text}</p>
    </div>
  );
}

function TransactionTable({ transactions, labelledBy }: { transactions: CreditTransaction[]; labelledBy: string }) {
  const { t } = useTranslation();
  const { number, dateTime } = useFormatters();
  const signed = (amount: number) => `${amount > 0 ? "+" : "-"}${number(Math.abs(amount))}`;

  return (
    // Focusable so keyboard users can scroll the table sideways on narrow screens.
    // biome-ignore lint/a11y/useSemanticElements: scroll regions keep an explicit role=region (tests/browser/credit-history.test.ts selects [role=region])
    <div
      role="region"
      aria-labelledby={labelledBy}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to scroll by keyboard (axe scrollable-region-focusable)
      tabIndex={0}
      className="overflow-x-auto rounded-md border outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <table className="w-full caption-bottom text-sm" data-testid="credit-history-table">
        <caption className="sr-only">{t("credits.history.caption")}</caption>
        <thead className="bg-muted/50 text-left text-muted-foreground">
          <tr className="border-b">
            <th scope="col" className="h-10 px-3 font-medium whitespace-nowrap">
              {t("credits.history.columnDate")}
            </th>
            <th scope="col" className="h-10 px-3 font-medium whitespace-nowrap">
              {t("credits.history.columnType")}
            </th>
            <th scope="col" className="h-10 px-3 font-medium whitespace-nowrap">
              {t("credits.history.columnMember")}
            </th>
            <th scope="col" className="h-10 px-3 font-medium">
              {t("credits.history.columnDescription")}
            </th>
            <th scope="col" className="h-10 px-3 text-right font-medium whitespace-nowrap">
              {t("credits.history.columnAmount")}
            </th>
            <th scope="col" className="h-10 px-3 text-right font-medium whitespace-nowrap">
              {t("credits.history.columnBalance")}
            </th>
          </tr>
        </thead>
        <tbody>
          {transactions.map((tx) => {
            const description = transactionDescription(t, tx);
            return (
              <tr key={tx.id} className="border-b transition-colors last:border-0 hover:bg-muted/40">
                <td className="px-3 py-2.5 whitespace-nowrap">
                  <time dateTime={tx.createdAt}>{dateTime(tx.createdAt)}</time>
                </td>
                <td className="px-3 py-2.5 whitespace-nowrap">{t(TRANSACTION_TYPE_KEYS[tx.type] ?? tx.type)}</td>
                {/* The balance is the organisation's: each entry says which member searched, bought or was credited. */}
                <td className="px-3 py-2.5 whitespace-nowrap" title={tx.member.email}>
                  {tx.member.fullName}
                </td>
                <td className="px-3 py-2.5 text-muted-foreground">{description ?? <span aria-hidden>—</span>}</td>
                <td className={cn("px-3 py-2.5 text-right font-medium tabular-nums whitespace-nowrap", tx.amount >= 0 ? "text-success" : "text-destructive")}>
                  {signed(tx.amount)}
                </td>
                <td className="px-3 py-2.5 text-right tabular-nums whitespace-nowrap">{number(tx.balance)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
