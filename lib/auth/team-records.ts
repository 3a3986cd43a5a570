/**
 * Who changes a record of the team (a batch, a monitored entity, an API key, a webhook): the member who made it, and
 * the organisation's owners and admins (roles.ts managesTeamRecords). An auditor, of the instance or of the
 * organisation, changes nothing. Another organisation's record is never found (404) before this rule is asked.
 */
import { eq, or, type SQL } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { AppError } from "../errors.ts";
import type { TeamColumns, TeamMember } from "../screening/visibility.ts";
import { isReadOnly, managesTeamRecords, READ_ONLY_MESSAGE } from "./roles.ts";

export interface TeamRecord {
  userId: string | null;
  organisationId: string | null;
}

/**
 * The credentials a member lists and manages (API keys, webhooks: each acts as its maker): their own, and for the
 * organisation's owners and admins every one of the organisation's. A colleague's is not even listed to anyone
 * else, so it is 404 to them as another organisation's is.
 */
export function managedRecordsOf(table: TeamColumns, member: TeamMember): SQL {
  const own = eq(table.userId, member.id);
  if (!managesTeamRecords(member.organisationRole)) return own;
  return or(own, eq(table.organisationId, member.organisationId))!;
}

/** The member made it, or runs the team it belongs to. */
export function mayChangeTeamRecord(member: TeamMember, record: TeamRecord): boolean {
  if (isReadOnly(member)) return false;
  if (record.userId === member.id) return true;
  return record.organisationId === member.organisationId && managesTeamRecords(member.organisationRole);
}

/** 403 unless the member may change the record: the read-only message for auditors, else `message` naming the rule. */
export function requireChangeOf(member: TeamMember, record: TeamRecord, message: string): void {
  if (isReadOnly(member)) throw new AppError(403, READ_ONLY_MESSAGE);
  if (!mayChangeTeamRecord(member, record)) throw new AppError(403, message);
}

/** The member fields of a user row (the session's, the CLI's, an API key's or an embed token's owner). */
export const teamMemberOf = (user: TeamMember): TeamMember => ({
  id: user.id,
  role: user.role,
  organisationId: user.organisationId,
  organisationRole: user.organisationRole,
});

/** The member of a user id (scripts and tests that hold an id; the server and the CLI hold the user row). */
export async function teamMemberById(db: DbOrTx, userId: string): Promise<TeamMember> {
  const u = schema.users;
  const [member] = await db
    .select({ id: u.id, role: u.role, organisationId: u.organisationId, organisationRole: u.organisationRole })
    .from(u)
    .where(eq(u.id, userId));
  if (!member) throw new AppError(404, "User not found");
  return member as TeamMember;
}
