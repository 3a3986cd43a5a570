import { eq } from "drizzle-orm";
import { type Db, schema } from "../../data/db.ts";
import { actorFields, recordAudit } from "../audit/record.ts";
import { auditActorOf, type OrganisationActor, requireManager, scopeOf } from "./actor.ts";
import type { OrganisationSettings, OrganisationSettingsRequest } from "./contract.ts";

export const MANAGE_SETTINGS_MESSAGE = "Only an organisation's owners and admins change its settings";

/**
 * Changes the organisation's settings (owners and admins; another organisation's is 404 as everywhere), and records
 * each change with the values before and after. Nothing asked to change: nothing written.
 */
export async function changeOrganisationSettings(
  db: Db,
  actor: OrganisationActor,
  request: OrganisationSettingsRequest,
  options: { organisationId?: string } = {},
): Promise<OrganisationSettings> {
  return db.transaction(async (tx) => {
    const scope = await scopeOf(tx, actor, options.organisationId);
    requireManager(scope, MANAGE_SETTINGS_MESSAGE);
    const o = schema.organisations;
    const [before] = await tx.select({ membersSeeTeam: o.membersSeeTeam, fourEyes: o.fourEyes }).from(o).where(eq(o.id, scope.organisationId)).for("update");
    const after = { ...before, ...Object.fromEntries(Object.entries(request).filter(([, v]) => v !== undefined)) } as OrganisationSettings;
    const keys = Object.keys(before) as (keyof OrganisationSettings)[];
    if (keys.every((key) => after[key] === before[key])) return before;
    await tx.update(o).set(after).where(eq(o.id, scope.organisationId));
    await recordAudit(tx, {
      action: "organisation.settings_changed",
      ...actorFields(auditActorOf(actor)),
      targetType: "organisation",
      targetId: scope.organisationId,
      details: { organisationId: scope.organisationId, before, after },
    });
    return after;
  });
}
