/**
 * The case list, newest first, paged like every list that grows (lib/paging.ts): the cases the reader reads, with the
 * filters of the views ("Mine" assignee=me, "Unassigned", "Overdue", "Escalated"), priority, source, tag (every tag
 * given) and age (olderThan: first opened more than that many days ago, at the clock's now).
 *
 * The Overdue view (overdue=true) is ordered by how late a case is instead: the earliest due date first, the id
 * breaking ties, its keyset cursor on (due_at, id). The latest case is the one to work first, and the order is the one
 * the partial index cases_overdue (organisation_id, due_at) where status <> 'closed' holds: a page reads its fifty
 * entries and stops, where newest first walked back past every recent case not yet due (35,000 at 100,000 open cases).
 */
import { and, eq, isNotNull, isNull, lt, ne, type SQL, sql } from "drizzle-orm";
import { type Db, schema } from "../../data/db.ts";
import { type Clock, systemClock } from "../clock.ts";
import { afterCursor, cursorKey, type Keyset, type ListOrder, newestFirst, oldestFirst, type Page, type PageRequest, toPage } from "../paging.ts";
import type { ReviewSource } from "../review/contract.ts";
import type { CaseReader } from "./access.ts";
import type { CaseListFilter, CaseListItemView } from "./contract.ts";
import { listedCases } from "./list-scope.ts";
import { caseNeedsDecision } from "./needs-decision.ts";
import { assignee, caseCounts, caseListItemView } from "./views.ts";

const k = schema.cases;

/**
 * The list's order: its keyset (paging's "createdAt" is the timestamp the list is ordered by) and direction. Overdue
 * cases by due date, oldest first; every other list newest first. A cursor belongs to the list it came from: given
 * to a list of the other order, it is read as a position in that one.
 */
function orderOf(request: CaseListFilter): { keyset: Keyset; order: ListOrder } {
  return request.overdue === "true" ? { keyset: { createdAt: k.dueAt, id: k.id }, order: "oldest" } : { keyset: k, order: "newest" };
}

function sourceCondition(source: ReviewSource | undefined): SQL | undefined {
  if (!source) return undefined;
  const s = schema.searches;
  const kind =
    source === "monitoring"
      ? sql`${s.isAutomated}`
      : source === "batch"
        ? sql`${s.batchJobId} is not null`
        : sql`not ${s.isAutomated} and ${s.batchJobId} is null`;
  return sql`exists (select 1 from ${schema.caseSearches} cs join ${s} on ${s.id} = cs.search_id where cs.case_id = ${k.id} and ${kind})`;
}

/** Cases carrying every tag given: containment on the array. */
function tagsCondition(tags: string[] | undefined): SQL | undefined {
  if (!tags?.length) return undefined;
  const given = sql.join(
    tags.map((tag) => sql`${tag}`),
    sql`, `,
  );
  return sql`${k.tags} @> array[${given}]::text[]`;
}

export async function listCases(
  db: Db,
  reader: CaseReader,
  request: PageRequest & CaseListFilter,
  clock: Clock = systemClock,
): Promise<Page<CaseListItemView>> {
  const now = clock.now();
  const where = and(
    await listedCases(db, reader),
    request.status ? eq(k.status, request.status) : undefined,
    request.assignee === "me"
      ? eq(k.assigneeId, reader.id)
      : request.assignee === "unassigned"
        ? isNull(k.assigneeId)
        : request.assignee
          ? eq(k.assigneeId, request.assignee)
          : undefined,
    request.overdue === "true" ? and(ne(k.status, "closed"), lt(k.dueAt, now)) : undefined,
    request.escalated === "true" ? and(ne(k.status, "closed"), isNotNull(k.escalatedAt)) : undefined,
    request.priority ? eq(k.priority, request.priority) : undefined,
    sourceCondition(request.source),
    request.needsDecision === "true" ? caseNeedsDecision : undefined,
    // A GIN index on tags would serve this; whether one is needed is for the 100,000-case bench to tell.
    tagsCondition(request.tag),
    // Age from the first opening (created_at), so the list's index (organisation, created_at, id) serves it.
    request.olderThan ? lt(k.createdAt, new Date(now.getTime() - request.olderThan * 86_400_000)) : undefined,
  );
  const { keyset, order } = orderOf(request);
  const [rows, total] = await Promise.all([
    db
      .select({ id: k.id, row: k, assigneeName: assignee.fullName, assigneeEmail: assignee.email, ...caseCounts, cursorKey: cursorKey(keyset) })
      .from(k)
      .leftJoin(assignee, eq(assignee.id, k.assigneeId))
      .where(and(where, afterCursor(keyset, request.cursor, order)))
      .orderBy(...(order === "oldest" ? oldestFirst(keyset) : newestFirst(keyset)))
      .limit(request.limit + 1),
    db.$count(k, where),
  ]);
  return toPage(rows, request.limit, total, (x) => caseListItemView(x, now));
}
