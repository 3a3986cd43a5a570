/**
 * Who reads and changes a case. Cases belong to an organisation: another organisation's case is 404, exactly as an
 * unknown id. Inside it, every member reads the team's cases, except an analyst while the organisation keeps members'
 * screenings apart (membersSeeTeam off): then the cases assigned to them, opened by them or holding a screening of theirs. The
 * instance's admins, reviewers and auditors read every organisation's (as they read every review). Auditors change
 * nothing. Handing a case to someone else, or taking it from them, is for those who run or review the team (owners,
 * admins, reviewers) and the instance's admins and reviewers; any other member claims a case or hands back their own.
 */
import { and, eq, or, type SQL, sql } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { canDecide, READ_ONLY_MESSAGE, readsEveryone } from "../auth/roles.ts";
import { AppError } from "../errors.ts";
import { isUuid } from "../ids.ts";
import { readsTeam } from "../organisations/contract.ts";
import type { ReviewActor, ReviewMember } from "../review/access.ts";

/**
 * organisationOnly: the reader acts inside their own organisation only, whatever their instance role (the public API,
 * where a key acts for its owner as a member of their organisation): the instance's admins, reviewers and auditors
 * then read their organisation's cases, not every organisation's.
 */
interface CaseScope {
  organisationOnly?: boolean;
}
export type CaseActor = ReviewActor & CaseScope;
export type CaseReader = ReviewMember & CaseScope;
export type CaseRow = typeof schema.cases.$inferSelect;

export const CASE_NOT_FOUND = "Case not found";
export const CASE_CHANGED = "The case was changed by someone else at the same time: reload it and try again";

const k = schema.cases;

/** The cases the reader reads, as a condition on cases. */
export function readableCases(reader: CaseReader): SQL | undefined {
  const inOrganisation = eq(k.organisationId, reader.organisationId);
  if (readsEveryone(reader)) return reader.organisationOnly ? inOrganisation : undefined;
  if (readsTeam(reader.organisationRole)) return inOrganisation;
  const o = schema.organisations;
  const seeTeam = sql<boolean>`(select ${o.membersSeeTeam} from ${o} where ${o.id} = ${reader.organisationId})`;
  const holdsTheirs = sql`exists (select 1 from ${schema.caseSearches} cs join ${schema.searches} s on s.id = cs.search_id
    where cs.case_id = ${k.id} and s.user_id = ${reader.id})`;
  // A case they opened by hand is theirs too, searches or not.
  const openedByThem = sql`exists (select 1 from ${schema.caseEvents} ce where ce.case_id = ${k.id} and ce.kind = 'opened' and ce.actor_user_id = ${reader.id})`;
  return and(inOrganisation, or(seeTeam, eq(k.assigneeId, reader.id), holdsTheirs, openedByThem));
}

/** Runs the team's case load: hands cases to others and takes them from them. */
export const runsCases = (actor: CaseReader) =>
  actor.role === "admin" || actor.role === "reviewer" || (actor.organisationRole !== "analyst" && actor.organisationRole !== "auditor");

/**
 * The case, if the actor reads it; 404 otherwise, and for a malformed id. `change`: the actor means to change it, so
 * a read-only role is refused first (403, whatever the id: the answer tells nothing).
 */
export async function findCase(db: DbOrTx, actor: CaseReader, caseId: string, options: { change?: boolean } = {}): Promise<CaseRow> {
  if (options.change && !canDecide(actor)) throw new AppError(403, READ_ONLY_MESSAGE);
  if (!isUuid(caseId)) throw new AppError(404, CASE_NOT_FOUND);
  const [row] = await db
    .select()
    .from(k)
    .where(and(eq(k.id, caseId), readableCases(actor)));
  if (!row) throw new AppError(404, CASE_NOT_FOUND);
  return row;
}

/** The version the caller read, if they sent one, must still be the case's: otherwise they decided on a stale page. */
export function requireVersion(row: CaseRow, version: number | undefined) {
  if (version !== undefined && version !== row.version) throw new AppError(409, CASE_CHANGED);
}
