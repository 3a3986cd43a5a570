import { and, asc, eq, ilike, sql } from "drizzle-orm";
import { type Db, type DbOrTx, schema } from "../../data/db.ts";
import { type AuditActor, recordAudit } from "../audit/record.ts";
import { creditReasons } from "../credits/descriptions.ts";
import { changeCredits } from "../credits/ledger.ts";
import { AppError } from "../errors.ts";
import { isUuid } from "../ids.ts";
import { afterCursor, containsPattern, cursorKey, newestFirst, type Page, type PageRequest, toPage } from "../paging.ts";
import { isInstanceAdmin, ORGANISATION_NOT_FOUND, type OrganisationActor } from "./actor.ts";
import type { AdminOrganisationDetail, AdminOrganisationView, OrganisationCreditsRequest, OrganisationCreditsResult } from "./admin-contract.ts";
import type { OrganisationRole } from "./contract.ts";
import { membersOf } from "./member-view.ts";

export const INSTANCE_ADMIN_MESSAGE = "Only the instance's administrator manages organisations";
export const NO_MEMBER_TO_CREDIT = "The organisation has no members: the ledger names the member credits are granted to";

const o = schema.organisations;
const u = schema.users;

/** Every call here is the instance's: a signed-in instance admin or the operator (the CLI); anyone else 403. */
export async function requireInstanceAdmin(db: DbOrTx, actor: OrganisationActor) {
  if (!(await isInstanceAdmin(db, actor))) throw new AppError(403, INSTANCE_ADMIN_MESSAGE);
}

/** The audit's actor: a signed-in instance admin acts as "admin" (as every admin change does), the CLI as "cli". */
export const adminAuditActor = (actor: OrganisationActor): AuditActor => ({
  kind: actor.kind === "cli" ? "cli" : "admin",
  userId: actor.id,
  ipAddress: actor.ipAddress ?? null,
});

/** The first instant of the month `now` is in, UTC: "this month" means the same everywhere. */
export const startOfMonthUtc = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/**
 * Each figure is a correlated count per organisation of the page, never a scan of every search: the members come
 * from the users' (organisation_id, ...) index, the month's screenings from the searches' team index
 * (organisation_id, created_at, ...), so a page of 50 among 1,000 organisations and 1,000,000 searches reads only
 * its own rows. Written with explicit table names: drizzle leaves column names unqualified in a one-table select,
 * where the subquery's "id" would then be its own table's.
 */
const columns = (monthStart: Date) => ({
  id: o.id,
  name: o.name,
  credits: o.credits,
  createdAt: o.createdAt,
  suspendedAt: o.suspendedAt,
  members: sql<number>`(select count(*) from "users" m where m."organisation_id" = "organisations"."id" and m."removed_from_organisation_at" is null)`.mapWith(
    Number,
  ),
  screeningsThisMonth:
    sql<number>`(select count(*) from "searches" s where s."organisation_id" = "organisations"."id" and s."created_at" >= ${monthStart.toISOString()}::timestamptz)`.mapWith(
      Number,
    ),
});

interface OrganisationRow {
  id: string;
  name: string;
  credits: number;
  createdAt: Date;
  suspendedAt: Date | null;
  members: number;
  screeningsThisMonth: number;
}

const view = (row: OrganisationRow): AdminOrganisationView => ({
  id: row.id,
  name: row.name,
  members: row.members,
  credits: row.credits,
  screeningsThisMonth: row.screeningsThisMonth,
  createdAt: row.createdAt.toISOString(),
  suspendedAt: row.suspendedAt?.toISOString() ?? null,
});

/** Every organisation of the instance, newest first, filtered on the name: the instance's administrator only. */
export async function listAdminOrganisations(
  db: Db,
  actor: OrganisationActor,
  request: PageRequest & { q?: string },
  now = new Date(),
): Promise<Page<AdminOrganisationView>> {
  await requireInstanceAdmin(db, actor);
  const keyset = { createdAt: o.createdAt, id: o.id };
  const q = request.q?.trim();
  const where = q ? ilike(o.name, containsPattern(q)) : undefined;
  const [rows, total] = await Promise.all([
    db
      .select({ ...columns(startOfMonthUtc(now)), cursorKey: cursorKey(keyset) })
      .from(o)
      .where(and(where, afterCursor(keyset, request.cursor)))
      .orderBy(...newestFirst(keyset))
      .limit(request.limit + 1),
    db.$count(o, where),
  ]);
  return toPage(rows, request.limit, total, view);
}

