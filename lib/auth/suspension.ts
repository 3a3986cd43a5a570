import { eq } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";

/**
 * An instance admin suspends an organisation (lib/organisations/suspend.ts): its members cannot sign in, and their
 * sessions, API keys and embed tokens are refused, each with this message, while nothing of theirs is deleted. It
 * lives here, below lib/organisations, because every one of those checks is lib/auth's (or lib/embed's).
 */
export const SUSPENDED_MESSAGE = "Your organisation is suspended: contact the administrator of this installation";

/** Whether the organisation is suspended now. */
export async function organisationSuspended(db: DbOrTx, organisationId: string) {
  const [row] = await db
    .select({ suspendedAt: schema.organisations.suspendedAt })
    .from(schema.organisations)
    .where(eq(schema.organisations.id, organisationId));
  return Boolean(row?.suspendedAt);
}
