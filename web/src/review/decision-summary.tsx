import { useFormatters } from "@duecheck/react/views/format";
import { useReasonLabel } from "@duecheck/react/views/review/reason-label";
import { Badge } from "@duecheck/ui/badge";
import { useTranslation } from "react-i18next";
import type { HitDecisionView } from "../../../lib/review/contract.ts";

/**
 * A hit's live decision: true match or false positive, the reason and its words, who decided and when; a proposal
 * says it waits for a second person, an approved one who approved it.
 */
export function DecisionSummary({ decision }: { decision: HitDecisionView }) {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  const reasonLabel = useReasonLabel();
  const proposed = decision.state === "proposed";
  return (
    <div className="grid gap-1 text-xs" data-testid="hit-decision" data-decision={decision.decision} data-state={decision.state}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={decision.decision === "true_match" ? "destructive" : "success"}>{t(`reviews.decision.${decision.decision}`)}</Badge>
        <span className="font-medium">{reasonLabel(decision.reason)}</span>
        {decision.remember && <Badge variant="outline">{t("reviews.remembered")}</Badge>}
      </div>
      {decision.text && <p className="break-words whitespace-pre-line">{decision.text}</p>}
      <p className="text-muted-foreground">
        {proposed
          ? t("reviews.proposedBy", { name: decision.decidedBy ?? t("reviews.someone") })
          : t("reviews.decidedBy", { name: decision.decidedBy ?? t("reviews.someone"), date: dateTime(decision.decidedAt) })}
        {decision.state === "approved" &&
          decision.reviewedAt &&
          ` · ${t("reviews.approvedBy", { name: decision.reviewedBy ?? t("reviews.someone"), date: dateTime(decision.reviewedAt) })}`}
      </p>
    </div>
  );
}
