/**
 * The case events webhooks receive: `case.opened`, `case.assigned`, `case.escalated` and `case.closed`, from the
 * timeline entries cases announce (lib/cases/events.ts) inside the transaction of the change, subscribed at start-up
 * (lib/wiring.ts). The deliveries are written with that transaction, so an event is sent exactly when its change
 * committed, never for a change that was rolled back.
 *
 * Who gets them: the enabled webhooks subscribed to the event of the case's organisation's active members who read the
 * case (lib/cases/access.ts readableCases: every member but an analyst while the organisation keeps screenings apart,
 * who gets the cases assigned to them or holding a screening of theirs). A case event is the team's, not one person's:
 * an integration of any member who reads the case hears of it; a member who could not open the case hears nothing of it.
 * Readers are counted at the change, inside its transaction: an analyst kept apart hears of their screening's case
 * from the change after it joined (a new case opens before its first screening joins it), typically case.assigned.
 * The instance's own webhooks, and members of other organisations, whatever their instance role, get none.
 *
 * The payload names the case as a receiver acts on it (id, organisation, status, outcome, priority, assignee, due
 * date, subject name and type) and, for an escalation or a reopening, the reason. It never carries the subject's
 * birth date, nationality or identifiers, the hits, notes or files: the receiver reads those with an API key
 * (GET /api/v1/cases/{id}).
 */
import { and, eq, isNull, or, sql } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { casePath } from "../app-links.ts";
import { personName } from "../auth/person-name.ts";
import { type CaseReader, readableCases } from "../cases/access.ts";
import type { CaseOutcome, CasePriority, CaseStatus } from "../cases/contract.ts";
import type { CaseEventRecorded } from "../cases/events.ts";
import type { PersonRef } from "../review/contract.ts";
import { processWebhookQueue } from "./delivery-queue.ts";
import type { WebhookEvent } from "./event-names.ts";
import { queueWebhookEvent } from "./events.ts";

export type CaseWebhookEvent = Extract<WebhookEvent, `case.${string}`>;

/** What a case event's `data` holds (and `url`, the case page). */
export interface CaseWebhookPayload {
  case: {
    id: string;
    title: string;
    organisation: { id: string; name: string };
    status: CaseStatus;
    outcome: CaseOutcome | null;
    priority: CasePriority;
    assignee: PersonRef | null;
    dueAt: string;
    /** Escalated to the reviewers and not taken yet. */
    escalatedAt: string | null;
    subject: { name: string; entityType: "person" | "company" };
    openedAt: string;
    closedAt: string | null;
  };
  /** Who made the change; null for the system (a screening opening the case, auto-assignment). */
  by: PersonRef | null;
  /** case.escalated: what the reviewers should look at; case.opened of a reopened case: why it reopened. */
  reason?: string;
  /** case.opened: a closed case opened again (a new hit for its subject, or by hand), rather than a new case. */
  reopened?: boolean;
  /** case.assigned: the assignee before (null: it was unassigned). */
  previousAssignee?: PersonRef | null;
  /** case.assigned: handed out by auto-assignment. */
  auto?: boolean;
}

/**
 * The webhook event a timeline entry is, if any: a status change is case.closed only when it closed the case, and a
 * closed case opened again is case.opened (with `reopened`), so a receiver that keeps the open cases misses none.
 */
export function caseWebhookEvent(kind: CaseEventRecorded["kind"], details: Record<string, unknown>): CaseWebhookEvent | null {
  if (kind === "opened" || kind === "reopened") return "case.opened";
  if (kind === "assigned") return "case.assigned";
  if (kind === "escalated") return "case.escalated";
  if (kind === "status_changed" && (details.after as { status?: unknown } | undefined)?.status === "closed") return "case.closed";
  return null;
}

/** Subscribed to caseEventRecorded: queues the event's deliveries in the change's transaction. */
export async function emitCaseWebhookEvent(event: CaseEventRecorded): Promise<void> {
  const name = caseWebhookEvent(event.kind, event.details);
  if (!name) return;
  const { tx } = event;
  const recipients = await subscribedReaders(tx, event.caseId, event.organisationId, name);
  if (recipients.size === 0) return;
  const payload = await casePayload(tx, event, name);
  if (!payload) return;
  const queue = processWebhookQueue();
  for (const [userId, webhookIds] of recipients) {
    for (const webhookId of webhookIds) {
      await queueWebhookEvent(tx, queue, { userId, webhookId, event: name, payload: { ...payload }, link: casePath(event.caseId) });
    }
  }
}

