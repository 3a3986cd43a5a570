import { desc, eq } from "drizzle-orm";
import { schema, type DbOrTx } from "../../data/db.ts";
import type { CreditBalance } from "../auth/schemas.ts";
import { AppError } from "../errors.ts";
import { getSystemSettings } from "../settings/system-settings.ts";

export async function creditBalance(db: DbOrTx, userId: string, limit = 50): Promise<CreditBalance> {
  const [user] = await db
    .select({ credits: schema.users.credits, role: schema.users.role })
    .from(schema.users)
    .where(eq(schema.users.id, userId));
  if (!user) throw new AppError(404, "User not found");
  const settings = await getSystemSettings(db);
  const rows = await db
    .select()
    .from(schema.creditTransactions)
    .where(eq(schema.creditTransactions.userId, userId))
    .orderBy(desc(schema.creditTransactions.createdAt), desc(schema.creditTransactions.id))
    .limit(limit);
  return {
    balance: user.credits,
    unlimited: user.role === "admin",
    manualSearchCost: settings.manualSearchCost,
    automatedSearchCost: settings.automatedSearchCost,
    transactions: rows.map((r) => ({
      id: r.id,
      type: r.type,
      amount: r.amount,
      balance: r.balance,
      description: r.description,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
