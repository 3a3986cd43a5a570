/**
 * Notes on a case (appended, never edited or removed), and escalation: an analyst hands the case to the team's
 * reviewers with a reason. It leaves the analyst's list (unassigned), shows under "Escalated" until a reviewer takes
 * it (assign.ts), and the reason is kept as a note. Any member but an auditor writes notes and escalates.
 */
import { eq } from "drizzle-orm";
import { type Db, schema } from "../../data/db.ts";
import { personName } from "../auth/person-name.ts";
import { type Clock, systemClock } from "../clock.ts";
import { AppError } from "../errors.ts";
import { type CaseActor, findCase } from "./access.ts";
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
  const after = await deps.db.transaction(async (tx) => {
    const row = await findCase(tx, actor, caseId, { change: true });
    if (row.status === "closed") throw new AppError(409, "A closed case cannot be escalated: reopen it first");
    if (row.escalatedAt) throw new AppError(409, "The case is already escalated");
    const now = clock.now();
    const changed = await updateCase(tx, row, { escalatedAt: now, assigneeId: null });
    await tx.insert(schema.caseNotes).values({ caseId: row.id, authorId: actor.id, text: reason, createdAt: now });
    await recordCaseEvent(
      tx,
      changed,
      { kind: actor.kind, id: actor.id, ipAddress: actor.ipAddress },
      "escalated",
      { reason, before: { assignee: row.assigneeId }, after: { assignee: null } },
      now,
    );
    return changed;
  });
  return caseView(deps.db, after.id, clock);
}