/** One organisation as the admin's list shows it; an unknown or malformed id is 404. */
export async function adminOrganisationView(db: DbOrTx, organisationId: string, now = new Date()): Promise<AdminOrganisationView> {
  if (!isUuid(organisationId)) throw new AppError(404, ORGANISATION_NOT_FOUND);
  const [row] = await db
    .select(columns(startOfMonthUtc(now)))
    .from(o)
    .where(eq(o.id, organisationId));
  if (!row) throw new AppError(404, ORGANISATION_NOT_FOUND);
  return view(row);
}

const ROLE_ORDER = sql`case ${u.organisationRole} when 'owner' then 0 when 'admin' then 1 when 'analyst' then 2 when 'reviewer' then 3 else 4 end`;

/** One organisation with its members (removed ones left out), owners first: the instance's administrator only. */
export async function showAdminOrganisation(db: Db, actor: OrganisationActor, organisationId: string, now = new Date()): Promise<AdminOrganisationDetail> {
  await requireInstanceAdmin(db, actor);
  const organisation = await adminOrganisationView(db, organisationId, now);
  const members = await db
    .select({ id: u.id, fullName: u.fullName, email: u.email, role: u.organisationRole, lastLogin: u.lastLogin })
    .from(u)
    .where(membersOf(organisationId))
    .orderBy(ROLE_ORDER, asc(u.email));
  return {
    ...organisation,
    memberList: members.map((m) => ({
      id: m.id,
      fullName: m.fullName,
      email: m.email,
      role: m.role as OrganisationRole,
      lastLoginAt: m.lastLogin?.toISOString() ?? null,
    })),
  };
}

/**
 * The member an organisation's grant names in the ledger (every entry names one): its earliest active owner, else
 * its earliest member. An organisation without members has nobody to name: 409.
 */
async function grantee(tx: DbOrTx, organisationId: string) {
  const [member] = await tx
    .select({ id: u.id })
    .from(u)
    .where(membersOf(organisationId))
    .orderBy(sql`case when ${u.organisationRole} = 'owner' and ${u.isActive} then 0 else 1 end`, asc(u.createdAt), asc(u.id))
    .limit(1);
  if (!member) throw new AppError(409, NO_MEMBER_TO_CREDIT);
  return member.id;
}

/**
 * Adds credits to an organisation's pool through the ledger (an admin_credit entry naming its first owner as the
 * member and the granting admin as createdBy; from the CLI, described as added from the command line unless a
 * reason is given), audited in the same transaction with the balance before and after.
 */
export async function addOrganisationCredits(
  db: Db,
  actor: OrganisationActor,
  organisationId: string,
  input: OrganisationCreditsRequest,
): Promise<OrganisationCreditsResult> {
  return db.transaction(async (tx) => {
    await requireInstanceAdmin(tx, actor);
    await adminOrganisationView(tx, organisationId);
    const userId = await grantee(tx, organisationId);
    const reason = input.reason?.trim();
    const described = reason
      ? { description: reason }
      : actor.kind === "cli"
        ? { reason: creditReasons.cliCredit() }
        : { description: "Credits added by an administrator" };
    const result = await changeCredits(tx, { userId, type: "admin_credit", amount: input.amount, createdBy: actor.id ?? undefined, ...described });
    await recordAudit(tx, {
      action: "organisation.credits_added",
      ...auditFields(actor),
      targetType: "organisation",
      targetId: organisationId,
      details: {
        organisationId,
        amount: input.amount,
        reason: reason ?? null,
        member: userId,
        before: { credits: result.balance - input.amount },
        after: { credits: result.balance },
      },
    });
    return { balance: result.balance, organisation: await adminOrganisationView(tx, organisationId) };
  });
}

/** The actor columns of an audit entry of these calls. */
export const auditFields = (actor: OrganisationActor) => {
  const a = adminAuditActor(actor);
  return { actorKind: a.kind, actorUserId: a.userId ?? null, ipAddress: a.ipAddress ?? null };
};
