/**
 * Who a case can be given to: the active members of the case's own organisation who may work on cases (not auditors,
 * not those still invited), with the open cases each holds and whether they marked themselves away. The case's
 * organisation, not the reader's: an instance admin or reviewer giving out another organisation's case picks from that
 * organisation. A read like the case itself: whoever reads the case reads who could work it (the members' list is
 * every member's to read), though only those who run the team's cases give it to someone else (assign.ts).
 */
import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import { type Db, schema } from "../../data/db.ts";
import { invitationPending } from "../organisations/member-view.ts";
import { type CaseReader, findCase } from "./access.ts";
import type { CaseAssigneeView } from "./contract.ts";

export async function caseAssignees(db: Db, reader: CaseReader, caseId: string): Promise<CaseAssigneeView[]> {
  const row = await findCase(db, reader, caseId);
  const u = schema.users;
  const k = schema.cases;
  const un = schema.caseUnavailableMembers;
  const rows = await db
    .select({
      id: u.id,
      fullName: u.fullName,
      email: u.email,
      organisationRole: u.organisationRole,
      // Written with the table's name: drizzle leaves columns unqualified in a one-table select, where the
      // subquery's "id" would be the case's own.
      openCases: sql<number>`(select count(*)::int from ${k} where ${k.organisationId} = ${row.organisationId} and ${k.assigneeId} = "users"."id" and ${k.status} <> 'closed')`,
      unavailable: sql<boolean>`exists (select 1 from ${un} where ${un.userId} = "users"."id")`,
    })
    .from(u)
    .where(
      and(
        eq(u.organisationId, row.organisationId),
        eq(u.isActive, true),
        isNull(u.removedFromOrganisationAt),
        ne(u.organisationRole, "auditor"),
        // One still invited has not joined yet: nobody could work the case.
        sql`not ${invitationPending}`,
      ),
    )
    .orderBy(asc(sql`lower(coalesce(nullif(${u.fullName}, ''), ${u.email}))`), asc(u.id));
  return rows.map((x) => ({
    id: x.id,
    name: x.fullName || x.email,
    email: x.email,
    organisationRole: x.organisationRole ?? "analyst",
    openCases: x.openCases,
    unavailable: x.unavailable,
  }));
}
