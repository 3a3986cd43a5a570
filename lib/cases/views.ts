/** A case as the API answers it: the list's item, and the whole case with its searches, notes, attachments and timeline. */
import { asc, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type DbOrTx, schema } from "../../data/db.ts";
import { personName } from "../auth/person-name.ts";
import { type Clock, systemClock } from "../clock.ts";
import type { ReviewSource, ReviewStatus } from "../review/contract.ts";
import type { RiskLevel } from "../screening/results.ts";
import { readSearchDetails } from "../screening/schemas.ts";
import type { CaseRow } from "./access.ts";
import { attachmentsOf } from "./attachment-views.ts";
import type { CaseEventKind, CaseListItemView, CaseOutcome, CasePriority, CaseStatus, CaseView } from "./contract.ts";

const k = schema.cases;
const cs = schema.caseSearches;
const s = schema.searches;
export const assignee = alias(schema.users, "case_assignee");

/** Flagged hits of the case's searches not decided yet, and how many searches it holds. */
export const caseCounts = {
  openHits: sql<number>`(select coalesce(sum(${s.openHits}), 0)::int from ${cs} join ${s} on ${s.id} = ${cs.searchId} where ${cs.caseId} = ${k.id})`,
  searchCount: sql<number>`(select count(*)::int from ${cs} where ${cs.caseId} = ${k.id})`,
};

export interface CaseListRow {
  row: CaseRow;
  assigneeName: string | null;
  assigneeEmail: string | null;
  openHits: number;
  searchCount: number;
}

export function caseListItemView(x: CaseListRow, now: Date): CaseListItemView {
  const { row } = x;
  return {
    id: row.id,
    title: row.title,
    subject: { name: row.subjectName, entityType: row.entityType, details: readSearchDetails(row.subjectDetails), key: row.subjectKey },
    status: row.status as CaseStatus,
    outcome: row.outcome as CaseOutcome | null,
    priority: row.priority as CasePriority,
    assignee: row.assigneeId ? { id: row.assigneeId, name: x.assigneeName || x.assigneeEmail || "" } : null,
    dueAt: row.dueAt.toISOString(),
    overdue: row.status !== "closed" && row.dueAt < now,
    escalatedAt: row.escalatedAt?.toISOString() ?? null,
    tags: row.tags,
    openedAt: row.openedAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
    openHits: x.openHits,
    searchCount: x.searchCount,
  };
}

/** Flagged hits of the case's searches still undecided: closing waits for them. */
export async function undecidedHits(db: DbOrTx, caseId: string): Promise<number> {
  const [{ open }] = await db
    .select({ open: sql<number>`coalesce(sum(${s.openHits}), 0)::int` })
    .from(cs)
    .innerJoin(s, eq(s.id, cs.searchId))
    .where(eq(cs.caseId, caseId));
  return open;
}

export async function caseView(db: DbOrTx, caseId: string, clock: Clock = systemClock): Promise<CaseView> {
  const e = schema.caseEvents;
  const n = schema.caseNotes;
  const [[head], searches, notes, events, attachments] = await Promise.all([
    db
      .select({ row: k, assigneeName: assignee.fullName, assigneeEmail: assignee.email, organisationName: schema.organisations.name, ...caseCounts })
      .from(k)
      .innerJoin(schema.organisations, eq(schema.organisations.id, k.organisationId))
      .leftJoin(assignee, eq(assignee.id, k.assigneeId))
      .where(eq(k.id, caseId)),
    db
      .select({
        id: s.id,
        searchTerm: s.searchTerm,
        isAutomated: s.isAutomated,
        batchJobId: s.batchJobId,
        status: s.status,
        reviewStatus: s.reviewStatus,
        riskLevel: s.riskLevel,
        openHits: s.openHits,
        createdAt: s.createdAt,
        addedAt: cs.addedAt,
      })
      .from(cs)
      .innerJoin(s, eq(s.id, cs.searchId))
      .where(eq(cs.caseId, caseId))
      .orderBy(desc(s.createdAt), desc(s.id)),
    db
      .select({ row: n, author: personName(n.authorId) })
      .from(n)
      .where(eq(n.caseId, caseId))
      .orderBy(asc(n.createdAt), asc(n.id)),
    db
      .select({
        row: e,
        actor: personName(e.actorUserId),
        // An assignment names its new assignee as they are called now (null once handed back).
        assignee: sql<string | null>`case when ${e.kind} = 'assigned' then ${personName(sql`(${e.details}->'after'->>'assignee')::uuid`)} end`,
      })
      .from(e)
      .where(eq(e.caseId, caseId))
      // Events of one moment (a case opened with its first search) in the order they happened.
      .orderBy(asc(e.at), asc(sql`array_position(array['opened', 'reopened', 'priority_raised', 'assigned', 'search_added']::text[], ${e.kind})`), asc(e.id)),
    attachmentsOf(db, caseId),
  ]);
  return {
    ...caseListItemView(head, clock.now()),
    organisation: { id: head.row.organisationId, name: head.organisationName },
    searches: searches.map((x) => ({
      id: x.id,
      searchTerm: x.searchTerm,
      source: (x.isAutomated ? "monitoring" : x.batchJobId ? "batch" : "search") as ReviewSource,
      status: x.status,
      reviewStatus: x.reviewStatus as ReviewStatus,
      riskLevel: x.riskLevel as RiskLevel | null,
      openHits: x.openHits,
      createdAt: x.createdAt.toISOString(),
      addedAt: x.addedAt.toISOString(),
    })),
    notes: notes.map(({ row, author }) => ({ id: row.id, text: row.text, author, authorId: row.authorId, createdAt: row.createdAt.toISOString() })),
    attachments,
    timeline: events.map(({ row, actor, assignee: assignedTo }) => ({
      id: row.id,
      at: row.at.toISOString(),
      kind: row.kind as CaseEventKind,
      actor,
      actorId: row.actorUserId,
      details: row.details ?? {},
      assignee: assignedTo ? { id: String((row.details?.after as { assignee?: string } | undefined)?.assignee), name: assignedTo } : null,
    })),
  };
}
