import { eq } from "drizzle-orm";
import { type Db, schema } from "../../data/db.ts";
import type { HttpClient } from "../../support/http-client.ts";

/** The user's credit balance as stored. */
export async function balanceOf(db: Db, userId: string) {
  const [row] = await db.select({ credits: schema.users.credits }).from(schema.users).where(eq(schema.users.id, userId));
  return row.credits;
}

/** The credit balance of the user with this email. */
export async function balanceOfEmail(db: Db, email: string) {
  const [row] = await db.select({ credits: schema.users.credits }).from(schema.users).where(eq(schema.users.email, email));
  return row.credits;
}

/** Sets the user's balance directly, without a ledger entry. */
export async function setCredits(db: Db, userId: string, credits: number) {
  await db.update(schema.users).set({ credits }).where(eq(schema.users.id, userId));
}

/** The balance GET /api/credits/balance answers the signed-in client. */
export const apiBalance = async (client: HttpClient) => (await client.get("/api/credits/balance")).json.balance as number;
