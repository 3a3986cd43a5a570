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
import type { AdminUserView } from "../../../lib/admin/schemas.ts";
import { useResetTwoFactor } from "./use-admin-accounts";

/** Confirms an admin's reset of a user's 2FA (a lost phone without recovery codes). */
export function ResetTwoFactorDialog({ user, onClose }: { user: AdminUserView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const reset = useResetTwoFactor(onClose);
  return (
    <AlertDialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent data-testid="reset-2fa-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>{t("accounts.admin.reset2faTitle")}</AlertDialogTitle>
          <AlertDialogDescription>{t("accounts.admin.reset2faDescription", { email: user?.email })}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t("common.cancel")}</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            disabled={reset.isPending}
            onClick={(event) => {
              event.preventDefault();
              if (user) reset.mutate(user);
            }}
          >
            {t("accounts.admin.reset2fa")}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
