import { and, count, eq, ne, sql } from "drizzle-orm";
import { type Db, type DbOrTx, schema } from "../../data/db.ts";
import { recordAudit } from "../audit/record.ts";
import { AppError } from "../errors.ts";
import { isUuid } from "../ids.ts";
import type { OrganisationActor } from "./actor.ts";
import { adminOrganisationView, auditFields, requireInstanceAdmin } from "./admin.ts";
import type { MovedUserView, MoveUserRequest } from "./admin-contract.ts";
import type { OrganisationRole } from "./contract.ts";
import { membersOf } from "./member-view.ts";
import { revokeMovedCredentials } from "./moved-credentials.ts";
import { keepAnOwner } from "./owners.ts";

export const USER_NOT_FOUND = "User not found";
export const SAME_ORGANISATION_MESSAGE = "The user is already in this organisation: change their role there instead";

const u = schema.users;

/**
 * Moves a user into another organisation with a role (the instance's administrator only). Their records stay with
 * the organisation they were made in (each carries its organisation_id), and so do their ledger entries: the old
 * organisation keeps its history and its credits, and the user starts afresh in the new one. The last owner of an
 * organisation that keeps other members cannot leave it (409: nobody could manage them); a user alone in their
 * organisation may, leaving it empty with its records. A removed member who is moved joins the new organisation as a
 * member (the removal was from the old one); whether the account is active stays as it was. Their API keys, embed
 * tokens and webhooks are revoked (moved-credentials.ts): made for the old organisation, they must not act in the new.
 */
export async function moveUser(db: Db, actor: OrganisationActor, userId: string, input: MoveUserRequest): Promise<MovedUserView> {
  return db.transaction(async (tx) => {
    await requireInstanceAdmin(tx, actor);
    return moveUserWithin(tx, actor, userId, input);
  });
}

/** The move, inside the caller's transaction (creating an organisation moves its owner in the one that creates it). */
export async function moveUserWithin(tx: DbOrTx, actor: OrganisationActor, userId: string, input: MoveUserRequest): Promise<MovedUserView> {
  if (!isUuid(userId)) throw new AppError(404, USER_NOT_FOUND);
  const [user] = await tx
    .select({ id: u.id, email: u.email, organisationId: u.organisationId, role: u.organisationRole, removedAt: u.removedFromOrganisationAt })
    .from(u)
    .where(eq(u.id, userId))
    .for("update");
  if (!user) throw new AppError(404, USER_NOT_FOUND);
  await adminOrganisationView(tx, input.organisationId);
  if (user.organisationId === input.organisationId) throw new AppError(409, SAME_ORGANISATION_MESSAGE);
  const from = { organisationId: user.organisationId, role: user.role as OrganisationRole };
  if (from.role === "owner" && !user.removedAt) {
    const [others] = await tx
      .select({ n: count() })
      .from(u)
      .where(and(membersOf(from.organisationId), ne(u.id, user.id)));
    if (others.n > 0) await keepAnOwner(tx, from.organisationId, user.id);
  }
  await tx
    .update(u)
    .set({ organisationId: input.organisationId, organisationRole: input.role, removedFromOrganisationAt: null, updatedAt: sql`now()` })
    .where(eq(u.id, user.id));
  const to = { organisationId: input.organisationId, role: input.role };
  const revoked = await revokeMovedCredentials(tx, user.id, { from: from.organisationId, to: to.organisationId }, auditFields(actor));
  await recordAudit(tx, {
    action: "organisation.member_moved",
    ...auditFields(actor),
    targetType: "user",
    targetId: user.id,
    details: { organisationId: to.organisationId, email: user.email, before: from, after: to, revoked },
  });
  return { userId: user.id, email: user.email, from, to };
}
