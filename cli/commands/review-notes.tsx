/** `duecheck review notes`: a search's case notes, and appending one (notes are never edited or removed). */
import type { Command } from "commander";
import { reviewableSearch } from "../../lib/review/access.ts";
import { addNoteSchema, type SearchNoteView } from "../../lib/review/contract.ts";
import { addNote } from "../../lib/review/notes.ts";
import { notesOf } from "../../lib/review/search-review.ts";
import { failWith } from "../fail.ts";
import { askedLanguage, type Words, withLanguageOption } from "../language.ts";
import { minute } from "../options.ts";
import { printJson } from "../ui/render.tsx";
import { withCliUser } from "../user.ts";
import { cliReviewActor } from "./review-actor.ts";

const noteLine = (n: SearchNoteView, { t }: Words) => t.review.noteLine(minute(n.createdAt), n.author ?? "-", t.review.noteKinds[n.kind], n.text);

export function registerReviewNotes(review: Command) {
  withLanguageOption(review.command("notes"))
    .description("A search's case notes, oldest first (escalations and dismissals too); --add appends one")
    .argument("<search-id>", "the search's id")
    .option("--add <text>", "append this note")
    .option("--user <email>", "who reads or writes (default: the first administrator)")
    .option("--json", "print as JSON: the notes (as in the review of GET /api/searches/{id}), or with --add the note added")
    .action(async (searchId: string, options: { add?: string; user?: string; json?: boolean; language?: string }) => {
      const asked = askedLanguage(options.language);
      const text = options.add === undefined ? undefined : addNoteSchema.safeParse({ text: options.add });
      if (text && !text.success) failWith(text.error.issues[0].message);
      const { notes, added, term, shown } = await withCliUser(options.user, asked, async ({ db, user, shown }) => {
        const actor = cliReviewActor(user);
        const search = await reviewableSearch(db, actor, searchId);
        const added = text?.success ? await addNote(db, actor, search.id, text.data.text) : null;
        return { notes: added ? [] : await notesOf(db, search.id), added, term: search.searchTerm, shown };
      });
      if (options.json) return printJson(added ?? notes);
      if (added) {
        console.log(shown.t.review.noteAdded(term));
        return console.log(noteLine(added, shown));
      }
      console.log(shown.t.review.notesTitle);
      if (notes.length === 0) console.log(`  ${shown.t.review.notesEmpty}`);
      for (const n of notes) console.log(noteLine(n, shown));
    });
}
