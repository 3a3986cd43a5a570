/**
 * Which records of a team a member reads as a member of their organisation: searches, and with the same rule batches
 * and monitored entities (every table that carries its maker's user_id and its organisation_id). Records belong to the
 * organisation, so nothing of another organisation is ever found (a 404, as an unknown id). Inside it, owners, admins,
 * reviewers and auditors read every member's; an analyst reads their own, and their colleagues' while the
 * organisation lets members see each other's screenings (the default). Instance-wide staff (lib/review/access.ts) read
 * beyond this through their own routes.
 */
import { and, eq, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import type { UserRole } from "../auth/schemas.ts";
import { type OrganisationRole, readsTeam } from "../organisations/contract.ts";

/** The acting member: who, and their place in their organisation. */
export interface SearchReader {
  id: string;
  organisationId: string;
  organisationRole: OrganisationRole;
}

/** A member who may also change records: their instance role says whether they are read-only (the auditor). */
export interface TeamMember extends SearchReader {
  role: UserRole;
}

/** The caller's own ("mine": every list's default) or every record they may read of their team ("team"). */
export type SearchScope = "mine" | "team";
export type TeamScope = SearchScope;

/** The columns of a team's table the rule reads: who made the row, and the organisation it belongs to. */
export interface TeamColumns {
  userId: SQLWrapper;
  organisationId: SQLWrapper;
}

const o = schema.organisations;

/** The rows of `table` the reader reads, their own only ("mine") or every one of the team they may read ("team"). */
export function teamRecordsOf(table: TeamColumns, reader: SearchReader, scope: TeamScope): SQL {
  const inOrganisation = eq(table.organisationId, reader.organisationId);
  if (scope === "mine") return and(inOrganisation, eq(table.userId, reader.id))!;
  if (readsTeam(reader.organisationRole)) return inOrganisation;
  // One read of the organisation's setting per statement (an uncorrelated subquery), whatever the rows.
  const seeTeam = sql<boolean>`(select ${o.membersSeeTeam} from ${o} where ${o.id} = ${reader.organisationId})`;
  return and(inOrganisation, or(eq(table.userId, reader.id), seeTeam))!;
}

export function searchesOf(reader: SearchReader, scope: SearchScope): SQL {
  return teamRecordsOf(schema.searches, reader, scope);
}
