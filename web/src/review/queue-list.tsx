import { useFormatters } from "@duecheck/react/views/format";
import { ReviewStatusBadge } from "@duecheck/react/views/review/review-status-badge";
import { RiskBadge } from "@duecheck/react/views/search/risk-badge";
import { Badge } from "@duecheck/ui/badge";
import { Button } from "@duecheck/ui/button";
import { cn } from "@duecheck/ui/utils";
import { Link } from "@tanstack/react-router";
import { UserCheckIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { ReviewQueueItemView } from "../../../lib/review/contract.ts";
import { reviewsEveryone } from "../../../lib/review/contract.ts";
import { useCurrentUser } from "../auth/use-current-user";
import type { QueueSearch } from "./queue-search";
import { useAssign } from "./review-queries";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The queue's items, newest first: each opens beside the list, keeping the filters. */
export function QueueList({ items, filters, selectedId }: { items: ReviewQueueItemView[]; filters: QueueSearch; selectedId?: string }) {
  return (
    <ul className="grid gap-2" data-testid="review-queue">
      {items.map((item) => (
        <QueueRow key={item.searchId} item={item} filters={filters} selected={item.searchId === selectedId} />
      ))}
    </ul>
  );
}

function QueueRow({ item, filters, selected }: { item: ReviewQueueItemView; filters: QueueSearch; selected: boolean }) {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const { user } = useCurrentUser();
  const assign = useAssign();
  const days = Math.max(0, Math.floor((Date.now() - new Date(item.createdAt).getTime()) / DAY_MS));
  const mine = !!user && item.assignee?.id === user.id;
  return (
    <li
      className={cn("grid gap-2 rounded-lg border p-3 text-sm", selected && "border-primary bg-primary/5")}
      data-testid="review-queue-item"
      data-search-id={item.searchId}
      aria-current={selected ? "true" : undefined}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link
          to="/reviews/$searchId"
          params={{ searchId: item.searchId }}
          search={filters}
          className="min-w-0 font-semibold wrap-anywhere text-primary hover:underline"
          aria-label={t("reviews.queue.openLabel", { term: item.searchTerm })}
        >
          {item.searchTerm}
        </Link>
        <div className="flex flex-wrap items-center gap-1.5">
          <RiskBadge level={item.riskLevel} />
          <ReviewStatusBadge status={item.status} />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
        {user && reviewsEveryone(user) && <span data-testid="queue-owner">{t("reviews.queue.owner", { name: item.owner.name })}</span>}
        <span data-testid="queue-open-hits">{t("reviews.queue.openHits", { count: item.openHits, formatted: number(item.openHits) })}</span>
        {item.awaitingApproval > 0 && (
          <Badge variant="warning" data-testid="queue-awaiting">
            {t("reviews.queue.awaiting", { count: item.awaitingApproval, formatted: number(item.awaitingApproval) })}
          </Badge>
        )}
        <span>{t(`reviews.source.${item.source}`)}</span>
        <time dateTime={item.createdAt}>{t("reviews.queue.age", { count: days, formatted: number(days) })}</time>
        <span data-testid="queue-assignee">{item.assignee ? t("reviews.panel.assignee", { name: item.assignee.name }) : t("reviews.panel.unassigned")}</span>
      </div>
      {!mine && (
        <Button
          size="sm"
          variant="outline"
          className="w-fit"
          disabled={assign.isPending}
          onClick={() => assign.mutate({ searchId: item.searchId, assignee: "me" })}
          aria-label={t("reviews.assignToMeLabel", { term: item.searchTerm })}
        >
          <UserCheckIcon aria-hidden />
          {t("reviews.assignToMe")}
        </Button>
      )}
    </li>
  );
}
