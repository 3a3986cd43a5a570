import { Skeleton } from "@duecheck/ui/skeleton";
import { cn } from "@duecheck/ui/utils";
import type * as React from "react";
import { useTranslation } from "react-i18next";
import { LoadMore } from "../components/load-more";
import { isForbidden, NotAllowed } from "./admin-only";

type PagedList = {
  items: unknown[] | undefined;
  error: unknown;
  isLoading: boolean;
  isError: boolean;
  isPlaceholderData: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
};

/** A paged admin list's loading, failure, empty and loaded states, with Load more under the table. */
export function PagedListState({ list, empty, children }: { list: PagedList; empty: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  if (isForbidden(list.error)) return <NotAllowed />;
  const { items } = list;
  return (
    <div className="grid gap-3">
      {list.isLoading && <Skeleton className="h-40 w-full" />}
      {list.isError && (
        <p role="alert" className="text-sm text-destructive">
          {t("admin.loadFailed")}
        </p>
      )}
      {items &&
        (items.length === 0 ? (
          <p className="rounded-lg border border-dashed px-4 py-12 text-center text-sm text-muted-foreground" data-testid="admin-list-empty">
            {empty}
          </p>
        ) : (
          <div className={cn("grid gap-3", list.isPlaceholderData && "opacity-60")} aria-busy={list.isPlaceholderData}>
            {children}
            <LoadMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} loaded={items.length} onLoad={() => void list.fetchNextPage()} />
          </div>
        ))}
    </div>
  );
}
