import { useFormatters } from "@duecheck/react/views/format";
import { Skeleton } from "@duecheck/ui/skeleton";
import { useNavigate, useParams, useSearch } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { LoadMore } from "../components/load-more";
import { PageHeader } from "../shell/page-header";
import { QueueFilters } from "./queue-filters";
import { QueueList } from "./queue-list";
import type { QueueSearch } from "./queue-search";
import { ReviewItemPanel } from "./review-item-panel";
import { useReviewQueue } from "./review-queries";
import { ReviewTabs } from "./review-tabs";

/**
 * /reviews: the searches somebody still has to look at, newest first, filtered by the address's parameters (so a
 * reload keeps them). /reviews/{searchId} opens an item beside the list, where its hits are decided.
 */
export function ReviewQueuePage() {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const navigate = useNavigate();
  const filters = useSearch({ strict: false }) as QueueSearch;
  const { searchId } = useParams({ strict: false }) as { searchId?: string };
  const queue = useReviewQueue(filters);
  const setFilters = (next: QueueSearch) => void navigate({ to: ".", search: next as never, replace: true });

  return (
    <div className="grid w-full grid-cols-1 gap-6">
      <PageHeader title={t("reviews.queue.title")} description={t("reviews.queue.description")} />
      <ReviewTabs current="queue" />
      <QueueFilters value={filters} onChange={setFilters} />
      <div className={searchId ? "grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]" : "grid gap-6"}>
        <section aria-label={t("reviews.queue.listLabel")} className="grid gap-3">
          {queue.total !== undefined && (
            <p className="text-sm text-muted-foreground" data-testid="queue-total" aria-live="polite">
              {t("reviews.queue.total", { count: queue.total, formatted: number(queue.total) })}
            </p>
          )}
          {queue.isPending && <Skeleton className="h-32 w-full" />}
          {queue.isError && (
            <p role="alert" className="text-sm text-destructive">
              {t("reviews.loadFailed")}
            </p>
          )}
          {queue.items && queue.items.length === 0 && <p className="text-sm text-muted-foreground">{t("reviews.queue.empty")}</p>}
          {queue.items && queue.items.length > 0 && <QueueList items={queue.items} filters={filters} selectedId={searchId} />}
          <LoadMore
            hasMore={!!queue.hasNextPage}
            loading={queue.isFetchingNextPage}
            loaded={queue.items?.length ?? 0}
            onLoad={() => void queue.fetchNextPage()}
          />
        </section>
        {searchId && <ReviewItemPanel key={searchId} searchId={searchId} />}
      </div>
    </div>
  );
}
