import { eq } from "drizzle-orm";
import { type Db, type DbOrTx, schema } from "../../data/db.ts";
import { actorFields, recordAudit } from "../audit/record.ts";
import { accountSettings } from "../auth/system-settings.ts";
import { AppError } from "../errors.ts";
import { retentionBelowMinimum } from "../retention/organisation-years.ts";
import { retentionSettings } from "../retention/system-settings.ts";
import { readSettings } from "../settings/system-settings.ts";
import { auditActorOf, type OrganisationActor, requireManager, scopeOf } from "./actor.ts";
import type { InstanceFloor, OrganisationSettings, OrganisationSettingsRequest } from "./contract.ts";

export const MANAGE_SETTINGS_MESSAGE = "Only an organisation's owners and admins change its settings";

/** The instance's settings an organisation's may only tighten. */
export async function instanceFloor(db: DbOrTx): Promise<InstanceFloor> {
  const [accounts, retention] = await Promise.all([readSettings(db, accountSettings), readSettings(db, retentionSettings)]);
  return { requireTwoFactor: accounts.requireTwoFactor, retentionYears: retention.retentionYears };
}

export const TWO_FACTOR_FLOOR_MESSAGE = "This installation requires two-factor authentication for every account: an organisation cannot turn it off";

/**
 * An organisation only tightens the instance: fewer years than the instance keeps is 400 naming the minimum, and
 * "2FA off" while the instance requires it is 400 (it would change nothing, and a saved "off" would read as if it did).
 */
function refuseLoosening(request: OrganisationSettingsRequest, floor: InstanceFloor) {
  if (request.retentionYears != null && request.retentionYears < floor.retentionYears) throw new AppError(400, retentionBelowMinimum(floor.retentionYears));
  if (request.requireTwoFactor === false && floor.requireTwoFactor) throw new AppError(400, TWO_FACTOR_FLOOR_MESSAGE);
}

/**
 * Changes the organisation's settings (owners and admins; another organisation's is 404 as everywhere), and records
 * each change with the values before and after. Nothing asked to change: nothing written. A request that would
 * loosen the instance's rules changes nothing at all.
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
    refuseLoosening(request, await instanceFloor(tx));
    const o = schema.organisations;
    const [before] = await tx
      .select({
        membersSeeTeam: o.membersSeeTeam,
        fourEyes: o.fourEyes,
        requireTwoFactor: o.requireTwoFactor,
        retentionYears: o.retentionYears,
        country: o.country,
      })
      .from(o)
      .where(eq(o.id, scope.organisationId))
      .for("update");
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
