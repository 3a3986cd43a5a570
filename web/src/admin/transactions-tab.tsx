import { useFormatters } from "@duecheck/react/views/format";
import { Input } from "@duecheck/ui/input";
import { Label } from "@duecheck/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@duecheck/ui/select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@duecheck/ui/table";
import { cn } from "@duecheck/ui/utils";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AdminTransaction } from "../../../lib/admin/schemas.ts";
import { TRANSACTION_TYPE_KEYS } from "../credits/transaction-type";
import { useDebouncedValue } from "../hooks/use-debounced-value";
import { PagedListState } from "./list-state";
import { TRANSACTION_TYPES, type TransactionType, useAdminTransactions } from "./use-admin-activity";

/** Credit Transactions: user filter, type filter; columns Date/Time, User, Type, Amount, Balance after, Description. */
export function TransactionsTab() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState("");
  const [type, setType] = useState<TransactionType | "all">("all");
  const q = useDebouncedValue(filter);
  const list = useAdminTransactions(q, type);
  const ids = { filter: useId(), type: useId() };
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-4">
        <div className="grid min-w-56 flex-1 gap-2 sm:max-w-sm">
          <Label htmlFor={ids.filter}>{t("admin.activity.userFilter")}</Label>
          <Input
            id={ids.filter}
            type="search"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            placeholder={t("admin.activity.userFilterPlaceholder")}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={ids.type}>{t("admin.activity.typeFilter")}</Label>
          <Select value={type} onValueChange={(value) => setType(value as TransactionType | "all")}>
            <SelectTrigger id={ids.type} className="w-56">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">{t("admin.activity.allTypes")}</SelectItem>
              {TRANSACTION_TYPES.map((value) => (
                <SelectItem key={value} value={value}>
                  {t(TRANSACTION_TYPE_KEYS[value])}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>
      <PagedListState list={{ ...list, hasNextPage: !!list.hasNextPage }} empty={t("admin.activity.noTransactions")}>
        <TransactionsTable transactions={list.items ?? []} />
      </PagedListState>
    </div>
  );
}

function TransactionsTable({ transactions }: { transactions: AdminTransaction[] }) {
  const { t } = useTranslation();
  const { number, dateTime } = useFormatters();
  const typeLabel = (type: string) => (type in TRANSACTION_TYPE_KEYS ? t(TRANSACTION_TYPE_KEYS[type as TransactionType]) : type);
  return (
    <Table data-testid="admin-transactions-table">
      <caption className="sr-only">{t("admin.activity.transactionsTab")}</caption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">{t("admin.activity.column.date")}</TableHead>
          <TableHead scope="col">{t("admin.activity.column.user")}</TableHead>
          <TableHead scope="col">{t("admin.activity.column.type")}</TableHead>
          <TableHead scope="col" className="text-right">
            {t("admin.activity.column.amount")}
          </TableHead>
          <TableHead scope="col" className="text-right">
            {t("admin.activity.column.balance")}
          </TableHead>
          <TableHead scope="col">{t("admin.activity.column.description")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {transactions.map((tx) => (
          <TableRow key={tx.id} data-testid="admin-transaction-row">
            <TableCell className="whitespace-nowrap">
              <time dateTime={tx.createdAt}>{dateTime(tx.createdAt)}</time>
            </TableCell>
            <TableCell>
              <div className="font-medium">{tx.userName}</div>
              <div className="text-xs text-muted-foreground">{tx.userEmail}</div>
            </TableCell>
            <TableCell>{typeLabel(tx.type)}</TableCell>
            <TableCell className={cn("text-right tabular-nums", tx.amount > 0 ? "text-success" : "text-destructive")}>
              {tx.amount > 0 ? `+${number(tx.amount)}` : number(tx.amount)}
            </TableCell>
            <TableCell className="text-right tabular-nums">{number(tx.balance)}</TableCell>
            <TableCell className="max-w-64 wrap-anywhere">{tx.description ?? ""}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
