import { useFormatters } from "@duecheck/react/views/format";
import { Badge } from "@duecheck/ui/badge";
import { Button } from "@duecheck/ui/button";
import { Form, FormControl } from "@duecheck/ui/form";
import { LabelledField } from "@duecheck/ui/form-fields";
import { Spinner } from "@duecheck/ui/spinner";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { reviewResolver } from "../review/review-resolver";
import { TextArea } from "../review/text-area";
import { Refusal } from "./form-dialog";

type Values = { text: string };

export interface NoteItem {
  id: string;
  text: string;
  author: string | null;
  createdAt: string;
  /** A note's kind other than a plain note (an escalation, a dismissal), badged with `kindLabel`. */
  kind?: string;
}

/** What the form needs of the request that adds a note. */
export interface AddNoteMutation {
  mutate: (text: string, options: { onSuccess: () => void }) => void;
  isPending: boolean;
  error: unknown;
}

export interface NotesProps {
  /** The id of the heading that names the notes (the caller's, in its own card or section). */
  labelledBy: string;
  notes: NoteItem[];
  emptyText: string;
  /** The server's schema of the note: one field, text. */
  schema: z.ZodType<Values, Values>;
  /** Absent for a reader who may not write (an auditor): the notes are shown without the form. */
  add?: { mutation: AddNoteMutation; label: string; saveLabel: string; failedTitle: string };
  kindLabel?: (kind: string) => string;
}

/**
 * Notes, oldest first, each with its author and time, and the form that appends one (checked with the server's own
 * schema, the server's refusal shown in the form): a search's and a case's alike. Notes are never edited or removed.
 */
export function Notes({ labelledBy, notes, emptyText, schema, add, kindLabel }: NotesProps) {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  const resolver = useMemo(() => reviewResolver<Values>(schema, ["text"]), [schema]);
  const form = useForm<Values>({ resolver, defaultValues: { text: "" } });
  return (
    <section aria-labelledby={labelledBy} className="grid gap-3" data-testid="case-notes">
      {notes.length === 0 ? (
        <p className="text-sm text-muted-foreground">{emptyText}</p>
      ) : (
        <ul className="grid gap-2">
          {notes.map((note) => (
            <li key={note.id} className="grid gap-1 rounded-md border p-3 text-sm" data-testid="case-note" data-kind={note.kind ?? "note"}>
              <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                {note.kind && note.kind !== "note" && kindLabel && <Badge variant="secondary">{kindLabel(note.kind)}</Badge>}
                <span>{note.author ?? t("reviews.someone")}</span>
                <time dateTime={note.createdAt}>{dateTime(note.createdAt)}</time>
              </div>
              <p className="break-words whitespace-pre-line">{note.text}</p>
            </li>
          ))}
        </ul>
      )}
      {add && (
        <Form {...form}>
          <form
            onSubmit={form.handleSubmit(({ text }) => add.mutation.mutate(text, { onSuccess: () => form.reset({ text: "" }) }))}
            className="grid gap-2"
            noValidate
          >
            {add.mutation.error ? <Refusal error={add.mutation.error} title={add.failedTitle} testId="case-note-error" /> : null}
            <LabelledField
              control={form.control}
              name="text"
              label={add.label}
              render={(field) => (
                <FormControl>
                  <TextArea {...field} maxLength={4000} />
                </FormControl>
              )}
            />
            <Button type="submit" variant="outline" className="w-fit" disabled={add.mutation.isPending}>
              {add.mutation.isPending && <Spinner />}
              {add.saveLabel}
            </Button>
          </form>
        </Form>
      )}
    </section>
  );
}
