import { useFormatters } from "@duecheck/react/views/format";
import { useTranslation } from "react-i18next";
import type { NotificationView } from "../../../lib/notifications/contract.ts";
import { OverdueMark, PriorityBadge } from "../cases/case-badges";

/** What happened, in words: who assigned the case (or that auto-assignment did), or that it is overdue. */
export function useNotificationHeadline() {
  const { t } = useTranslation();
  return (n: NotificationView) =>
    n.kind === "case_overdue" ? t("notifications.overdue") : n.actor ? t("notifications.assignedBy", { name: n.actor.name }) : t("notifications.assignedAuto");
}

/**
 * One notification's text: what happened, the case's title, its priority and due date, and the overdue mark while
 * the case is late. Unread ones say so in words (a dot alone would be colour only).
 */
export function NotificationText({ notification: n }: { notification: NotificationView }) {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  const headline = useNotificationHeadline();
  return (
    <span className="grid min-w-0 gap-1">
      <span className="flex items-center gap-2 text-sm">
        {!n.readAt && (
          <span className="inline-flex items-center gap-1 text-xs font-semibold text-primary" data-testid="notification-unread">
            <span aria-hidden className="size-2 rounded-full bg-primary" />
            {t("notifications.unreadMark")}
          </span>
        )}
        <span className={n.readAt ? "text-muted-foreground" : "font-medium"}>{headline(n)}</span>
      </span>
      <span className="truncate font-medium" data-testid="notification-case">
        {n.caseTitle}
      </span>
      <span className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
        <PriorityBadge priority={n.priority} />
        {n.overdue && <OverdueMark />}
        <span>{t("cases.due", { date: dateTime(n.dueAt) })}</span>
        <span aria-hidden>·</span>
        <time dateTime={n.createdAt}>{dateTime(n.createdAt)}</time>
      </span>
    </span>
  );
}
