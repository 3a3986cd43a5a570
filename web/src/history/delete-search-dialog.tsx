import { useTranslation } from "react-i18next";
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
import type { SearchListItem } from "../search/types";

/** Asks before a search is deleted, as the API keys' delete does: the result and its report are gone for good. */
export function DeleteSearchDialog({
  search,
  onCancel,
  onConfirm,
}: {
  search: SearchListItem | null;
  onCancel: () => void;
  onConfirm: (search: SearchListItem) => void;
}) {
  const { t } = useTranslation();
  return (
    <AlertDialog open={!!search} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t("history.deleteTitle")}</AlertDialogTitle>
          <AlertDialogDescription>{t("history.deleteDescription", { term: search?.searchTerm ?? "" })}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t("common.cancel")}</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={() => search && onConfirm(search)}>
            {t("history.delete")}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
