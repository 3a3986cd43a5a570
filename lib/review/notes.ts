/** Case notes on a search (appended, never edited or removed), and the request for a second opinion. */
import { type Db, schema } from "../../data/db.ts";
import { recordAudit } from "../audit/record.ts";
import { AppError } from "../errors.ts";
import { type ReviewActor, reviewableSearch } from "./access.ts";
import type { SearchNoteView } from "./contract.ts";
import { notesOf, saveReviewState } from "./search-review.ts";

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
 * Asks for a second opinion: the search is escalated until the next decision on it (by anyone) answers the request.
 * The request's text is kept as a note of kind escalation.
 */
export async function escalateSearch(db: Db, actor: ReviewActor, searchId: string, text: string) {
  return db.transaction(async (tx) => {
    const search = await reviewableSearch(tx, actor, searchId, { lock: true });
    if (search.status !== "completed") throw new AppError(409, "Only a completed search can be escalated");
    if (search.reviewStatus === "no_hits") throw new AppError(409, "The search has no hits to give a second opinion on");
    if (search.escalatedAt) throw new AppError(409, "The search is already escalated");
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
  });
}
