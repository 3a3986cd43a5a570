import { ReviewStatusBadge } from "@duecheck/react/views/review/review-status-badge";
import { Button } from "@duecheck/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@duecheck/ui/card";
import { Link } from "@tanstack/react-router";
import { FolderOpenIcon, UserCheckIcon, UserMinusIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { canDecide } from "../../../lib/auth/roles.ts";
import { useCurrentUser } from "../auth/use-current-user";
import { AddToCaseButton } from "../cases/add-to-case-button";
import { CaseNotes } from "./case-notes";
import { EscalateButton } from "./escalate-dialog";
import { OpenHitsLine } from "./open-hits-line";
import { useAssign, useReviewItem } from "./review-queries";
import { Timeline } from "./timeline";

/** Beside the risk badge: the review status as it is now (it changes with every decision on the page). */
export function LiveReviewStatus({ searchId }: { searchId: string }) {
  const item = useReviewItem(searchId);
  if (!item.data) return null;
  return <ReviewStatusBadge status={item.data.review.status} />;
}

/**
 * Under the results: the review as a whole (status, open hits, who works on it, four eyes), the search's case (opened
 * from here, and escalated to the reviewers from here), the case notes and the timeline. A read-only reader (an
 * auditor) sees the state, the case link, the notes and the timeline, and no action the server would refuse: no
 * Assign to me, no Escalate, no note form.
 */
export function SearchReviewPanel({ searchId }: { searchId: string }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const item = useReviewItem(searchId);
  const assign = useAssign();
  if (!item.data) return null;
  const review = item.data.review;
  const assignedToMe = !!user && review.assignee?.id === user.id;
  const acts = !!user && canDecide(user);
  const caseId = item.data.caseId;
  // Only a search in a case has one to escalate; whether the case may be (not closed, not escalated) the server says.
  const escalatable = item.data.status === "completed" && review.status !== "no_hits" && !!caseId;
  return (
    <Card data-testid="search-review">
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CardTitle className="flex items-center gap-2 text-lg">
            {t("reviews.panel.title")}
            <ReviewStatusBadge status={review.status} />
          </CardTitle>
          <div className="flex flex-wrap gap-2">
            {acts && (
              <Button variant="outline" size="sm" disabled={assign.isPending} onClick={() => assign.mutate({ searchId, assignee: assignedToMe ? null : "me" })}>
                {assignedToMe ? <UserMinusIcon aria-hidden /> : <UserCheckIcon aria-hidden />}
                {assignedToMe ? t("reviews.unassign") : t("reviews.assignToMe")}
              </Button>
            )}
            {caseId && (
              <Button variant="outline" size="sm" asChild>
                <Link to="/cases/$caseId" params={{ caseId }}>
                  <FolderOpenIcon aria-hidden />
                  {t("reviews.panel.openCase")}
                </Link>
              </Button>
            )}
            {!caseId && <AddToCaseButton searchId={searchId} />}
            {acts && <EscalateButton searchId={searchId} disabled={!escalatable} />}
          </div>
        </div>
        <CardDescription>
          <OpenHitsLine counts={item.data.hitCounts} />
          {" · "}
          {review.assignee ? t("reviews.panel.assignee", { name: review.assignee.name }) : t("reviews.panel.unassigned")}
          {review.fourEyes && ` · ${t("reviews.panel.fourEyes")}`}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 lg:grid-cols-2">
        <CaseNotes searchId={searchId} notes={review.notes} canAdd={acts} />
        <Timeline searchId={searchId} />
      </CardContent>
    </Card>
  );
}
