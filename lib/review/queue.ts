/**
 * The review queue: searches, batch rows and monitoring checks with a flagged hit still undecided or a second opinion
 * asked for, newest first. A user sees their own; admins and reviewers see everyone's. Read from the searches'
 * review columns and their partial index, however many hits and decisions there are.
 */
import { and, eq, isNotNull, isNull, lte, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type Db, schema } from "../../data/db.ts";
import { afterCursor, cursorKey, newestFirst, type Page, type PageRequest, toPage } from "../paging.ts";
import type { RiskLevel } from "../screening/results.ts";
import { type ReviewMember, reviewableBy } from "./access.ts";
import type { ReviewQueueFilter, ReviewQueueItemView, ReviewSource, ReviewStatus } from "./contract.ts";

const s = schema.searches;
const owner = alias(schema.users, "owner");
const assignee = alias(schema.users, "assignee");

const OPEN = sql`${s.reviewStatus} in ('needs_review', 'escalated')`;
const awaitingApproval = sql<number>`(select count(*)::int from ${schema.hitDecisions} where ${schema.hitDecisions.searchId} = ${s.id} and ${schema.hitDecisions.state} = 'proposed')`;

function conditions(actor: ReviewMember, filter: ReviewQueueFilter): (SQL | undefined)[] {
  const status =
    filter.status === "needs_review" || filter.status === "escalated"
      ? eq(s.reviewStatus, filter.status)
      : filter.status === "awaiting_approval"
        ? and(
            OPEN,
            sql`exists (select 1 from ${schema.hitDecisions} where ${schema.hitDecisions.searchId} = ${s.id} and ${schema.hitDecisions.state} = 'proposed')`,
          )
        : OPEN;
  // The partial index's own condition, so the planner uses it whatever the filter.
  return [
    OPEN,
    status,
    reviewableBy(actor),
    filter.risk ? eq(s.riskLevel, filter.risk) : undefined,
    sourceCondition(filter.source),
    filter.olderThanDays !== undefined ? lte(s.createdAt, sql`now() - make_interval(days => ${filter.olderThanDays})`) : undefined,
    filter.assignee === "me"
      ? eq(s.reviewAssigneeId, actor.id)
      : filter.assignee === "unassigned"
        ? isNull(s.reviewAssigneeId)
        : filter.assignee
          ? eq(s.reviewAssigneeId, filter.assignee)
          : undefined,
  ];
}

function sourceCondition(source: ReviewSource | undefined): SQL | undefined {
  if (source === "monitoring") return eq(s.isAutomated, true);
  if (source === "batch") return isNotNull(s.batchJobId);
  if (source === "search") return and(eq(s.isAutomated, false), isNull(s.batchJobId));
  return undefined;
}

export async function listReviewQueue(db: Db, actor: ReviewMember, request: PageRequest & ReviewQueueFilter): Promise<Page<ReviewQueueItemView>> {
  const where = and(...conditions(actor, request));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: s.id,
        searchTerm: s.searchTerm,
        entityType: s.entityType,
        riskLevel: s.riskLevel,
        isAutomated: s.isAutomated,
        batchJobId: s.batchJobId,
        reviewStatus: s.reviewStatus,
        openHits: s.openHits,
        createdAt: s.createdAt,
        awaitingApproval,
        ownerId: owner.id,
        ownerName: owner.fullName,
        ownerEmail: owner.email,
        assigneeId: assignee.id,
        assigneeName: assignee.fullName,
        assigneeEmail: assignee.email,
        cursorKey: cursorKey(s),
      })
      .from(s)
      .innerJoin(owner, eq(owner.id, s.userId))
      .leftJoin(assignee, eq(assignee.id, s.reviewAssigneeId))
      .where(and(where, afterCursor(s, request.cursor)))
      .orderBy(...newestFirst(s))
      .limit(request.limit + 1),
    db.select({ total: sql<number>`count(*)::int` }).from(s).where(where),
  ]);
  return toPage(rows, request.limit, total, (row) => ({
    searchId: row.id,
    searchTerm: row.searchTerm,
    entityType: row.entityType,
    riskLevel: row.riskLevel as RiskLevel | null,
    source: row.isAutomated ? "monitoring" : row.batchJobId ? "batch" : "search",
    batchJobId: row.batchJobId,
    status: row.reviewStatus as ReviewStatus,
    openHits: row.openHits,
    awaitingApproval: row.awaitingApproval,
    createdAt: row.createdAt.toISOString(),
    owner: { id: row.ownerId, name: row.ownerName || row.ownerEmail, email: row.ownerEmail },
    assignee: row.assigneeId ? { id: row.assigneeId, name: row.assigneeName || row.assigneeEmail || "" } : null,
  }));
}
