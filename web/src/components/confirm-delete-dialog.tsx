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

/**
 * Asks before something is deleted for good (a search, an API key, a webhook, a monitored entry): open while `item`
 * is set; Cancel, Escape or a click outside call onCancel, the destructive button onConfirm with the item.
 */
export function ConfirmDeleteDialog<T>({
  item,
  title,
  description,
  confirmLabel,
  onCancel,
  onConfirm,
}: {
  item: T | null;
  title: string;
  description: (item: T) => string;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: (item: T) => void;
}) {
  const { t } = useTranslation();
  return (
    <AlertDialog open={item !== null} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription className="wrap-anywhere">{item !== null ? description(item) : ""}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t("common.cancel")}</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={() => item !== null && onConfirm(item)}>
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
