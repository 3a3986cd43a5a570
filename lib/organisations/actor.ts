import { and, eq, isNull } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import type { AuditActor } from "../audit/record.ts";
import type { UserRole } from "../auth/schemas.ts";
import { AppError } from "../errors.ts";
import { isUuid } from "../ids.ts";
import { canGrantOwner, canManageMembers, type OrganisationRole } from "./contract.ts";

/**
 * Who acts on an organisation: a signed-in user (the server), or the instance's operator (the CLI, no user). An
 * instance admin (users.role admin) and the operator act on every organisation; everyone else only on their own.
 */
export interface OrganisationActor {
  kind: "user" | "cli";
  /** The acting user; null for the operator. */
  id: string | null;
  ipAddress?: string | null;
}

/** The organisation a call acts on, and what the actor may do in it. */
export interface OrganisationScope {
  organisationId: string;
  /** The actor's role in it; null when the actor acts from outside it (instance admin, operator). */
  role: OrganisationRole | null;
  /** Acts as the instance's administrator: may do everything an owner may, in any organisation. */
  instanceAdmin: boolean;
}

export const ORGANISATION_NOT_FOUND = "Organisation not found";
export const MEMBER_NOT_FOUND = "Member not found";
export const MANAGE_MESSAGE = "Only an organisation's owners and admins manage its members";
export const OWNER_MESSAGE = "Only an owner may grant or take away the owner role";

export const auditActorOf = (actor: OrganisationActor): AuditActor => ({ kind: actor.kind, userId: actor.id, ipAddress: actor.ipAddress ?? null });

async function actingUser(db: DbOrTx, id: string) {
  const [user] = await db
    .select({ organisationId: schema.users.organisationId, role: schema.users.organisationRole, instanceRole: schema.users.role })
    .from(schema.users)
    .where(and(eq(schema.users.id, id), eq(schema.users.isActive, true), isNull(schema.users.removedFromOrganisationAt)));
  // The session loader has already refused an inactive or removed user: reaching here without one is a lost race.
  if (!user) throw new AppError(401, "Not signed in");
  return user as { organisationId: string; role: OrganisationRole; instanceRole: UserRole };
}

/** The operator, or a signed-in instance admin: acts on every organisation. */
export async function isInstanceAdmin(db: DbOrTx, actor: OrganisationActor) {
  return actor.kind === "cli" || (actor.id !== null && (await actingUser(db, actor.id)).instanceRole === "admin");
}

/**
 * The organisation the call acts on: the one named (any, for an instance admin or the operator; another one is 404 to
 * everyone else, as if it did not exist), else the acting user's own.
 */
export async function scopeOf(db: DbOrTx, actor: OrganisationActor, organisationId?: string): Promise<OrganisationScope> {
  if (organisationId !== undefined && !isUuid(organisationId)) throw new AppError(404, ORGANISATION_NOT_FOUND);
  const user = actor.id ? await actingUser(db, actor.id) : null;
  const instanceAdmin = actor.kind === "cli" || user?.instanceRole === "admin";
  const target = organisationId ?? user?.organisationId;
  if (!target) throw new AppError(404, ORGANISATION_NOT_FOUND);
  if (user?.organisationId === target) return { organisationId: target, role: user.role, instanceAdmin };
  if (!instanceAdmin) throw new AppError(404, ORGANISATION_NOT_FOUND);
  const [organisation] = await db.select({ id: schema.organisations.id }).from(schema.organisations).where(eq(schema.organisations.id, target));
  if (!organisation) throw new AppError(404, ORGANISATION_NOT_FOUND);
  return { organisationId: target, role: null, instanceAdmin };
}

/** Inviting, changing roles and removing: the organisation's owners and admins, and the instance's administrator. */
export function requireManager(scope: OrganisationScope, message = MANAGE_MESSAGE) {
  if (!scope.instanceAdmin && !(scope.role && canManageMembers(scope.role))) throw new AppError(403, message);
}

/** Granting, taking away or inviting an owner: an owner (an admin must not take the organisation over), or the instance's administrator. */
export function requireOwnerPower(scope: OrganisationScope) {
  if (!scope.instanceAdmin && !(scope.role && canGrantOwner(scope.role))) throw new AppError(403, OWNER_MESSAGE);
}
