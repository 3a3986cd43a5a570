import { useFormatters } from "@duecheck/react/views/format";
import { Badge } from "@duecheck/ui/badge";
import { Button } from "@duecheck/ui/button";
import { Form, FormControl } from "@duecheck/ui/form";
import { LabelledField } from "@duecheck/ui/form-fields";
import { Spinner } from "@duecheck/ui/spinner";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { addNoteSchema, type SearchNoteView } from "../../../lib/review/contract.ts";
import { useAddNote } from "./review-queries";
import { reviewResolver } from "./review-resolver";
import { TextArea } from "./text-area";

type Values = z.infer<typeof addNoteSchema>;
const resolver = reviewResolver<Values>(addNoteSchema, ["text"]);

/** Case notes, oldest first, and the form that adds one: notes are appended, never edited or removed. */
export function CaseNotes({ searchId, notes }: { searchId: string; notes: SearchNoteView[] }) {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  const form = useForm<Values>({ resolver, defaultValues: { text: "" } });
  const add = useAddNote(searchId, () => form.reset({ text: "" }));
  return (
    <section aria-labelledby="case-notes-title" className="grid gap-3" data-testid="case-notes">
      <h3 id="case-notes-title" className="font-semibold">
        {t("reviews.notes.title")}
      </h3>
      {notes.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("reviews.notes.none")}</p>
      ) : (
        <ul className="grid gap-2">
          {notes.map((note) => (
            <li key={note.id} className="grid gap-1 rounded-md border p-3 text-sm" data-testid="case-note" data-kind={note.kind}>
              <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                {note.kind !== "note" && <Badge variant="secondary">{t(`reviews.noteKind.${note.kind}`)}</Badge>}
                <span>{note.author ?? t("reviews.someone")}</span>
                <time dateTime={note.createdAt}>{dateTime(note.createdAt)}</time>
              </div>
              <p className="break-words whitespace-pre-line">{note.text}</p>
            </li>
          ))}
        </ul>
      )}
      <Form {...form}>
        <form onSubmit={form.handleSubmit(({ text }) => add.mutate(text))} className="grid gap-2" noValidate>
          <LabelledField
            control={form.control}
            name="text"
            label={t("reviews.notes.add")}
            render={(field) => (
              <FormControl>
                <TextArea {...field} maxLength={4000} />
              </FormControl>
            )}
          />
          <Button type="submit" variant="outline" className="w-fit" disabled={add.isPending}>
            {add.isPending && <Spinner />}
            {t("reviews.notes.save")}
          </Button>
        </form>
      </Form>
    </section>
  );
}
