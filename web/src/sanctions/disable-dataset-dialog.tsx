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
import { Label } from "@duecheck/ui/label";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { MAX_DISABLE_REASON_LENGTH } from "../../../lib/sanctions/datasets/schemas.ts";

/**
 * Asks before a list is turned off for every screening, and for the reason, which the audit log keeps: disabling
 * changes what every search checks, so it is confirmed and explained, never a stray click on a switch. The confirm
 * button waits for a reason; the dialog closes on the answer (a refusal leaves it open with its toast).
 */
export function DisableDatasetDialog({
  name,
  open,
  pending,
  onCancel,
  onConfirm,
}: {
  name: string;
  open: boolean;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState("");
  const reasonId = useId();
  const hintId = useId();
  const trimmed = reason.trim();
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setReason("");
          onCancel();
        }
      }}
    >
      <AlertDialogContent data-testid="disable-dataset-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle className="wrap-anywhere">{t("sanctions.disable.title", { name })}</AlertDialogTitle>
          <AlertDialogDescription>{t("sanctions.disable.description")}</AlertDialogDescription>
        </AlertDialogHeader>
        <div className="grid gap-2">
          <Label htmlFor={reasonId}>{t("sanctions.disable.reason")}</Label>
          <textarea
            id={reasonId}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            maxLength={MAX_DISABLE_REASON_LENGTH}
            required
            aria-required
            aria-describedby={hintId}
            rows={3}
            className="min-h-16 w-full rounded-md border border-input bg-transparent px-3 py-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50"
          />
          <p id={hintId} className="text-xs text-muted-foreground">
            {t("sanctions.disable.reasonHint")}
          </p>
        </div>
        <AlertDialogFooter>
          <AlertDialogCancel>{t("common.cancel")}</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            disabled={pending || trimmed === ""}
            onClick={(event) => {
              event.preventDefault();
              onConfirm(trimmed);
            }}
          >
            {t("sanctions.disable.confirm")}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
