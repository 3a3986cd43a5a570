import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import type { MonitoredEntityView } from "../../../lib/monitoring/schemas.ts";

/** Nothing is left to decide on the check that keeps the alert open: its owner may acknowledge it. */
export const canAcknowledge = (entity: MonitoredEntityView) => entity.hasChanges && entity.openHits === 0 && entity.reviewStatus !== "escalated";

/**
 * Why an entity's alert is open: hits of its check nobody decided yet (a link to the check's results, where they are
 * decided), an escalation waiting for a second opinion, or nothing left to decide (acknowledge it). Nothing when closed.
 */
export function AlertReason({ entity }: { entity: MonitoredEntityView }) {
  const { t } = useTranslation();
  if (!entity.hasChanges) return null;
  if (entity.openHits > 0 && entity.reviewSearchId) {
    return (
      <Link
        to="/searches/$searchId"
        params={{ searchId: entity.reviewSearchId }}
        className="font-medium text-primary underline-offset-4 hover:underline focus-visible:underline"
        data-testid="alert-reason"
        data-reason="open_hits"
      >
        {t("monitoring.alert.newHits", { count: entity.openHits })}
      </Link>
    );
  }
  if (entity.reviewStatus === "escalated" && entity.reviewSearchId) {
    return (
      <Link
        to="/searches/$searchId"
        params={{ searchId: entity.reviewSearchId }}
        className="font-medium underline-offset-4 hover:underline"
        data-testid="alert-reason"
        data-reason="escalated"
      >
        {t("monitoring.alert.escalated")}
      </Link>
    );
  }
  return (
    <span className="text-muted-foreground" data-testid="alert-reason" data-reason="acknowledge">
      {t("monitoring.alert.nothingToDecide")}
    </span>
  );
}
