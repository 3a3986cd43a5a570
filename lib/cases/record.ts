/**
 * Every change to a case, written twice in its transaction: on the case's timeline (what the case page shows) and in
 * the audit log (the hash-chained record), filed under the case's organisation whoever acted. A change bumps the
 * case's version in the same conditional update that makes it: a change computed from an older version finds no row
 * and is refused with 409, so of two members closing or assigning one case at once one wins and the other is told.
 */
import { and, eq, sql } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { type ActorKind, recordAudit } from "../audit/record.ts";
import { AppError } from "../errors.ts";
import { CASE_CHANGED, type CaseRow } from "./access.ts";
import type { CaseEventKind } from "./contract.ts";
import { caseEventRecorded } from "./events.ts";

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
  await tx.insert(schema.caseEvents).values({ caseId: row.id, kind, actorUserId: actor.id, details, ...(at ? { at } : {}) });
  await recordAudit(tx, {
    action: `case.${kind}`,
    actorKind: actor.kind,
    actorUserId: actor.id,
    targetType: "case",
    targetId: row.id,
    ipAddress: actor.ipAddress,
    organisationId: row.organisationId,
    details,
  });
  await caseEventRecorded.publish({ tx, caseId: row.id, organisationId: row.organisationId, kind, actorUserId: actor.id, details, at: at ?? new Date() });
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
