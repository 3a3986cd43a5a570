import { useTranslation } from "react-i18next";
import { dismissAlertSchema, type MonitoredEntityView } from "../../../lib/monitoring/schemas.ts";
import { TextDialog } from "../components/text-dialog";
import { useDismissAlert } from "./use-monitoring-mutations";

/** An administrator closes an alert whatever is still open, saying why (checked with the server's own schema). */
export function DismissAlertDialog({ entity, open, onOpenChange }: { entity: MonitoredEntityView; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const dismiss = useDismissAlert(() => onOpenChange(false));
  return (
    <TextDialog
      open={open}
      onClose={() => onOpenChange(false)}
      schema={dismissAlertSchema}
      field="reason"
      title={t("monitoring.dismissTitle")}
      description={t("monitoring.dismissDescription", { name: entity.searchTerm })}
      label={t("monitoring.dismissReason")}
      submitLabel={t("monitoring.dismiss")}
      destructive
      mutation={dismiss}
      failedTitle={t("monitoring.dismissFailed")}
      onSubmit={(reason) => dismiss.mutate({ entity, reason })}
      testId="dismiss-alert-dialog"
    />
  );
}
