/**
 * Every change to a case, written twice in its transaction: on the case's timeline (what the case page shows) and in
 * the audit log (the hash-chained record), filed under the case's organisation whoever acted. A change bumps the
 * case's version in the same conditional update that makes it: a change computed from an older version finds no row
 * and is refused with 409, so of two members closing or assigning one case at once one wins and the other is told.
 */
import { and, eq, sql } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { type ActorKind, AUDIT_ROWS_PER_STATEMENT, auditAppend } from "../audit/record.ts";
import { AppError } from "../errors.ts";
import { CASE_CHANGED, type CaseRow } from "./access.ts";
import type { CaseEventKind } from "./contract.ts";
import { caseEventsRecorded } from "./events.ts";

const k = schema.cases;

/** Who made the change: a member (with the client's address), or the system (a screening joining, auto-assignment). */
export interface ChangeActor {
  kind: ActorKind;
  id: string | null;
  ipAddress?: string | null;
}

export const SYSTEM: ChangeActor = { kind: "system", id: null };

export async function recordCaseEvent(
  tx: DbOrTx,
  row: Pick<CaseRow, "id" | "organisationId">,
  actor: ChangeActor,
  kind: CaseEventKind,
  details: Record<string, unknown>,
  at?: Date,
) {
  await recordCaseEvents(tx, [{ row, actor, kind, details, at }]);
}

export interface CaseChange {
  row: Pick<CaseRow, "id" | "organisationId">;
  actor: ChangeActor;
  kind: CaseEventKind;
  details: Record<string, unknown>;
  at?: Date;
}

/**
 * Changes written together (a batch's new cases): their timeline entries and their audit entries in one statement (a
 * data-modifying WITH), in the order given, and one announcement of them all, so a thousand cases cost a few
 * statements, not a few thousand.
 */
export async function recordCaseEvents(tx: DbOrTx, changes: readonly CaseChange[]) {
  if (changes.length === 0) return;
  for (let i = 0; i < changes.length; i += AUDIT_ROWS_PER_STATEMENT) {
    const part = changes.slice(i, i + AUDIT_ROWS_PER_STATEMENT);
    // Without a time given, the timeline entry takes the database's (the transaction's start).
    const timeline = tx
      .insert(schema.caseEvents)
      .values(part.map((c) => ({ caseId: c.row.id, kind: c.kind, actorUserId: c.actor.id, details: c.details, at: c.at })));
    const audit = auditAppend(
      tx,
      part.map((c) => ({
        action: `case.${c.kind}`,
        actorKind: c.actor.kind,
        actorUserId: c.actor.id,
        targetType: "case",
        targetId: c.row.id,
        ipAddress: c.actor.ipAddress,
        organisationId: c.row.organisationId,
        details: c.details,
      })),
    );
    await tx.execute(sql`with timeline as (${timeline.getSQL()}) ${audit.getSQL()}`);
  }
  await caseEventsRecorded.publish({
    tx,
    events: changes.map((c) => ({
      caseId: c.row.id,
      organisationId: c.row.organisationId,
      kind: c.kind,
      actorUserId: c.actor.id,
      details: c.details,
      at: c.at ?? new Date(),
    })),
  });
}

/** Writes the change if the case is still at the version it was read at; 409 otherwise. */
export async function updateCase(tx: DbOrTx, row: CaseRow, set: Partial<typeof k.$inferInsert>): Promise<CaseRow> {
  const [after] = await tx
    .update(k)
    .set({ ...set, version: row.version + 1, updatedAt: sql`now()` })
    .where(and(eq(k.id, row.id), eq(k.version, row.version)))
    .returning();
  if (!after) throw new AppError(409, CASE_CHANGED);
  return after;
}
