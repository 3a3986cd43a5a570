import { eq, inArray, sql } from "drizzle-orm";
import { type Db, schema } from "../../data/db.ts";
import { recordAudit } from "../audit/record.ts";
import { AppError } from "../errors.ts";
import type { OrganisationActor } from "./actor.ts";
import { adminOrganisationView, auditFields, requireInstanceAdmin } from "./admin.ts";
import type { AdminOrganisationView } from "./admin-contract.ts";

export const OWN_ORGANISATION_MESSAGE = "You cannot suspend your own organisation: you would lock yourself out";

const o = schema.organisations;

/**
 * Suspends an organisation (the instance's administrator only): its members can no longer sign in, their sessions
 * end now, and their API keys and embed tokens are refused (lib/auth checks organisations.suspended_at on each);
 * nothing is deleted, so unsuspending gives everything back. An instance admin cannot suspend their own
 * organisation (409): they would lock themselves out. Suspending a suspended organisation changes nothing.
 */
export async function suspendOrganisation(db: Db, actor: OrganisationActor, organisationId: string): Promise<AdminOrganisationView> {
  return db.transaction(async (tx) => {
    await requireInstanceAdmin(tx, actor);
    const before = await adminOrganisationView(tx, organisationId);
    if (actor.id) {
      const [self] = await tx.select({ organisationId: schema.users.organisationId }).from(schema.users).where(eq(schema.users.id, actor.id));
      if (self?.organisationId === organisationId) throw new AppError(409, OWN_ORGANISATION_MESSAGE);
    }
    if (before.suspendedAt) return before;
    await tx.update(o).set({ suspendedAt: sql`now()` }).where(eq(o.id, organisationId));
    const members = tx.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.organisationId, organisationId));
    await tx.delete(schema.sessions).where(inArray(schema.sessions.userId, members));
    await recordAudit(tx, {
      action: "organisation.suspended",
      ...auditFields(actor),
      targetType: "organisation",
      targetId: organisationId,
      details: { organisationId, name: before.name },
    });
    return adminOrganisationView(tx, organisationId);
  });
}

/** Lifts a suspension: the members sign in again (their sessions ended with it), their keys and tokens work again. */
export async function unsuspendOrganisation(db: Db, actor: OrganisationActor, organisationId: string): Promise<AdminOrganisationView> {
  return db.transaction(async (tx) => {
    await requireInstanceAdmin(tx, actor);
    const before = await adminOrganisationView(tx, organisationId);
    if (!before.suspendedAt) return before;
    await tx.update(o).set({ suspendedAt: null }).where(eq(o.id, organisationId));
    await recordAudit(tx, {
      action: "organisation.unsuspended",
      ...auditFields(actor),
      targetType: "organisation",
      targetId: organisationId,
      details: { organisationId, name: before.name, suspendedAt: before.suspendedAt },
    });
    return adminOrganisationView(tx, organisationId);
  });
}
