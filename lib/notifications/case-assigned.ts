/**
 * A case given to a member, by someone else or by auto-assignment, notifies them: subscribed to cases'
 * caseEventRecorded at start-up (lib/wiring.ts), so the notification is written in the transaction of the assignment
 * and exists exactly when the assignment commits. A member who claims a case themselves is told nothing (they know),
 * nor is anyone when a case is handed back. The mail, with SMTP, is sent later from this row by a job (mail.ts),
 * never inside the transaction: a slow or failing mail server must not hold up or undo the assignment.
 */
import { schema } from "../../data/db.ts";
import type { CaseEventRecorded } from "../cases/events.ts";

export async function notifyCaseAssigned(event: CaseEventRecorded): Promise<void> {
  if (event.kind !== "assigned") return;
  const after = event.details.after as { assignee?: unknown } | undefined;
  const assignee = typeof after?.assignee === "string" ? after.assignee : null;
  if (!assignee || assignee === event.actorUserId) return;
  await event.tx.insert(schema.notifications).values({
    userId: assignee,
    organisationId: event.organisationId,
    caseId: event.caseId,
    kind: "case_assigned",
    actorUserId: event.actorUserId,
    createdAt: event.at,
  });
}
