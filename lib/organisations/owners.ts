import { and, eq } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { AppError } from "../errors.ts";
import { membersOf } from "./member-view.ts";

export const LAST_OWNER_MESSAGE = "This is the organisation's last owner: make another member an owner first";

/**
 * Refuses a change that would leave the organisation without an active owner (nobody could manage it any more).
 * Every owner row is locked first, so two owners demoting or removing each other at once cannot both succeed.
 */
export async function keepAnOwner(tx: DbOrTx, organisationId: string, leavingUserId: string) {
  const owners = await tx
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(and(membersOf(organisationId), eq(schema.users.organisationRole, "owner"), eq(schema.users.isActive, true)))
    .for("update");
  if (owners.filter((o) => o.id !== leavingUserId).length === 0) throw new AppError(409, LAST_OWNER_MESSAGE);
}
