/**
 * Claiming a case ("me"), handing it back (null) or giving it to a member (a user id). Any member but an auditor
 * claims a case or hands back their own; giving a case to someone, or taking it from them, is for those who run or
 * review the team (access.ts runsCases). The assignee must be an active member of the case's organisation, and not an
 * auditor (who changes nothing): anyone else is 400. An escalated case is taken when a reviewer gets it.
 */
import { and, eq, isNull } from "drizzle-orm";
import { type Db, schema } from "../../data/db.ts";
import { type Clock, systemClock } from "../clock.ts";
import { AppError } from "../errors.ts";
import { type CaseActor, findCase, requireVersion, runsCases } from "./access.ts";
import type { AssignCaseInput, CaseView } from "./contract.ts";
import { recordCaseEvent, updateCase } from "./record.ts";
import { caseView } from "./views.ts";

export const ASSIGNEE_NOT_MEMBER = "The assignee must be an active member of the case's organisation who may work on cases";
export const ASSIGN_OTHERS_MESSAGE = "Only the team's owners, admins and reviewers give a case to someone else or take it from them";

export async function assignCase(deps: { db: Db; clock?: Clock }, actor: CaseActor, caseId: string, input: AssignCaseInput): Promise<CaseView> {
  const clock = deps.clock ?? systemClock;
  const after = await deps.db.transaction(async (tx) => {
    const row = await findCase(tx, actor, caseId, { change: true });
    requireVersion(row, input.version);
    const assigneeId = input.assignee === "me" ? actor.id : input.assignee;
    const takesFromSomeone = row.assigneeId !== null && row.assigneeId !== actor.id;
    if (!runsCases(actor) && ((assigneeId !== null && assigneeId !== actor.id) || takesFromSomeone)) throw new AppError(403, ASSIGN_OTHERS_MESSAGE);
    let takenByReviewer = false;
    if (assigneeId !== null) {
      const u = schema.users;
      const [member] = await tx
        .select({ role: u.organisationRole })
        .from(u)
        .where(and(eq(u.id, assigneeId), eq(u.organisationId, row.organisationId), eq(u.isActive, true), isNull(u.removedFromOrganisationAt)));
      if (!member || member.role === "auditor") throw new AppError(400, ASSIGNEE_NOT_MEMBER);
      takenByReviewer = member.role === "reviewer";
    }
    if (assigneeId === row.assigneeId) return row;
    const escalatedAt = row.escalatedAt && takenByReviewer ? null : row.escalatedAt;
    const changed = await updateCase(tx, row, { assigneeId, escalatedAt });
    await recordCaseEvent(
      tx,
      changed,
      { kind: actor.kind, id: actor.id, ipAddress: actor.ipAddress },
      "assigned",
      {
        before: { assignee: row.assigneeId, escalated: !!row.escalatedAt },
        after: { assignee: assigneeId, escalated: !!escalatedAt },
      },
      clock.now(),
    );
    return changed;
  });
  return caseView(deps.db, after.id, clock);
}
