import { and, eq, isNull, sql } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { AppError } from "../errors.ts";
import { isUuid } from "../ids.ts";
import { MEMBER_NOT_FOUND } from "./actor.ts";
import type { OrganisationMemberView, OrganisationRole } from "./contract.ts";

const u = schema.users;

/**
 * Invited and no password chosen yet: an invitation was issued, and no invitation or reset link of the user has been
 * used (either one sets the password; the invitation's random password is known to nobody).
 */
// Written out with explicit table names: drizzle leaves column names unqualified in a one-table select, where the
// subquery's "id" would then be the token's.
export const invitationPending = sql<boolean>`(exists (select 1 from "account_tokens" t where t."user_id" = "users"."id" and t."kind" = 'invitation')
  and not exists (select 1 from "account_tokens" t where t."user_id" = "users"."id" and t."kind" in ('invitation', 'password_reset') and t."used_at" is not null))`;

/** Search charges of the member since the 1st of this month, 00:00 UTC (as lib/credits/ledger.ts counts them for the cap). */
const spentThisMonth = sql<number>`(select coalesce(-sum(t."amount"), 0)::int from "credit_transactions" t where t."user_id" = "users"."id"
  and t."type" in ('manual_search', 'automatic_search') and t."created_at" >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC')`;

/** The columns a member view is built from. */
export const memberColumns = {
  id: u.id,
  email: u.email,
  fullName: u.fullName,
  role: u.organisationRole,
  lastLogin: u.lastLogin,
  twoFactorEnabled: u.twoFactorEnabled,
  invitationPending,
  createdAt: u.createdAt,
  monthlyCreditCap: u.monthlyCreditCap,
  spentThisMonth,
};

export interface MemberRow {
  id: string;
  email: string;
  fullName: string;
  role: OrganisationRole;
  lastLogin: Date | null;
  twoFactorEnabled: boolean;
  invitationPending: boolean;
  createdAt: Date;
  monthlyCreditCap: number | null;
  spentThisMonth: number;
}

/** A user joins their organisation when the account is made (invited or not), so joinedAt is the account's creation. */
export const memberView = (row: MemberRow): OrganisationMemberView => ({
  id: row.id,
  email: row.email,
  fullName: row.fullName,
  role: row.role,
  lastLoginAt: row.lastLogin?.toISOString() ?? null,
  twoFactorEnabled: row.twoFactorEnabled,
  invitationPending: Boolean(row.invitationPending),
  joinedAt: row.createdAt.toISOString(),
  monthlyCreditCap: row.monthlyCreditCap,
  spentThisMonth: Number(row.spentThisMonth),
});

/** Members not removed, as a condition on users. */
export const membersOf = (organisationId: string) => and(eq(u.organisationId, organisationId), isNull(u.removedFromOrganisationAt));

/**
 * A member of the organisation, locked until the transaction ends with `lock`. Another organisation's user, a removed
 * member and a malformed id are all 404: whether a user exists elsewhere is none of the caller's business.
 */
export async function findMember(db: DbOrTx, organisationId: string, userId: string, options: { lock?: boolean } = {}) {
  if (!isUuid(userId)) throw new AppError(404, MEMBER_NOT_FOUND);
  const query = db
    .select({ ...memberColumns, isActive: u.isActive })
    .from(u)
    .where(and(eq(u.id, userId), membersOf(organisationId)));
  const [row] = options.lock ? await query.for("update") : await query;
  if (!row) throw new AppError(404, MEMBER_NOT_FOUND);
  return row;
}
