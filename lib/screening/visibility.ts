/**
 * Which searches a member reads as a member of their organisation. Records belong to the organisation, so nothing of
 * another organisation is ever found (a 404, as an unknown id). Inside it, owners, admins, reviewers and auditors read
 * every member's screenings; an analyst reads their own, and their colleagues' while the organisation lets members
 * see each other's screenings (the default). Instance-wide staff (lib/review/access.ts) read beyond this.
 */
import { and, eq, or, type SQL, sql } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { type OrganisationRole, readsTeam } from "../organisations/contract.ts";

/** The acting member: who, and their place in their organisation. */
export interface SearchReader {
  id: string;
  organisationId: string;
  organisationRole: OrganisationRole;
}

/** The caller's own ("mine": the history's default) or every search they may read of their team ("team"). */
export type SearchScope = "mine" | "team";

const s = schema.searches;
const o = schema.organisations;

export function searchesOf(reader: SearchReader, scope: SearchScope): SQL {
  const inOrganisation = eq(s.organisationId, reader.organisationId);
  if (scope === "mine") return and(inOrganisation, eq(s.userId, reader.id))!;
  if (readsTeam(reader.organisationRole)) return inOrganisation;
  // One read of the organisation's setting per statement (an uncorrelated subquery), whatever the rows.
  const seeTeam = sql<boolean>`(select ${o.membersSeeTeam} from ${o} where ${o.id} = ${reader.organisationId})`;
  return and(inOrganisation, or(eq(s.userId, reader.id), seeTeam))!;
}
