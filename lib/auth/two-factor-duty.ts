import { eq } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { getSystemSetting } from "../settings/system-settings.ts";
import { twoFactorRequired } from "./two-factor-policy.ts";

/**
 * Whether this account must enrol in 2FA before doing anything else: it has none, and its organisation's setting or
 * the instance's requires it (two-factor-policy.ts). Read only for accounts without 2FA, so enrolled ones pay nothing.
 */
export async function mustEnrolTwoFactor(db: DbOrTx, user: { twoFactorEnabled: boolean; organisationId: string }): Promise<boolean> {
  if (user.twoFactorEnabled) return false;
  const o = schema.organisations;
  const [[organisation], instance] = await Promise.all([
    db.select({ requireTwoFactor: o.requireTwoFactor }).from(o).where(eq(o.id, user.organisationId)),
    getSystemSetting(db, "requireTwoFactor"),
  ]);
  return twoFactorRequired(organisation?.requireTwoFactor ?? null, instance);
}
