import { useFormatters } from "@duecheck/react/views/format";
import { RiskBadge } from "@duecheck/react/views/search/risk-badge";
import { Button } from "@duecheck/ui/button";
import { Input } from "@duecheck/ui/input";
import { Label } from "@duecheck/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@duecheck/ui/select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@duecheck/ui/table";
import { cn } from "@duecheck/ui/utils";
import { ExternalLinkIcon } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AdminSearchRecord } from "../../../lib/admin/schemas.ts";
import { searchPagePath } from "../../../lib/screening/contract.ts";
import type { RiskLevel } from "../../../lib/screening/results.ts";
import { useDebouncedValue } from "../hooks/use-debounced-value";
import { PagedListState } from "./list-state";
import { SEARCH_RANGES, type SearchRange, useAdminSearches } from "./use-admin-activity";

/**
 * Search Activity: text filter, date range; columns Date/Time, User, Search term, Type, Credits used, Risk level,
 * Sanctions, Media, and a link opening the search in a new tab.
 */
export function SearchActivityTab() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState("");
  const [range, setRange] = useState<SearchRange>("all");
  const q = useDebouncedValue(filter);
  const list = useAdminSearches(q, range);
  const ids = { filter: useId(), range: useId() };
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-4">
        <div className="grid min-w-56 flex-1 gap-2 sm:max-w-sm">
          <Label htmlFor={ids.filter}>{t("admin.activity.searchFilter")}</Label>
          <Input
            id={ids.filter}
            type="search"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            placeholder={t("admin.activity.searchFilterPlaceholder")}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={ids.range}>{t("admin.activity.range")}</Label>
          <Select value={range} onValueChange={(value) => setRange(value as SearchRange)}>
            <SelectTrigger id={ids.range} className="w-44">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {SEARCH_RANGES.map((value) => (
                <SelectItem key={value} value={value}>
                  {t(`admin.activity.range.${value}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>
      <PagedListState list={{ ...list, hasNextPage: !!list.hasNextPage }} empty={t("admin.activity.noSearches")}>
        <SearchesTable searches={list.items ?? []} />
      </PagedListState>
    </div>
  );
}

/** Numeric columns' headings may wrap onto two lines: the figures under them are short. */
const NUMBER_HEAD = "text-right whitespace-normal";
/**
 * The open link stays at the right edge of the table's frame, over the other columns when the table scrolls
 * sideways (a narrow screen), so it can never be cut off.
 */
const ACTIONS = "sticky right-0 px-2 text-right";

function SearchesTable({ searches }: { searches: AdminSearchRecord[] }) {
  const { t } = useTranslation();
  const { number, dateTime } = useFormatters();
  return (
    <Table data-testid="admin-searches-table">
      <caption className="sr-only">{t("admin.activity.searchesTab")}</caption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">{t("admin.activity.column.date")}</TableHead>
          <TableHead scope="col">{t("admin.activity.column.user")}</TableHead>
          <TableHead scope="col">{t("admin.activity.column.term")}</TableHead>
          <TableHead scope="col">{t("admin.activity.column.type")}</TableHead>
          <TableHead scope="col" className={NUMBER_HEAD}>
            {t("admin.activity.column.credits")}
          </TableHead>
          <TableHead scope="col">{t("admin.activity.column.risk")}</TableHead>
          <TableHead scope="col" className={NUMBER_HEAD}>
            {t("admin.activity.column.sanctions")}
          </TableHead>
          <TableHead scope="col" className={NUMBER_HEAD}>
            {t("admin.activity.column.media")}
          </TableHead>
          <TableHead scope="col" className={cn(ACTIONS, "bg-muted")}>
            {t("admin.activity.column.actions")}
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {searches.map((search) => (
          <TableRow key={search.id} data-testid="admin-search-row">
            <TableCell>
              <time dateTime={search.createdAt}>{dateTime(search.createdAt)}</time>
            </TableCell>
            <TableCell>
              <div className="font-medium">{search.userName}</div>
              <div className="text-xs text-muted-foreground wrap-anywhere">{search.userEmail}</div>
            </TableCell>
            <TableCell className="font-medium wrap-anywhere">{search.searchTerm}</TableCell>
            <TableCell>{search.isAutomated ? t("admin.activity.automated") : t("admin.activity.manual")}</TableCell>
            <TableCell className="text-right tabular-nums">{number(search.creditsUsed)}</TableCell>
            <TableCell>{search.riskLevel ? <RiskBadge level={search.riskLevel as RiskLevel} /> : t("admin.activity.unknown")}</TableCell>
            <TableCell className="text-right tabular-nums">{number(search.sanctionsCount)}</TableCell>
            <TableCell className="text-right tabular-nums">{number(search.mediaCount)}</TableCell>
            <TableCell className={cn(ACTIONS, "bg-background")}>
              <Button asChild variant="ghost" size="icon" className="text-muted-foreground">
                <a href={searchPagePath(search.id)} target="_blank" rel="noopener" aria-label={t("admin.activity.openLabel", { term: search.searchTerm })}>
                  <ExternalLinkIcon aria-hidden />
                </a>
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
