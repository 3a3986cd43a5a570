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
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { casePath } from "../app-links.ts";
import { personName } from "../auth/person-name.ts";
import { type CaseReader, readableCases } from "../cases/access.ts";
import type { CaseOutcome, CasePriority, CaseStatus } from "../cases/contract.ts";
import type { CaseEventRecorded, CaseEventsRecorded } from "../cases/events.ts";
import type { PersonRef } from "../review/contract.ts";
import { processWebhookQueue } from "./delivery-queue.ts";
import type { WebhookEvent } from "./event-names.ts";
import { type QueuedDelivery, queueDeliveries } from "./events.ts";

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

/** A timeline entry that is a webhook event. */
interface Announced {
  event: CaseEventRecorded;
  name: CaseWebhookEvent;
}

/**
 * Subscribed to caseEventsRecorded: queues the events' deliveries in the changes' transaction. The entries announced
 * together (a batch's thousand new cases, opened, then assigned) cost a few statements in all: the subscribed
 * webhooks once, each of their members' readable cases once, the cases' payloads once, the deliveries once.
 */
export async function emitCaseWebhookEvents({ tx, events }: CaseEventsRecorded): Promise<void> {
  const announced: Announced[] = [];
  for (const event of events) {
    const name = caseWebhookEvent(event.kind, event.details);
    if (name) announced.push({ event, name });
  }
  if (announced.length === 0) return;
  const hooks = await subscribedHooks(tx, announced);
  if (hooks.length === 0) return;
  const reads = await readCases(tx, hooks, announced);
  // Each event's receivers: the webhooks subscribed to it of the members who read its case.
  const receivers = announced.map(({ event, name }) =>
    hooks.filter((h) => h.organisationId === event.organisationId && h.events.includes(name) && reads.get(h.userId)?.has(event.caseId)),
  );
  const payloads = await casePayloads(
    tx,
    announced.filter((_, i) => receivers[i].length > 0),
  );
  const deliveries: QueuedDelivery[] = [];
  announced.forEach(({ event, name }, i) => {
    const payload = payloads.get(event);
    if (!payload) return;
    for (const hook of receivers[i]) deliveries.push({ webhookId: hook.id, event: name, payload: { ...payload }, link: casePath(event.caseId) });
  });
  await queueDeliveries(tx, processWebhookQueue(), deliveries);
}

interface Hook extends CaseReader {
  id: string;
  userId: string;
  events: string[];
}

/** The enabled webhooks subscribed to any of the events, of the cases' organisations' active members. */
async function subscribedHooks(tx: DbOrTx, announced: Announced[]): Promise<Hook[]> {
  const w = schema.webhooks;
  const u = schema.users;
  const organisationIds = [...new Set(announced.map((a) => a.event.organisationId))];
  const names = [...new Set(announced.map((a) => a.name))];
  const rows = await tx
    .select({ id: w.id, events: w.events, userId: u.id, role: u.role, organisationId: u.organisationId, organisationRole: u.organisationRole })
    .from(w)
    .innerJoin(u, eq(u.id, w.userId))
    .where(
      and(
        eq(w.enabled, true),
        or(...names.map((name) => sql`${w.events} @> ${JSON.stringify([name])}::jsonb`)),
        inArray(u.organisationId, organisationIds),
        or(isNull(w.organisationId), eq(w.organisationId, u.organisationId)),
        eq(u.isActive, true),
        isNull(u.removedFromOrganisationAt),
      ),
    )
    .orderBy(w.createdAt, w.id);
  return rows.map((r) => ({ ...r, events: Array.isArray(r.events) ? (r.events as string[]) : [] }));
}

/** The cases each hook's member reads among the events' cases of their organisation, as lib/cases does. */
async function readCases(tx: DbOrTx, hooks: Hook[], announced: Announced[]): Promise<Map<string, Set<string>>> {
  const k = schema.cases;
  const reads = new Map<string, Set<string>>();
  for (const hook of hooks) {
    if (reads.has(hook.userId)) continue;
    const caseIds = [...new Set(announced.filter((a) => a.event.organisationId === hook.organisationId).map((a) => a.event.caseId))];
    const reader: CaseReader = { id: hook.userId, role: hook.role, organisationId: hook.organisationId, organisationRole: hook.organisationRole };
    const rows = await tx
      .select({ id: k.id })
      .from(k)
      .where(and(inArray(k.id, caseIds), readableCases(reader)));
    reads.set(hook.userId, new Set(rows.map((r) => r.id)));
  }
  return reads;
}

/** Each event's payload, from its case as the announced changes left it; none for a case gone. */
async function casePayloads(tx: DbOrTx, announced: Announced[]): Promise<Map<CaseEventRecorded, CaseWebhookPayload>> {
  const payloads = new Map<CaseEventRecorded, CaseWebhookPayload>();
  if (announced.length === 0) return payloads;
  const k = schema.cases;
  const o = schema.organisations;
  const rows = await tx
    .select({ row: k, organisationName: o.name, assigneeName: personName(k.assigneeId) })
    .from(k)
    .innerJoin(o, eq(o.id, k.organisationId))
    .where(inArray(k.id, [...new Set(announced.map((a) => a.event.caseId))]));
  const byId = new Map(rows.map((r) => [r.row.id, r]));
  const previousOf = (event: CaseEventRecorded) => {
    const before = (event.details.before as { assignee?: unknown } | undefined)?.assignee;
    return typeof before === "string" ? before : null;
  };
  const people = await persons(tx, [
    ...announced.map((a) => a.event.actorUserId),
    ...announced.filter((a) => a.name === "case.assigned").map((a) => previousOf(a.event)),
  ]);
  const person = (userId: string | null): PersonRef | null => (userId ? { id: userId, name: people.get(userId) ?? "" } : null);
  for (const { event, name } of announced) {
    const found = byId.get(event.caseId);
    if (!found) continue;
    const c = found.row;
    const payload: CaseWebhookPayload = {
      case: {
        id: c.id,
        title: c.title,
        organisation: { id: c.organisationId, name: found.organisationName },
        status: c.status as CaseStatus,
        outcome: c.outcome as CaseOutcome | null,
        priority: c.priority as CasePriority,
        assignee: c.assigneeId ? { id: c.assigneeId, name: found.assigneeName ?? "" } : null,
        dueAt: c.dueAt.toISOString(),
        escalatedAt: c.escalatedAt?.toISOString() ?? null,
        subject: { name: c.subjectName, entityType: c.entityType },
        openedAt: c.openedAt.toISOString(),
        closedAt: c.closedAt?.toISOString() ?? null,
      },
      by: person(event.actorUserId),
    };
    const reason = typeof event.details.reason === "string" ? event.details.reason : "";
    if (name === "case.escalated") payload.reason = reason;
    if (name === "case.opened") {
      payload.reopened = event.kind === "reopened";
      if (payload.reopened) payload.reason = reason;
    }
    if (name === "case.assigned") {
      payload.previousAssignee = person(previousOf(event));
      payload.auto = event.details.auto === true;
    }
    payloads.set(event, payload);
  }
  return payloads;
}

/** Members' names (the full name, else the email), by id. */
async function persons(tx: DbOrTx, userIds: (string | null)[]): Promise<Map<string, string>> {
  const ids = [...new Set(userIds.filter((id): id is string => !!id))];
  if (ids.length === 0) return new Map();
  const u = schema.users;
  const rows = await tx
    .select({ id: u.id, name: sql<string>`coalesce(nullif(${u.fullName}, ''), ${u.email})` })
    .from(u)
    .where(inArray(u.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}
