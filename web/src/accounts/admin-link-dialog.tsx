import { Button } from "@duecheck/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@duecheck/ui/dialog";
import { useTranslation } from "react-i18next";
import { ShownOnceSecret, type ShownOnceWords } from "../components/shown-once-secret";

export function useLinkWords(): ShownOnceWords {
  const { t } = useTranslation();
  return {
    warning: t("accounts.admin.linkWarning"),
    label: t("accounts.admin.linkLabel"),
    copy: t("accounts.admin.copy"),
    copied: { title: t("accounts.admin.copied"), description: t("accounts.admin.copiedDescription") },
    copyFailed: { title: t("accounts.admin.copyFailed"), description: t("accounts.admin.copyFailedDescription") },
  };
}

/** A password reset link an admin made, shown once to copy and hand over. */
export function AdminLinkDialog({ shown, onClose }: { shown: { email: string; link: string } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const words = useLinkWords();
  return (
    <Dialog open={shown !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="reset-link-dialog" onInteractOutside={(event) => event.preventDefault()}>
        <DialogHeader>
          <DialogTitle>{t("accounts.admin.resetLinkTitle")}</DialogTitle>
          <DialogDescription>{t("accounts.admin.resetLinkDescription", { email: shown?.email })}</DialogDescription>
        </DialogHeader>
        {shown && <ShownOnceSecret value={shown.link} words={words} testId="reset-link" />}
        <DialogFooter>
          <Button type="button" onClick={onClose}>
            {t("common.close")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
