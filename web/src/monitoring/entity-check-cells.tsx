import { ReviewStatusBadge } from "@duecheck/react/views/review/review-status-badge";
import { riskBadgeVariant } from "@duecheck/react/views/search/risk";
import { RiskBadge } from "@duecheck/react/views/search/risk-badge";
import { Badge } from "@duecheck/ui/badge";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { MonitoredEntityView } from "../../../lib/monitoring/schemas.ts";
import type { RiskLevel } from "../../../lib/screening/results.ts";

/**
 * The risk level of the entity's last complete check, always as its badge: a Critical entity never reads like a clean
 * one. An entity not checked yet, or whose only check failed, says so instead; one whose newest check runs or failed
 * keeps the level of the check before, with a word on the newest. Once reviewers' decisions leave another level (hits
 * cleared as false positives), that level is the badge, "Low after review", with the screening's own beside it,
 * "screened Critical": a cleared customer no longer reads Critical, and the screening's finding is never hidden.
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
  const reviewed = entity.reviewedRiskLevel && entity.reviewedRiskLevel !== entity.riskLevel ? entity.reviewedRiskLevel : null;
  return (
    <div className="flex flex-col items-start gap-1" data-testid="entity-risk" data-state={entity.checkState}>
      {reviewed ? (
        <>
          <Badge
            variant={riskBadgeVariant(reviewed)}
            className="max-w-full whitespace-normal"
            data-testid="entity-reviewed-risk"
            data-level={reviewed}
            aria-label={t("monitoring.risk.afterReviewLabel", { after: levelWord(t, reviewed), screened: levelWord(t, entity.riskLevel) })}
          >
            {t("monitoring.risk.afterReview", { level: levelWord(t, reviewed) })}
          </Badge>
          <span className="text-xs text-muted-foreground" data-testid="entity-screened-risk" data-level={entity.riskLevel}>
            {t("monitoring.risk.screened", { level: levelWord(t, entity.riskLevel) })}
          </span>
        </>
      ) : (
        <RiskBadge level={entity.riskLevel} className="max-w-full whitespace-normal" />
      )}
      {note && <span className={entity.checkState === "failed" ? "text-xs text-destructive" : "text-xs text-muted-foreground"}>{note}</span>}
    </div>
  );
}

/** A level as one word, for "Low after review · screened Critical" (each key literal, so the translations test sees it). */
function levelWord(t: TFunction, level: RiskLevel): string {
  const words: Record<RiskLevel, string> = {
    low: t("monitoring.level.low"),
    medium: t("monitoring.level.medium"),
    high: t("monitoring.level.high"),
    critical: t("monitoring.level.critical"),
  };
  return words[level];
}

/** What reviewers made of the hits of that check, and how many are left to decide. */
export function EntityReview({ entity }: { entity: MonitoredEntityView }) {
  const { t } = useTranslation();
  if (!entity.reviewStatus) return <span data-testid="entity-review">—</span>;
  return (
    <div className="flex flex-col items-start gap-1" data-testid="entity-review">
      <ReviewStatusBadge status={entity.reviewStatus} className="max-w-full whitespace-normal" />
      {entity.openHits > 0 && (
        <span className="text-xs text-muted-foreground" data-testid="entity-to-decide">
          {t("monitoring.alert.toDecide", { count: entity.openHits })}
        </span>
      )}
    </div>
  );
}
