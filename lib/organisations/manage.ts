import { eq, sql } from "drizzle-orm";
import { type Db, schema } from "../../data/db.ts";
import { actorFields, recordAudit } from "../audit/record.ts";
import { deleteUserSessions } from "../auth/sessions.ts";
import { auditActorOf, type OrganisationActor, requireManager, requireOwnerPower, scopeOf } from "./actor.ts";
import type { OrganisationMemberView, OrganisationRole } from "./contract.ts";
import { findMember, memberView } from "./member-view.ts";
import { keepAnOwner } from "./owners.ts";

export const CAP_MESSAGE = "Only an organisation's owners and admins set a member's spending cap";

/**
 * Gives a member another role. Owners and admins change roles; granting or taking away owner is an owner's, and the
 * last owner keeps the role (checked first: that answer holds whoever asks). Another organisation's user is 404.
 */
export async function changeMemberRole(
  db: Db,
  actor: OrganisationActor,
  userId: string,
  role: OrganisationRole,
  options: { organisationId?: string } = {},
): Promise<OrganisationMemberView> {
  return db.transaction(async (tx) => {
    const scope = await scopeOf(tx, actor, options.organisationId);
    requireManager(scope);
    const before = await findMember(tx, scope.organisationId, userId, { lock: true });
    if (before.role === role) return memberView(before);
    if (before.role === "owner") await keepAnOwner(tx, scope.organisationId, before.id);
    if (before.role === "owner" || role === "owner") requireOwnerPower(scope);
    await tx.update(schema.users).set({ organisationRole: role, updatedAt: sql`now()` }).where(eq(schema.users.id, before.id));
    await recordAudit(tx, {
      action: "organisation.member_role_changed",
      ...actorFields(auditActorOf(actor)),
      targetType: "user",
      targetId: before.id,
      details: { organisationId: scope.organisationId, before: { role: before.role }, after: { role } },
    });
    return memberView({ ...before, role });
  });
}

/**
 * Removes a member: they can no longer sign in (deactivated, as an admin's deactivation does, so every check that
 * refuses an inactive account refuses them: sign-in, sessions, API keys, embed tokens), their sessions end now, and
 * they leave the member list. Their records stay, since an organisation's history must not lose what they did.
 * Owners and admins remove; removing an owner is an owner's; the last owner stays.
 */
export async function removeMember(db: Db, actor: OrganisationActor, userId: string, options: { organisationId?: string } = {}) {
  return db.transaction(async (tx) => {
    const scope = await scopeOf(tx, actor, options.organisationId);
    requireManager(scope);
    const member = await findMember(tx, scope.organisationId, userId, { lock: true });
    if (member.role === "owner") {
      await keepAnOwner(tx, scope.organisationId, member.id);
      requireOwnerPower(scope);
    }
    await tx.update(schema.users).set({ isActive: false, removedFromOrganisationAt: sql`now()`, updatedAt: sql`now()` }).where(eq(schema.users.id, member.id));
    await deleteUserSessions(tx, member.id);
    await recordAudit(tx, {
      action: "organisation.member_removed",
      ...actorFields(auditActorOf(actor)),
      targetType: "user",
      targetId: member.id,
      details: { organisationId: scope.organisationId, email: member.email, role: member.role },
    });
    return { success: true as const };
  });
}

/**
 * Sets or lifts a member's monthly spending cap (owners and admins; another organisation's member is 404). The
 * ledger refuses a charge that would pass it with 402 naming the cap; credits already spent stay spent.
 */
export async function setMemberCap(
  db: Db,
  actor: OrganisationActor,
  userId: string,
  monthlyCreditCap: number | null,
  options: { organisationId?: string } = {},
): Promise<OrganisationMemberView> {
  return db.transaction(async (tx) => {
    const scope = await scopeOf(tx, actor, options.organisationId);
    requireManager(scope, CAP_MESSAGE);
    const before = await findMember(tx, scope.organisationId, userId, { lock: true });
    if (before.monthlyCreditCap === monthlyCreditCap) return memberView(before);
    await tx.update(schema.users).set({ monthlyCreditCap, updatedAt: sql`now()` }).where(eq(schema.users.id, before.id));
    await recordAudit(tx, {
      action: "organisation.member_cap_changed",
      ...actorFields(auditActorOf(actor)),
      targetType: "user",
      targetId: before.id,
      details: { organisationId: scope.organisationId, before: { monthlyCreditCap: before.monthlyCreditCap }, after: { monthlyCreditCap } },
    });
    return memberView({ ...before, monthlyCreditCap });
  });
}
