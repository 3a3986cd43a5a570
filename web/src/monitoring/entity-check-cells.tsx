import { ReviewStatusBadge } from "@duecheck/react/views/review/review-status-badge";
import { RiskBadge } from "@duecheck/react/views/search/risk-badge";
import { Badge } from "@duecheck/ui/badge";
import { useTranslation } from "react-i18next";
import type { MonitoredEntityView } from "../../../lib/monitoring/schemas.ts";

/**
 * The risk level of the entity's last complete check, always as its badge: a Critical entity never reads like a clean
 * one. An entity not checked yet, or whose only check failed, says so instead; one whose newest check runs or failed
 * keeps the level of the check before, with a word on the newest.
 */
export function EntityRisk({ entity }: { entity: MonitoredEntityView }) {
  const { t } = useTranslation();
  const note = entity.checkState === "running" ? t("monitoring.check.running") : entity.checkState === "failed" ? t("monitoring.check.lastFailed") : null;
  if (!entity.riskLevel) {
    if (entity.checkState === "failed") {
      return (
        <Badge variant="destructive" data-testid="entity-risk" data-state="failed">
          {t("monitoring.check.failed")}
        </Badge>
      );
    }
    return (
      <Badge variant="outline" data-testid="entity-risk" data-state={entity.checkState}>
        {entity.checkState === "running" ? t("monitoring.check.running") : t("monitoring.notChecked")}
      </Badge>
    );
  }
  return (
    <div className="grid justify-items-start gap-1" data-testid="entity-risk" data-state={entity.checkState}>
      <RiskBadge level={entity.riskLevel} />
      {note && <span className={entity.checkState === "failed" ? "text-xs text-destructive" : "text-xs text-muted-foreground"}>{note}</span>}
    </div>
  );
}

/** What reviewers made of the hits of that check, and how many are left to decide. */
export function EntityReview({ entity }: { entity: MonitoredEntityView }) {
  const { t } = useTranslation();
  if (!entity.reviewStatus) return <span data-testid="entity-review">—</span>;
  return (
    <div className="grid justify-items-start gap-1" data-testid="entity-review">
      <ReviewStatusBadge status={entity.reviewStatus} />
      {entity.openHits > 0 && <span className="text-xs text-muted-foreground">{t("monitoring.alert.toDecide", { count: entity.openHits })}</span>}
    </div>
  );
}
