/**
 * Auto-assignment: a new case goes to the organisation's available analyst or reviewer holding the fewest open (not
 * closed) cases, the longest-standing member first among equals, and never to one already holding the per-member cap:
 * when everyone is at the cap, the case stays unassigned. Callers hold the organisation's case settings row locked
 * (readCaseSettings with lock), so two cases opened at once are handed out one after the other and the cap holds.
 */
import { and, asc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";

export async function autoAssignee(tx: DbOrTx, organisationId: string, perMemberCap: number | null): Promise<string | null> {
  const u = schema.users;
  const k = schema.cases;
  const un = schema.caseUnavailableMembers;
  const openCases = sql<number>`(select count(*)::int from ${k} where ${k.organisationId} = ${organisationId} and ${k.assigneeId} = ${u.id} and ${k.status} <> 'closed')`;
  const [row] = await tx
    .select({ id: u.id })
    .from(u)
    .where(
      and(
        eq(u.organisationId, organisationId),
        inArray(u.organisationRole, ["analyst", "reviewer"]),
        eq(u.isActive, true),
        isNull(u.removedFromOrganisationAt),
        sql`not exists (select 1 from ${un} where ${un.userId} = ${u.id})`,
        perMemberCap === null ? undefined : lt(openCases, perMemberCap),
      ),
    )
    .orderBy(asc(openCases), asc(u.createdAt), asc(u.id))
    .limit(1);
  return row?.id ?? null;
}
