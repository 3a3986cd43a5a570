/**
 * Notes on a case (appended, never edited or removed), and escalation: an analyst hands the case to the team's
 * reviewers with a reason. It leaves the analyst's list (unassigned), shows under "Escalated" until a reviewer takes
 * it (assign.ts), and the reason is kept as a note. Any member but an auditor writes notes and escalates.
 */
import { eq } from "drizzle-orm";
import { type Db, type DbOrTx, schema } from "../../data/db.ts";
import { personName } from "../auth/person-name.ts";
import { type Clock, systemClock } from "../clock.ts";
import { AppError } from "../errors.ts";
import { type CaseActor, type CaseRow, findCase } from "./access.ts";
import type { CaseNoteView, CaseView } from "./contract.ts";
import { recordCaseEvent, updateCase } from "./record.ts";
import { caseView } from "./views.ts";

export async function addCaseNote(deps: { db: Db; clock?: Clock }, actor: CaseActor, caseId: string, text: string): Promise<CaseNoteView> {
  const clock = deps.clock ?? systemClock;
  return deps.db.transaction(async (tx) => {
    const row = await findCase(tx, actor, caseId, { change: true });
    const now = clock.now();
    const [note] = await tx.insert(schema.caseNotes).values({ caseId: row.id, authorId: actor.id, text, createdAt: now }).returning();
    await recordCaseEvent(tx, row, { kind: actor.kind, id: actor.id, ipAddress: actor.ipAddress }, "note", { noteId: note.id, text }, now);
    const [{ author }] = await tx
      .select({ author: personName(schema.caseNotes.authorId) })
      .from(schema.caseNotes)
      .where(eq(schema.caseNotes.id, note.id));
    return { id: note.id, text: note.text, author, authorId: note.authorId, createdAt: note.createdAt.toISOString() };
  });
}

export async function escalateCase(deps: { db: Db; clock?: Clock }, actor: CaseActor, caseId: string, reason: string): Promise<CaseView> {
  const clock = deps.clock ?? systemClock;
  const after = await deps.db.transaction(async (tx) => escalateIn(tx, actor, await findCase(tx, actor, caseId, { change: true }), reason, clock.now()));
  return caseView(deps.db, after.id, clock);
}

/**
 * Escalates the case read (and locked by the caller's transaction where it must be): 409 when closed or already
 * escalated. `search`: the search it was escalated from (POST /api/searches/{id}/escalate), named on the timeline.
 */
export async function escalateIn(
  tx: DbOrTx,
  actor: CaseActor,
  row: CaseRow,
  reason: string,
  now: Date,
  search?: { id: string; searchTerm: string },
): Promise<CaseRow> {
  if (row.status === "closed") throw new AppError(409, "A closed case cannot be escalated: reopen it first");
  if (row.escalatedAt) throw new AppError(409, "The case is already escalated");
  const changed = await updateCase(tx, row, { escalatedAt: now, assigneeId: null });
  await tx.insert(schema.caseNotes).values({ caseId: row.id, authorId: actor.id, text: reason, createdAt: now });
  await recordCaseEvent(
    tx,
    changed,
    { kind: actor.kind, id: actor.id, ipAddress: actor.ipAddress },
    "escalated",
    { reason, ...(search ? { searchId: search.id, searchTerm: search.searchTerm } : {}), before: { assignee: row.assigneeId }, after: { assignee: null } },
    now,
  );
  return changed;
}