/** The subscribed, enabled webhooks of the organisation's active members who read the case, by member. */
async function subscribedReaders(tx: DbOrTx, caseId: string, organisationId: string, name: CaseWebhookEvent): Promise<Map<string, string[]>> {
  const w = schema.webhooks;
  const u = schema.users;
  const hooks = await tx
    .select({ id: w.id, userId: u.id, role: u.role, organisationId: u.organisationId, organisationRole: u.organisationRole })
    .from(w)
    .innerJoin(u, eq(u.id, w.userId))
    .where(
      and(
        eq(w.enabled, true),
        sql`${w.events} @> ${JSON.stringify([name])}::jsonb`,
        eq(u.organisationId, organisationId),
        or(isNull(w.organisationId), eq(w.organisationId, organisationId)),
        eq(u.isActive, true),
        isNull(u.removedFromOrganisationAt),
      ),
    );
  const byMember = new Map<string, string[]>();
  const reads = new Map<string, boolean>();
  for (const hook of hooks) {
    if (!reads.has(hook.userId)) reads.set(hook.userId, await readsCase(tx, hook, caseId));
    if (!reads.get(hook.userId)) continue;
    byMember.set(hook.userId, [...(byMember.get(hook.userId) ?? []), hook.id]);
  }
  return byMember;
}

/** The member reads the case as lib/cases does, confined to their organisation (the query above already is). */
async function readsCase(tx: DbOrTx, member: CaseReader & { userId: string }, caseId: string): Promise<boolean> {
  const k = schema.cases;
  const reader: CaseReader = { id: member.userId, role: member.role, organisationId: member.organisationId, organisationRole: member.organisationRole };
  const [row] = await tx
    .select({ id: k.id })
    .from(k)
    .where(and(eq(k.id, caseId), readableCases(reader)));
  return !!row;
}

async function casePayload(tx: DbOrTx, event: CaseEventRecorded, name: CaseWebhookEvent): Promise<CaseWebhookPayload | null> {
  const k = schema.cases;
  const o = schema.organisations;
  const [row] = await tx
    .select({ row: k, organisationName: o.name, assigneeName: personName(k.assigneeId) })
    .from(k)
    .innerJoin(o, eq(o.id, k.organisationId))
    .where(eq(k.id, event.caseId));
  if (!row) return null;
  const c = row.row;
  const payload: CaseWebhookPayload = {
    case: {
      id: c.id,
      title: c.title,
      organisation: { id: c.organisationId, name: row.organisationName },
      status: c.status as CaseStatus,
      outcome: c.outcome as CaseOutcome | null,
      priority: c.priority as CasePriority,
      assignee: c.assigneeId ? { id: c.assigneeId, name: row.assigneeName ?? "" } : null,
      dueAt: c.dueAt.toISOString(),
      escalatedAt: c.escalatedAt?.toISOString() ?? null,
      subject: { name: c.subjectName, entityType: c.entityType },
      openedAt: c.openedAt.toISOString(),
      closedAt: c.closedAt?.toISOString() ?? null,
    },
    by: await person(tx, event.actorUserId),
  };
  const reason = typeof event.details.reason === "string" ? event.details.reason : "";
  if (name === "case.escalated") payload.reason = reason;
  if (name === "case.opened") {
    payload.reopened = event.kind === "reopened";
    if (payload.reopened) payload.reason = reason;
  }
  if (name === "case.assigned") {
    const before = (event.details.before as { assignee?: unknown } | undefined)?.assignee;
    payload.previousAssignee = await person(tx, typeof before === "string" ? before : null);
    payload.auto = event.details.auto === true;
  }
  return payload;
}

async function person(tx: DbOrTx, userId: string | null): Promise<PersonRef | null> {
  if (!userId) return null;
  const u = schema.users;
  const [row] = await tx
    .select({ name: sql<string>`coalesce(nullif(${u.fullName}, ''), ${u.email})` })
    .from(u)
    .where(eq(u.id, userId));
  return { id: userId, name: row?.name ?? "" };
}
