/** Case notes on a search (appended, never edited or removed), and the request for a second opinion. */
import { type Db, type DbOrTx, schema } from "../../data/db.ts";
import { recordAudit } from "../audit/record.ts";
import { AppError } from "../errors.ts";
import { type ReviewActor, reviewableSearch } from "./access.ts";
import type { SearchNoteView } from "./contract.ts";
import { notesOf, saveReviewState } from "./search-review.ts";

type SearchRow = typeof schema.searches.$inferSelect;

export async function addNote(db: Db, actor: ReviewActor, searchId: string, text: string): Promise<SearchNoteView> {
  return db.transaction(async (tx) => {
    const search = await reviewableSearch(tx, actor, searchId, { lock: true });
    const [row] = await tx.insert(schema.searchNotes).values({ searchId: search.id, authorId: actor.id, kind: "note", text }).returning();
    await recordAudit(tx, {
      action: "review.note_added",
      actorKind: actor.kind,
      actorUserId: actor.id,
      targetType: "search",
      targetId: search.id,
      ipAddress: actor.ipAddress,
      details: { noteId: row.id, before: null, after: { text } },
    });
    return (await notesOf(tx, search.id)).find((n) => n.id === row.id)!;
  });
}

/**
 * A request for a second opinion on the search, in the caller's transaction with the search locked: kept as a note of
 * kind escalation (the search's timeline shows it, as it shows the requests made before cases existed), and the search
 * is escalated until the next decision on it (by anyone) answers the request. What escalates is the search's case
 * (lib/cases/search-escalation.ts): cases sit above review, so review names no code of theirs.
 */
export async function recordSearchEscalation(tx: DbOrTx, actor: ReviewActor, search: SearchRow, text: string): Promise<SearchRow> {
  if (search.status !== "completed") throw new AppError(409, "Only a completed search can be escalated");
  if (search.reviewStatus === "no_hits") throw new AppError(409, "The search has no hits to give a second opinion on");
  await tx.insert(schema.searchNotes).values({ searchId: search.id, authorId: actor.id, kind: "escalation", text });
  const after = await saveReviewState(tx, search, true);
  await recordAudit(tx, {
    action: "review.escalated",
    actorKind: actor.kind,
    actorUserId: actor.id,
    targetType: "search",
    targetId: search.id,
    ipAddress: actor.ipAddress,
    details: { before: { reviewStatus: search.reviewStatus }, after: { reviewStatus: after.reviewStatus, text } },
  });
  return after;
}
