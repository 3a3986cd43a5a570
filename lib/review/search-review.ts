/**
 * A search's review as the API shows it, and the one place its status is written back to the search (the queue and
 * the history read it from there).
 */

import { and, asc, eq, inArray } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { personName } from "../auth/person-name.ts";
import { readResults } from "../screening/results.ts";
import { clearanceRulesOf } from "./clearance-check.ts";
import type { DecisionReason, DecisionState, HitDecisionView, HitKind, NoteKind, ReviewStatus, SearchNoteView, SearchReviewView } from "./contract.ts";
import { fourEyesFor } from "./four-eyes.ts";
import { type ReviewState, reviewableHits, reviewStateOf } from "./status.ts";

const d = schema.hitDecisions;
const n = schema.searchNotes;
export const LIVE_STATES = ["proposed", "decided", "approved"] as const;

type SearchRow = typeof schema.searches.$inferSelect;

/** The decisions of a search, oldest first, with the names of the people in them. */
export async function decisionsOf(db: DbOrTx, searchIds: readonly string[]): Promise<HitDecisionView[]> {
  if (searchIds.length === 0) return [];
  const rows = await db
    .select({ row: d, decidedBy: personName(d.decidedBy), reviewedBy: personName(d.reviewedBy) })
    .from(d)
    .where(inArray(d.searchId, [...searchIds]))
    .orderBy(asc(d.decidedAt), asc(d.id));
  return rows.map(({ row, decidedBy, reviewedBy }) => decisionView(row, decidedBy, reviewedBy));
}

export function decisionView(row: typeof d.$inferSelect, decidedBy: string | null, reviewedBy: string | null): HitDecisionView {
  return {
    id: row.id,
    searchId: row.searchId,
    hitId: row.hitId,
    hitKind: row.hitKind as HitKind,
    hitLabel: row.hitLabel,
    decision: row.decision as HitDecisionView["decision"],
    reason: row.reason as DecisionReason,
    text: row.text,
    remember: row.remember,
    state: row.state as DecisionState,
    decidedBy,
    decidedById: row.decidedBy,
    decidedAt: row.decidedAt.toISOString(),
    reviewedBy: row.reviewedBy ? reviewedBy : null,
    reviewedById: row.reviewedBy,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    reviewComment: row.reviewComment,
  };
}

export async function notesOf(db: DbOrTx, searchId: string): Promise<SearchNoteView[]> {
  const rows = await db
    .select({ row: n, author: personName(n.authorId) })
    .from(n)
    .where(eq(n.searchId, searchId))
    .orderBy(asc(n.createdAt), asc(n.id));
  return rows.map(({ row, author }) => ({
    id: row.id,
    kind: row.kind as NoteKind,
    text: row.text,
    author,
    authorId: row.authorId,
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function searchReview(db: DbOrTx, search: SearchRow): Promise<SearchReviewView> {
  const [history, notes, fourEyes, assignee, clearance] = await Promise.all([
    decisionsOf(db, [search.id]),
    notesOf(db, search.id),
    fourEyesFor(db, search.organisationId),
    search.reviewAssigneeId
      ? db
          .select({ id: schema.users.id, fullName: schema.users.fullName, email: schema.users.email })
          .from(schema.users)
          .where(eq(schema.users.id, search.reviewAssigneeId))
      : [],
    clearanceRulesOf(db, search),
  ]);
  return {
    status: search.reviewStatus as ReviewStatus,
    openHits: search.openHits,
    decisions: history.filter((x) => (LIVE_STATES as readonly string[]).includes(x.state)),
    history,
    notes,
    assignee: assignee[0] ? { id: assignee[0].id, name: assignee[0].fullName || assignee[0].email } : null,
    escalatedAt: search.escalatedAt?.toISOString() ?? null,
    fourEyes,
    clearance,
  };
}

/** The review state the search's hits and live decisions give now; `escalated` as given (the caller's change). */
export async function currentReviewState(tx: DbOrTx, search: SearchRow, escalated: boolean): Promise<ReviewState> {
  const live = await tx
    .select({ hitId: d.hitId, decision: d.decision, state: d.state })
    .from(d)
    .where(and(eq(d.searchId, search.id), inArray(d.state, [...LIVE_STATES])));
  return reviewStateOf(
    reviewableHits(readResults(search.results)),
    live.map((x) => ({ hitId: x.hitId, decision: x.decision as "true_match" | "false_positive", state: x.state as (typeof LIVE_STATES)[number] })),
    escalated,
  );
}

/**
 * Writes the search's review state after a change (a decision, an approval, an escalation): answers the row as it
 * is now. A monitoring alert whose check has nothing left to review is closed with it.
 */
export async function saveReviewState(tx: DbOrTx, search: SearchRow, escalated: boolean): Promise<SearchRow> {
  const state = await currentReviewState(tx, search, escalated);
  const [row] = await tx
    .update(schema.searches)
    .set({ reviewStatus: state.status, openHits: state.openHits, escalatedAt: escalated ? (search.escalatedAt ?? new Date()) : null })
    .where(eq(schema.searches.id, search.id))
    .returning();
  if (state.status !== "needs_review" && state.status !== "escalated") {
    await tx
      .update(schema.monitoredEntities)
      .set({ hasChanges: false })
      .where(and(eq(schema.monitoredEntities.lastSearchId, search.id), eq(schema.monitoredEntities.hasChanges, true)));
  }
  return row;
}
