import { Button } from "@duecheck/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@duecheck/ui/card";
import { Spinner } from "@duecheck/ui/spinner";
import { Link } from "@tanstack/react-router";
import { BellOffIcon, CheckCheckIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { MonitoredEntityView } from "../../../lib/monitoring/schemas.ts";
import { useCurrentUser } from "../auth/use-current-user";
import { AlertReason, canAcknowledge } from "./alert-reason";
import { DismissAlertDialog } from "./dismiss-alert-dialog";
import { EntityReview, EntityRisk } from "./entity-check-cells";
import { useAcknowledgeAlert } from "./use-monitoring-mutations";

/**
 * The entity's alert on its changes page: open or closed, why it is open (with the way to the check's results where
 * its hits are decided), Acknowledge once nothing is left to decide, and Dismiss for administrators.
 */
export function AlertCard({ entity }: { entity: MonitoredEntityView }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const acknowledge = useAcknowledgeAlert();
  const [dismissing, setDismissing] = useState(false);
  return (
    <Card data-testid="alert-card" data-open={entity.hasChanges}>
      <CardHeader>
        <CardTitle>{t("monitoring.alert.title")}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <div className="flex flex-wrap items-start gap-6">
          <div className="grid gap-1">
            <span className="text-xs font-medium text-muted-foreground">{t("monitoring.column.risk")}</span>
            <EntityRisk entity={entity} />
          </div>
          <div className="grid gap-1">
            <span className="text-xs font-medium text-muted-foreground">{t("monitoring.column.review")}</span>
            <EntityReview entity={entity} />
          </div>
        </div>
        <p data-testid="alert-state">{entity.hasChanges ? t("monitoring.alert.open") : t("monitoring.alert.closed")}</p>
        {entity.hasChanges && (
          <p>
            <AlertReason entity={entity} />
          </p>
        )}
        {entity.hasChanges && (
          <div className="flex flex-wrap gap-2">
            {entity.openHits > 0 && entity.reviewSearchId && (
              <Button asChild>
                <Link to="/searches/$searchId" params={{ searchId: entity.reviewSearchId }}>
                  {t("monitoring.alert.decide")}
                </Link>
              </Button>
            )}
            {canAcknowledge(entity) && (
              <Button onClick={() => acknowledge.mutate(entity)} disabled={acknowledge.isPending}>
                {acknowledge.isPending ? <Spinner /> : <CheckCheckIcon aria-hidden />}
                {t("monitoring.acknowledge")}
              </Button>
            )}
            {user?.role === "admin" && (
              <Button variant="outline" onClick={() => setDismissing(true)}>
                <BellOffIcon aria-hidden />
                {t("monitoring.dismiss")}
              </Button>
            )}
          </div>
        )}
      </CardContent>
      {user?.role === "admin" && <DismissAlertDialog entity={entity} open={dismissing} onOpenChange={setDismissing} />}
    </Card>
  );
}
