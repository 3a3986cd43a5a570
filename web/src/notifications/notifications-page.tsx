import { useFormatters } from "@duecheck/react/views/format";
import { Button } from "@duecheck/ui/button";
import { Label } from "@duecheck/ui/label";
import { Skeleton } from "@duecheck/ui/skeleton";
import { Switch } from "@duecheck/ui/switch";
import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import { CheckCheckIcon, CheckIcon } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { LoadMore } from "../components/load-more";
import { PageHeader } from "../shell/page-header";
import { useMarkRead, useNotificationList } from "./notification-queries";
import { NotificationText } from "./notification-text";

export interface NotificationsSearch {
  unread?: boolean;
}

/** ?unread=true of /notifications: the filter is in the address, so a reload keeps it. */
export function validateNotificationsSearch(search: Record<string, unknown>): NotificationsSearch {
  return search.unread === true || search.unread === "true" ? { unread: true } : {};
}

/**
 * /notifications: every notification of the signed-in member, newest first, paged, or only the unread ones; each
 * opens its case, and can be marked read by itself or with all the others.
 */
export function NotificationsPage() {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as NotificationsSearch;
  const list = useNotificationList(!!search.unread);
  const markRead = useMarkRead();
  const switchId = useId();
  const unread = list.data?.pages[0]?.unread ?? 0;
  const items = list.items ?? [];

  return (
    <div className="grid w-full grid-cols-1 gap-6">
      <PageHeader title={t("notifications.title")} description={t("notifications.description")}>
        <Button
          variant="outline"
          disabled={unread === 0 || markRead.isPending}
          onClick={() => markRead.mutate({ all: true })}
          data-testid="notifications-mark-all"
        >
          <CheckCheckIcon aria-hidden />
          {t("notifications.markAllRead")}
        </Button>
      </PageHeader>
      <div className="flex items-center gap-2">
        <Switch
          id={switchId}
          checked={!!search.unread}
          onCheckedChange={(checked) => void navigate({ to: "/notifications", search: checked ? { unread: true } : {}, replace: true })}
        />
        <Label htmlFor={switchId}>{t("notifications.unreadOnly")}</Label>
      </div>
      {list.total !== undefined && (
        <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="notifications-total">
          {t("notifications.total", { count: list.total, formatted: number(list.total), unread: number(unread) })}
        </p>
      )}
      {markRead.isError && (
        <p role="alert" className="text-sm text-destructive">
          {t("notifications.markFailed")}
        </p>
      )}
      {list.isPending && <Skeleton className="h-32 w-full" />}
      {list.isError && (
        <p role="alert" className="text-sm text-destructive">
          {t("notifications.loadFailed")}
        </p>
      )}
      {list.isSuccess && items.length === 0 && (
        <p className="text-sm text-muted-foreground">{search.unread ? t("notifications.emptyUnread") : t("notifications.empty")}</p>
      )}
      {items.length > 0 && (
        <ul className="grid divide-y rounded-md border" aria-label={t("notifications.title")} data-testid="notifications-list">
          {items.map((n) => (
            <li key={n.id} className="flex flex-wrap items-start justify-between gap-3 p-3 sm:flex-nowrap" data-testid="notifications-row">
              <Link
                to="/cases/$caseId"
                params={{ caseId: n.caseId }}
                className="min-w-0 flex-1 rounded-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
                onClick={() => !n.readAt && markRead.mutate({ ids: [n.id] })}
              >
                <NotificationText notification={n} />
              </Link>
              {!n.readAt && (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t("notifications.markReadLabel", { title: n.caseTitle })}
                  disabled={markRead.isPending}
                  onClick={() => markRead.mutate({ ids: [n.id] })}
                >
                  <CheckIcon aria-hidden />
                  {t("notifications.markRead")}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <LoadMore hasMore={!!list.hasNextPage} loading={list.isFetchingNextPage} loaded={items.length} onLoad={() => void list.fetchNextPage()} />
    </div>
  );
}
