import { Button } from "@duecheck/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@duecheck/ui/dialog";
import { toast } from "@duecheck/ui/use-toast";
import { CopyIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { copyText } from "../lib/copy-text";

/** The ten recovery codes, shown once: a list to copy or write down, and "I have saved them". */
export function RecoveryCodesView({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const copy = async () => {
    if (await copyText(codes.join("\n"))) toast({ title: t("accounts.codes.copied") });
    else toast({ variant: "destructive", title: t("accounts.codes.copyFailed") });
  };
  return (
    <div className="grid gap-4" data-testid="recovery-codes-dialog">
      <DialogHeader>
        <DialogTitle>{t("accounts.codes.title")}</DialogTitle>
        <DialogDescription>{t("accounts.codes.description")}</DialogDescription>
      </DialogHeader>
      <ul aria-label={t("accounts.codes.title")} className="grid grid-cols-2 gap-2 rounded-md bg-muted p-3 font-mono text-sm">
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code" className="select-all text-center">
            {code}
          </li>
        ))}
      </ul>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={copy}>
          <CopyIcon aria-hidden />
          {t("accounts.codes.copy")}
        </Button>
        <Button type="button" onClick={onDone}>
          {t("accounts.codes.saved")}
        </Button>
      </DialogFooter>
    </div>
  );
}

/** New recovery codes after regenerating, in a dialog of their own. */
export function RecoveryCodesDialog({ codes, onClose }: { codes: string[] | null; onClose: () => void }) {
  return (
    <Dialog open={codes !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>{codes && <RecoveryCodesView codes={codes} onDone={onClose} />}</DialogContent>
    </Dialog>
  );
}
