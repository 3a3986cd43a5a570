import { Card, CardContent, CardHeader, CardTitle } from "@duecheck/ui/card";
import { useTranslation } from "react-i18next";
import { canDecide } from "../../../lib/auth/roles.ts";
import { type CaseNoteView, caseNoteSchema } from "../../../lib/cases/contract.ts";
import { useCurrentUser } from "../auth/use-current-user";
import { Notes } from "../components/notes";
import { useAddCaseNote } from "./case-queries";

/** The case's notes, oldest first, and (for those who may write) the form that adds one: notes are never edited. */
export function CaseNotes({ caseId, notes }: { caseId: string; notes: CaseNoteView[] }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const add = useAddCaseNote(caseId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 id="case-notes-title">{t("cases.notes.title")}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <Notes
          labelledBy="case-notes-title"
          notes={notes}
          emptyText={t("cases.notes.none")}
          schema={caseNoteSchema}
          add={
            user && canDecide(user)
              ? { mutation: add, label: t("cases.notes.add"), saveLabel: t("cases.notes.save"), failedTitle: t("reviews.noteFailed") }
              : undefined
          }
        />
      </CardContent>
    </Card>
  );
}
