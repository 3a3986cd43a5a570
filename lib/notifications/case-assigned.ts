/**
 * A case given to a member, by someone else or by auto-assignment, notifies them: subscribed to cases'
 * caseEventsRecorded at start-up (lib/wiring.ts), so the notification is written in the transaction of the assignment
 * and exists exactly when the assignment commits. A member who claims a case themselves is told nothing (they know),
 * nor is anyone when a case is handed back. The mail, with SMTP, is sent later from this row by a job (mail.ts),
 * never inside the transaction: a slow or failing mail server must not hold up or undo the assignment.
 */
import { schema } from "../../data/db.ts";
import type { CaseEventsRecorded } from "../cases/events.ts";

/** One statement for the assignments announced together (a batch's new cases, auto-assigned). */
export async function notifyCasesAssigned({ tx, events }: CaseEventsRecorded): Promise<void> {
  const rows = events.flatMap((event) => {
    if (event.kind !== "assigned") return [];
    const after = event.details.after as { assignee?: unknown } | undefined;
    const assignee = typeof after?.assignee === "string" ? after.assignee : null;
    if (!assignee || assignee === event.actorUserId) return [];
    return [
      {
        userId: assignee,
        organisationId: event.organisationId,
        caseId: event.caseId,
        kind: "case_assigned" as const,
        actorUserId: event.actorUserId,
        createdAt: event.at,
      },
    ];
  });
  // 6 parameters a row: a statement for up to 5,000 of them, well under the 65,534 a statement may carry.
  for (let i = 0; i < rows.length; i += 5000) await tx.insert(schema.notifications).values(rows.slice(i, i + 5000));
}
