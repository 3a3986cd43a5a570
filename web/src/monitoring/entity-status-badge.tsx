import { Badge } from "@duecheck/ui/badge";
import { useTranslation } from "react-i18next";
import type { MonitoredEntityView } from "../../../lib/monitoring/schemas.ts";

/** Active, Paused, or 'Waiting for credits' while an active entry's checks are skipped for want of credits. */
export function EntityStatusBadge({ entity }: { entity: MonitoredEntityView }) {
  const { t } = useTranslation();
  if (entity.status === "paused") {
    return (
      <Badge variant="secondary" data-testid="entity-status">
        {t("monitoring.status.paused")}
      </Badge>
    );
  }
  if (entity.waitingFor === "credits") {
    return (
      <Badge variant="warning" className="whitespace-normal" data-testid="entity-status" title={t("monitoring.status.waitingForCreditsHint")}>
        {t("monitoring.status.waitingForCredits")}
      </Badge>
    );
  }
  return (
    <Badge variant="success" data-testid="entity-status">
      {t("monitoring.status.active")}
    </Badge>
  );
}
