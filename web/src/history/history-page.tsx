import { useFormatters } from "@duecheck/react/views/format";
import { ReviewStatusBadge } from "@duecheck/react/views/review/review-status-badge";
import { RiskBadge } from "@duecheck/react/views/search/risk-badge";
import { Button } from "@duecheck/ui/button";
import { Card, CardContent } from "@duecheck/ui/card";
import { Input } from "@duecheck/ui/input";
import { Skeleton } from "@duecheck/ui/skeleton";
import { cn } from "@duecheck/ui/utils";
import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import { Building2Icon, EyeIcon, HistoryIcon, SearchIcon, Trash2Icon, UserIcon } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { SearchHistoryItemView } from "../../../lib/screening/contract.ts";
import { useCurrentUser } from "../auth/use-current-user";
import { ConfirmDeleteDialog } from "../components/confirm-delete-dialog";
import { LoadMore } from "../components/load-more";
import { TeamSwitch } from "../components/team-switch";
import { HistoryExportDialog } from "../exports/history-export-dialog";
import { useDeleteSearch } from "../search/use-searches";
import { PageHeader } from "../shell/page-header";
import { type HistoryScope, useSearchHistory } from "./use-search-history";

export interface HistorySearch {
  scope?: HistoryScope;
}

/** ?scope=team of /history: the whole team's searches; without it, the caller's own. */
export function validateHistorySearch(search: Record<string, unknown>): HistorySearch {
  return search.scope === "team" ? { scope: "team" } : {};
}

/**
 * /history: the user's searches, newest first, a page at a time as the list scrolls, filtered on the server by the
 * term. "Whole team" (kept in the address, so it survives a reload and a shared link) lists every search of the
 * organisation the server lets the caller read, each with the member who searched.
 */
export function HistoryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { scope = "mine" } = useSearch({ strict: false }) as HistorySearch;
  const team = scope === "team";
  const { user } = useCurrentUser();
  const [filter, setFilter] = useState("");
  const { items, total, q, isLoading, isError, isPlaceholderData, hasNextPage, isFetchingNextPage, fetchNextPage } = useSearchHistory(filter, scope);
  const [deleting, setDeleting] = useState<SearchHistoryItemView | null>(null);
  const remove = useDeleteSearch();
  const filterId = useId();

  return (
    <div className="grid w-full grid-cols-1 gap-6">
      <PageHeader title={t("history.title")} description={t(team ? "history.teamDescription" : "history.description")}>
        <HistoryExportDialog />
      </PageHeader>

      <div className="grid gap-2">
        <div className="relative">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <label htmlFor={filterId} className="sr-only">
            {t("history.filterLabel")}
          </label>
          <Input
            id={filterId}
            type="search"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            placeholder={t("history.filterPlaceholder")}
            className="pl-9"
            autoComplete="off"
          />
        </div>
        <TeamSwitch checked={team} onCheckedChange={(on) => void navigate({ to: "/history", search: on ? { scope: "team" } : {}, replace: true })} />
        {total !== undefined && total > 0 && (
          <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="history-count">
            {t(q ? "history.countFiltered" : "history.count", { count: total })}
          </p>
        )}
      </div>

      {isLoading && (
        <div className="grid gap-3">
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-20 w-full" />
        </div>
      )}
      {isError && (
        <p role="alert" className="text-sm text-destructive">
          {t("history.loadFailed")}
        </p>
      )}
      {items &&
        (items.length === 0 ? (
          q ? (
            <EmptyState title={t("history.noMatches")} description={t("history.noMatchesDescription", { filter: q })} />
          ) : (
            <EmptyState title={t("history.empty")} description={t(team ? "history.teamEmptyDescription" : "history.emptyDescription")} />
          )
        ) : (
          <>
            <ul
              className={cn("grid gap-3", isPlaceholderData && "opacity-60")}
              data-testid="history-list"
              aria-label={t("history.title")}
              aria-busy={isPlaceholderData}
            >
              {items.map((search) => (
                <HistoryItem
                  key={search.id}
                  search={search}
                  showSearchedBy={team}
                  // A colleague's search is theirs to delete: the server hides only the caller's own.
                  onDelete={search.searchedBy.id === user?.id ? () => setDeleting(search) : undefined}
                  deleting={remove.isPending}
                />
              ))}
            </ul>
            <LoadMore hasMore={!!hasNextPage} loading={isFetchingNextPage} loaded={items.length} onLoad={() => void fetchNextPage()} />
          </>
        ))}

      <ConfirmDeleteDialog
        item={deleting}
        title={t("history.deleteTitle")}
        description={(search) => t("history.deleteDescription", { term: search.searchTerm })}
        confirmLabel={t("history.delete")}
        onCancel={() => setDeleting(null)}
        onConfirm={(search) => {
          setDeleting(null);
          remove.mutate(search.id);
        }}
      />
    </div>
  );
}

function HistoryItem({
  search,
  showSearchedBy,
  deleting,
  onDelete,
}: {
  search: SearchHistoryItemView;
  showSearchedBy: boolean;
  deleting: boolean;
  onDelete: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  const company = search.entityType === "company";
  return (
    <li data-testid="history-item">
      <Card className="gap-0 py-4">
        <CardContent className="flex flex-col gap-3 px-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <div className="grid min-w-0 gap-1.5">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="font-semibold wrap-anywhere">
                <Link to="/searches/$searchId" params={{ searchId: search.id }} className="underline-offset-4 hover:underline focus-visible:underline">
                  {search.searchTerm}
                </Link>
              </h2>
              <RiskBadge level={search.riskLevel} failed={search.status === "failed"} />
              {search.status === "completed" && <ReviewStatusBadge status={search.reviewStatus} />}
            </div>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
              <span className="inline-flex items-center gap-1">
                {company ? <Building2Icon className="size-3.5" aria-hidden /> : <UserIcon className="size-3.5" aria-hidden />}
                {company ? t("search.company") : t("search.person")}
              </span>
              <time dateTime={search.createdAt}>{dateTime(search.createdAt)}</time>
              {showSearchedBy && (
                <span className="inline-flex min-w-0 items-center gap-1" data-testid="history-searched-by">
                  <span>{t("history.searchedBy")}</span>{" "}
                  <span className="font-medium text-foreground wrap-anywhere">{search.searchedBy.name ?? t("history.formerMember")}</span>
                </span>
              )}
            </div>
          </div>
          <div className="flex shrink-0 items-center gap-2">
            <Button variant="outline" size="sm" asChild>
              <Link to="/searches/$searchId" params={{ searchId: search.id }} aria-label={t("history.viewLabel", { term: search.searchTerm })}>
                <EyeIcon aria-hidden />
                {t("history.view")}
              </Link>
            </Button>
            {onDelete && (
              <Button
                variant="ghost"
                size="icon"
                className="text-muted-foreground hover:text-destructive"
                aria-label={t("history.deleteLabel", { term: search.searchTerm })}
                disabled={deleting}
                onClick={onDelete}
              >
                <Trash2Icon aria-hidden />
              </Button>
            )}
          </div>
        </CardContent>
      </Card>
    </li>
  );
}

function EmptyState({ title, description }: { title: string; description: string }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-12 text-center">
      <HistoryIcon className="size-10 text-muted-foreground" aria-hidden />
      <p className="font-medium">{title}</p>
      <p className="text-sm text-muted-foreground">{description}</p>
    </div>
  );
}
