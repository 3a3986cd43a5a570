import { and, eq, gt, lt, sql } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";

/** How long an address stays known after the account's last full sign-in from it. */
export const KNOWN_ADDRESS_DAYS = 90;

/** Remembers that the account signed in from this address with its full credentials. */
export async function rememberSignInAddress(db: DbOrTx, userId: string, ipAddress: string | null | undefined, now = new Date()) {
  if (!ipAddress) return;
  await db
    .insert(schema.signInAddresses)
    .values({ userId, ipAddress, lastSignInAt: now })
    .onConflictDoUpdate({ target: [schema.signInAddresses.userId, schema.signInAddresses.ipAddress], set: { lastSignInAt: sql`excluded.last_sign_in_at` } });
}

/** Whether the account signed in from this address within the last KNOWN_ADDRESS_DAYS. */
export async function isKnownSignInAddress(db: DbOrTx, userId: string, ipAddress: string | null | undefined, now = new Date()) {
  if (!ipAddress) return false;
  const since = new Date(now.getTime() - KNOWN_ADDRESS_DAYS * 86_400_000);
  const [row] = await db
    .select({ userId: schema.signInAddresses.userId })
    .from(schema.signInAddresses)
    .where(and(eq(schema.signInAddresses.userId, userId), eq(schema.signInAddresses.ipAddress, ipAddress), gt(schema.signInAddresses.lastSignInAt, since)));
  return Boolean(row);
}

/** Forgets addresses no longer known (the server's maintenance runs it): an account's rows do not pile up for ever. */
export async function pruneSignInAddresses(db: DbOrTx, now = new Date()) {
  await db.delete(schema.signInAddresses).where(lt(schema.signInAddresses.lastSignInAt, new Date(now.getTime() - KNOWN_ADDRESS_DAYS * 86_400_000)));
}
