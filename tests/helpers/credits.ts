import { eq, sql } from "drizzle-orm";
import { type Db, schema } from "../../data/db.ts";
import type { HttpClient } from "../../support/http-client.ts";

const o = schema.organisations;
const u = schema.users;

/** The balance the user spends from, as stored: their organisation's (credits belong to the organisation). */
export async function balanceOf(db: Db, userId: string) {
  const [row] = await db.select({ credits: o.credits }).from(u).innerJoin(o, eq(o.id, u.organisationId)).where(eq(u.id, userId));
  return row.credits;
}

/** The balance of the organisation of the user with this email. */
export async function balanceOfEmail(db: Db, email: string) {
  const [row] = await db.select({ credits: o.credits }).from(u).innerJoin(o, eq(o.id, u.organisationId)).where(eq(u.email, email));
  return row.credits;
}

/** Sets the balance of the user's organisation directly, without a ledger entry. */
export async function setCredits(db: Db, userId: string, credits: number) {
  const [user] = await db.select({ organisationId: u.organisationId }).from(u).where(eq(u.id, userId));
  await db.update(o).set({ credits }).where(eq(o.id, user.organisationId));
}

/** The balance GET /api/credits/balance answers the signed-in client. */
export const apiBalance = async (client: HttpClient) => (await client.get("/api/credits/balance")).json.balance as number;

/**
 * The organisation of the user, as a value of an insert: a ledger row or a record (a search, a monitored entity) written
 * by a test belongs to its user's organisation, as the product's own rows do.
 */
export const organisationOfUser = (userId: string) => sql`(select ${u.organisationId} from ${u} where ${u.id} = ${userId})`;
