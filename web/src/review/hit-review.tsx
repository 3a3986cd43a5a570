import type { ReviewHitRef } from "@duecheck/react/views/search/review-slots";
import { Button } from "@duecheck/ui/button";
import { CheckIcon, GavelIcon, PencilIcon, XIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { canDecide } from "../../../lib/auth/roles.ts";
import type { HitDecisionView } from "../../../lib/review/contract.ts";
import { reviewsEveryone } from "../../../lib/review/contract.ts";
import { useCurrentUser } from "../auth/use-current-user";
import { DecideDialog, type DecideTarget } from "./decide-dialog";
import { DecisionSummary } from "./decision-summary";
import { RejectDialog } from "./reject-dialog";
import { useAnswerProposal, useReviewItem } from "./review-queries";

/**
 * Under a flagged hit of the result page: its decision (or that it has none yet) and what the signed-in user may do
 * with it: decide, change the decision, or (admins and reviewers, never the proposer) approve or reject a proposal.
 */
export function HitReview({ hit }: { hit: ReviewHitRef }) {
  const { t } = useTranslation();
  const item = useReviewItem(hit.searchId);
  const [target, setTarget] = useState<DecideTarget | null>(null);
  const [rejecting, setRejecting] = useState<HitDecisionView | null>(null);
  if (hit.cleared || !item.data) return null;
  const decision = item.data.review.decisions.find((d) => d.hitId === hit.hitId);
  return (
    <div className="flex flex-wrap items-start justify-between gap-2" data-testid="hit-review">
      {decision ? (
        <DecisionSummary decision={decision} />
      ) : (
        <p className="text-xs text-muted-foreground" data-testid="hit-undecided">
          {t("reviews.undecided")}
        </p>
      )}
      <HitReviewActions hit={hit} decision={decision} onDecide={setTarget} onReject={setRejecting} />
      {target && <DecideDialog target={target} onClose={() => setTarget(null)} />}
      <RejectDialog proposal={rejecting} onClose={() => setRejecting(null)} />
    </div>
  );
}

/** Decide / Change / Approve and Reject, as the decision and the user's role allow. */
export function HitReviewActions({
  hit,
  decision,
  onDecide,
  onReject,
}: {
  hit: ReviewHitRef;
  decision: HitDecisionView | undefined;
  onDecide: (target: DecideTarget) => void;
  onReject: (proposal: HitDecisionView) => void;
}) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const approve = useAnswerProposal(() => {});
  // A read-only role (the auditor) sees the decisions and takes none.
  if (!user || !canDecide(user)) return null;
  if (!decision) {
    return (
      <Button size="sm" variant="outline" onClick={() => onDecide({ hit })} aria-label={t("reviews.decideLabel", { name: hit.label })}>
        <GavelIcon aria-hidden />
        {t("reviews.decide.open")}
      </Button>
    );
  }
  const mine = decision.decidedById === user?.id;
  if (decision.state === "proposed" && !mine) {
    if (!user || !reviewsEveryone(user)) return null;
    return (
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={approve.isPending}
          onClick={() => approve.mutate({ decision, answer: "approve" })}
          aria-label={t("reviews.approveLabel", { name: hit.label })}
        >
          <CheckIcon aria-hidden />
          {t("reviews.approve")}
        </Button>
        <Button size="sm" variant="outline" onClick={() => onReject(decision)} aria-label={t("reviews.rejectLabel", { name: hit.label })}>
          <XIcon aria-hidden />
          {t("reviews.reject.open")}
        </Button>
      </div>
    );
  }
  return (
    <Button size="sm" variant="ghost" onClick={() => onDecide({ hit, replaces: decision })} aria-label={t("reviews.changeLabel", { name: hit.label })}>
      <PencilIcon aria-hidden />
      {t("reviews.change")}
    </Button>
  );
}
