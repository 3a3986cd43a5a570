import { Badge } from "@duecheck/ui/badge";
import type { ReviewStatus } from "@lib/review/contract.ts";
import { useTranslation } from "react-i18next";
import type { BadgeProps } from "../search/badge-props";

const VARIANT: Record<ReviewStatus, BadgeProps["variant"]> = {
  no_hits: "outline",
  needs_review: "secondary",
  escalated: "destructive",
  confirmed: "destructive",
  cleared: "outline",
};

/** What reviewers made of a search's hits, shown beside (never instead of) the screening's risk level. */
export function ReviewStatusBadge({ status, className }: { status: ReviewStatus; className?: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant={VARIANT[status]} className={className} data-testid="review-status" data-status={status}>
      {t(`review.status.${status}`)}
    </Badge>
  );
}
