import { Link, useParams } from "@tanstack/react-router";
import { ArrowLeftIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../shell/page-header";
import { ReviewItemPanel } from "./review-item-panel";
import { useReviewItem } from "./review-queries";

/**
 * /reviews/{searchId}: one search's hits, decided from the keyboard, opened from its case (the case page lists its
 * searches) or from an old link to the review queue's item. It leads back to the search's case, or to the cases that
 * need a decision when the search is in none.
 */
export function ReviewItemPage() {
  const { t } = useTranslation();
  const { searchId } = useParams({ strict: false }) as { searchId: string };
  const item = useReviewItem(searchId);
  const caseId = item.data?.caseId ?? null;
  return (
    <div className="grid w-full min-w-0 grid-cols-1 gap-6">
      {caseId ? (
        <Link to="/cases/$caseId" params={{ caseId }} className="inline-flex w-fit items-center gap-1 text-sm text-primary hover:underline">
          <ArrowLeftIcon aria-hidden className="size-4" />
          {t("reviews.item.backToCase")}
        </Link>
      ) : (
        <Link to="/cases" search={{ view: "needs-decision" }} className="inline-flex w-fit items-center gap-1 text-sm text-primary hover:underline">
          <ArrowLeftIcon aria-hidden className="size-4" />
          {t("reviews.item.backToList")}
        </Link>
      )}
      <PageHeader title={t("reviews.item.pageTitle")} description={item.data?.searchTerm} />
      <ReviewItemPanel searchId={searchId} />
    </div>
  );
}
