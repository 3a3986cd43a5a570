import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@duecheck/ui/alert-dialog";
import { useTranslation } from "react-i18next";
import type { AdminOrganisationView } from "../../../lib/organisations/admin-contract.ts";
import { useSuspendOrganisation } from "./use-admin-organisations";

/** Asks before suspending an organisation (or lifting its suspension), saying what it does to its members. */
export function SuspendDialog({ organisation, onClose }: { organisation: AdminOrganisationView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const change = useSuspendOrganisation(onClose);
  const suspend = !organisation?.suspendedAt;
  const name = organisation?.name ?? "";
  return (
    <AlertDialog open={organisation !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent data-testid="suspend-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle className="wrap-anywhere">
            {suspend ? t("adminOrganisations.suspendTitle", { name }) : t("adminOrganisations.unsuspendTitle", { name })}
          </AlertDialogTitle>
          <AlertDialogDescription>{suspend ? t("adminOrganisations.suspendDescription") : t("adminOrganisations.unsuspendDescription")}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t("common.cancel")}</AlertDialogCancel>
          <AlertDialogAction
            variant={suspend ? "destructive" : "default"}
            disabled={change.isPending}
            onClick={(event) => {
              // Closed by the answer, not the click: a refusal leaves the dialog open with its toast.
              event.preventDefault();
              if (organisation) change.mutate({ organisation, suspend });
            }}
          >
            {suspend ? t("adminOrganisations.suspend") : t("adminOrganisations.unsuspend")}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
