import { useFormatters } from "@duecheck/react/views/format";
import { Alert, AlertDescription } from "@duecheck/ui/alert";
import { Button } from "@duecheck/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@duecheck/ui/card";
import { Form, FormControl } from "@duecheck/ui/form";
import { LabelledField } from "@duecheck/ui/form-fields";
import { Spinner } from "@duecheck/ui/spinner";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { canDecide } from "../../../lib/auth/roles.ts";
import { type CaseNoteView, caseNoteSchema } from "../../../lib/cases/contract.ts";
import { useCurrentUser } from "../auth/use-current-user";
import { serverErrorText } from "../lib/api";
import { reviewResolver } from "../review/review-resolver";
import { TextArea } from "../review/text-area";
import { useAddCaseNote } from "./case-queries";

type Values = z.infer<typeof caseNoteSchema>;
const resolver = reviewResolver<Values>(caseNoteSchema, ["text"]);

/** The case's notes, oldest first, and (for those who may write) the form that adds one: notes are never edited. */
export function CaseNotes({ caseId, notes }: { caseId: string; notes: CaseNoteView[] }) {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  const { user } = useCurrentUser();
  const form = useForm<Values>({ resolver, defaultValues: { text: "" } });
  const add = useAddCaseNote(caseId, () => form.reset({ text: "" }));
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 id="case-notes-title">{t("cases.notes.title")}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <section aria-labelledby="case-notes-title" className="grid gap-3" data-testid="case-notes">
          {notes.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("cases.notes.none")}</p>
          ) : (
            <ul className="grid gap-2">
              {notes.map((note) => (
                <li key={note.id} className="grid gap-1 rounded-md border p-3 text-sm" data-testid="case-note">
                  <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                    <span>{note.author ?? t("reviews.someone")}</span>
                    <time dateTime={note.createdAt}>{dateTime(note.createdAt)}</time>
                  </div>
                  <p className="break-words whitespace-pre-line">{note.text}</p>
                </li>
              ))}
            </ul>
          )}
        </section>
        {user && canDecide(user) && (
          <Form {...form}>
            <form onSubmit={form.handleSubmit(({ text }) => add.mutate(text))} className="grid gap-2" noValidate>
              {add.isError && (
                <Alert variant="destructive" data-testid="case-note-error">
                  <AlertDescription>{t(serverErrorText(add.error) ?? "reviews.noteFailed")}</AlertDescription>
                </Alert>
              )}
              <LabelledField
                control={form.control}
                name="text"
                label={t("cases.notes.add")}
                render={(field) => (
                  <FormControl>
                    <TextArea {...field} maxLength={4000} />
                  </FormControl>
                )}
              />
              <Button type="submit" variant="outline" className="w-fit" disabled={add.isPending}>
                {add.isPending && <Spinner />}
                {t("cases.notes.save")}
              </Button>
            </form>
          </Form>
        )}
      </CardContent>
    </Card>
  );
}
