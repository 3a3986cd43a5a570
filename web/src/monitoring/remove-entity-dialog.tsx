import { useTranslation } from "react-i18next";
import type { MonitoredEntityView } from "../../../lib/monitoring/schemas.ts";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "../components/ui/alert-dialog";

/** Asks before an entry is removed from monitoring (spec part 2 section 4). */
export function RemoveEntityDialog({
  entity,
  onCancel,
  onConfirm,
}: {
  entity: MonitoredEntityView | null;
  onCancel: () => void;
  onConfirm: (entity: MonitoredEntityView) => void;
}) {
  const { t } = useTranslation();
  return (
    <AlertDialog open={!!entity} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t("monitoring.removeTitle")}</AlertDialogTitle>
          <AlertDialogDescription>{t("monitoring.removeDescription", { name: entity?.searchTerm ?? "" })}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t("common.cancel")}</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={() => entity && onConfirm(entity)}>
            {t("monitoring.remove")}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
