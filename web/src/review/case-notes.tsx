import { useTranslation } from "react-i18next";
import { addNoteSchema, type SearchNoteView } from "../../../lib/review/contract.ts";
import { Notes } from "../components/notes";
import { useAddNote } from "./review-queries";

/** A search's notes, oldest first (escalations and dismissals badged), and the form that adds one (not for a read-only reader). */
export function CaseNotes({ searchId, notes, canAdd }: { searchId: string; notes: SearchNoteView[]; canAdd: boolean }) {
  const { t } = useTranslation();
  const add = useAddNote(searchId);
  return (
    <div className="grid gap-3">
      <h3 id="case-notes-title" className="font-semibold">
        {t("reviews.notes.title")}
      </h3>
      <Notes
        labelledBy="case-notes-title"
        notes={notes}
        emptyText={t("reviews.notes.none")}
        schema={addNoteSchema}
        add={canAdd ? { mutation: add, label: t("reviews.notes.add"), saveLabel: t("reviews.notes.save"), failedTitle: t("reviews.noteFailed") } : undefined}
        kindLabel={(kind) => t(`reviews.noteKind.${kind}`)}
      />
    </div>
  );
}
