import { Button } from "@duecheck/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "@duecheck/ui/dropdown-menu";
import { Link } from "@tanstack/react-router";
import { BellIcon, CheckCheckIcon, ListIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useBellNotifications, useMarkRead } from "./notification-queries";
import { NotificationText } from "./notification-text";

/**
 * The bell in the header: the unread count on the button (and in its accessible name), and a menu of the latest
 * notifications, each opening its case (and marking it read), with "mark all as read" and the full list
 * (/notifications). It shows whether or not the instance mails: a mail can be missed or filtered, the bell is where
 * the work is. A menu: arrow keys move through it, Enter opens, Escape closes.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const bell = useBellNotifications();
  const markRead = useMarkRead();
  const unread = bell.data?.unread ?? 0;
  const items = bell.data?.items ?? [];
  const label = unread > 0 ? t("notifications.bell", { count: unread }) : t("notifications.bellNone");
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={label} title={label} data-testid="notification-bell">
          <BellIcon className="size-[1.2rem]" aria-hidden />
          {unread > 0 && (
            <span
              aria-hidden
              className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] font-semibold leading-none text-white"
              data-testid="notification-count"
            >
              {unread > 99 ? "99+" : unread}
            </span>
          )}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-[min(24rem,calc(100vw-1rem))]" aria-label={t("notifications.title")}>
        <DropdownMenuLabel>{t("notifications.title")}</DropdownMenuLabel>
        {bell.isError && (
          <p role="alert" className="px-2 py-2 text-sm text-destructive">
            {t("notifications.loadFailed")}
          </p>
        )}
        {bell.isSuccess && items.length === 0 && <p className="px-2 py-3 text-sm text-muted-foreground">{t("notifications.empty")}</p>}
        {items.map((n) => (
          <DropdownMenuItem key={n.id} asChild onSelect={() => !n.readAt && markRead.mutate({ ids: [n.id] })}>
            <Link to="/cases/$caseId" params={{ caseId: n.caseId }} className="items-start" data-testid="notification-item">
              <NotificationText notification={n} />
            </Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={unread === 0 || markRead.isPending} onSelect={() => markRead.mutate({ all: true })} data-testid="notification-mark-all">
          <CheckCheckIcon aria-hidden />
          {t("notifications.markAllRead")}
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/notifications">
            <ListIcon aria-hidden />
            {t("notifications.seeAll")}
          </Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
