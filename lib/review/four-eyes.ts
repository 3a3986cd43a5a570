import { eq } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { readSettings } from "../settings/system-settings.ts";
import { reviewSettings } from "./system-settings.ts";

/**
 * Whether a decision on the organisation's hits waits for a second person: the organisation's own choice, else (never
 * chosen, as after the upgrade) the instance's four-eyes setting.
 */
export async function fourEyesFor(db: DbOrTx, organisationId: string): Promise<boolean> {
  const o = schema.organisations;
  const [[organisation], settings] = await Promise.all([
    db.select({ fourEyes: o.fourEyes }).from(o).where(eq(o.id, organisationId)),
    readSettings(db, reviewSettings),
  ]);
  return organisation?.fourEyes ?? settings.fourEyesReview;
}
