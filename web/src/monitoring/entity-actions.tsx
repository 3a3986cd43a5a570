import { Spinner } from "@duecheck/ui/spinner";
import { CheckCheckIcon, EyeIcon, PauseIcon, PlayIcon, Trash2Icon } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { MonitoredEntityView } from "../../../lib/monitoring/schemas.ts";
import { canAcknowledge } from "./alert-reason";
import { IconAction } from "./icon-action";
import { useAcknowledgeAlert, useSetEntityStatus, useViewChanges } from "./use-monitoring-mutations";

/**
 * View Changes (only with changes), and where the caller may change the entity (`changes`: its maker, the team's owners
 * and admins) Acknowledge (once nothing is left to decide), Pause or Resume, and delete (which asks first).
 */
export function EntityActions({ entity, onRemove, changes = true }: { entity: MonitoredEntityView; onRemove: () => void; changes?: boolean }) {
  const { t } = useTranslation();
  const status = useSetEntityStatus();
  const view = useViewChanges();
  const acknowledge = useAcknowledgeAlert();
  const name = entity.searchTerm;
  const paused = entity.status === "paused";
  return (
    <div className="flex items-center justify-end gap-0.5">
      {entity.hasChanges && (
        <IconAction
          label={t("monitoring.viewChangesLabel", { name })}
          tooltip={t("monitoring.viewChanges")}
          disabled={view.isPending}
          className="border text-primary"
          onClick={() => view.mutate(entity)}
        >
          {view.isPending ? <Spinner /> : <EyeIcon aria-hidden />}
        </IconAction>
      )}
      {changes && canAcknowledge(entity) && (
        <IconAction
          label={t("monitoring.acknowledgeLabel", { name })}
          tooltip={t("monitoring.acknowledge")}
          disabled={acknowledge.isPending}
          onClick={() => acknowledge.mutate(entity)}
        >
          {acknowledge.isPending ? <Spinner /> : <CheckCheckIcon aria-hidden />}
        </IconAction>
      )}
      {changes && (
        <>
          <IconAction
            label={paused ? t("monitoring.resumeLabel", { name }) : t("monitoring.pauseLabel", { name })}
            tooltip={paused ? t("monitoring.resume") : t("monitoring.pause")}
            disabled={status.isPending}
            onClick={() => status.mutate({ entity, status: paused ? "active" : "paused" })}
          >
            {paused ? <PlayIcon aria-hidden /> : <PauseIcon aria-hidden />}
          </IconAction>
          <IconAction label={t("monitoring.removeLabel", { name })} tooltip={t("monitoring.remove")} className="hover:text-destructive" onClick={onRemove}>
            <Trash2Icon aria-hidden />
          </IconAction>
        </>
      )}
    </div>
  );
}
