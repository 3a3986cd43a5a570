import { and, eq, gte, sql } from "drizzle-orm";
import { schema, type DbOrTx } from "../../data/db.ts";
import { AppError } from "../errors.ts";
import { englishDescription, type CreditReason } from "./descriptions.ts";

export type CreditTransactionType = (typeof schema.creditTransactionType.enumValues)[number];

const DEBITS: ReadonlySet<CreditTransactionType> = new Set(["manual_search", "automatic_search"]);

export interface CreditChange {
  userId: string;
  type: CreditTransactionType;
  /** Negative for searches, positive for purchases, bonuses and admin credits. */
  amount: number;
  /** Free text (an admin's note); without it the reason's English wording is stored. */
  description?: string;
  /** Why, as a code the screens translate. */
  reason?: CreditReason;
  searchId?: string;
  createdBy?: string;
}

export type CreditChangeResult =
  | { charged: true; balance: number; transactionId: string }
  /** Admins are never charged for searches. */
  | { charged: false; balance: number };

export class InsufficientCreditsError extends AppError {
  constructor(readonly balance: number, readonly required: number) {
    super(402, `Insufficient credits: ${required} needed, ${balance} available`);
  }
}

/**
 * The one place credits change. The balance update and its ledger row are written in one transaction,
 * and the update is conditional (credits + amount >= 0), so concurrent debits can neither overdraw nor
 * lose an update. Pass a transaction to make the change part of a larger unit of work.
 */
export async function changeCredits(db: DbOrTx, change: CreditChange): Promise<CreditChangeResult> {
  const { userId, type, amount } = change;
  if (!Number.isSafeInteger(amount) || amount === 0) throw new AppError(400, "Amount must be a non-zero whole number");
  const isDebit = DEBITS.has(type);
  if (isDebit !== amount < 0) {
    throw new AppError(400, isDebit ? "A search charge must be negative" : "A credit must be positive");
  }

  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ role: schema.users.role, credits: schema.users.credits })
      .from(schema.users)
      .where(eq(schema.users.id, userId));
    if (!user) throw new AppError(404, "User not found");
    if (isDebit && user.role === "admin") return { charged: false, balance: user.credits } as const;

    const [updated] = await tx
      .update(schema.users)
      .set({ credits: sql`${schema.users.credits} + ${amount}`, updatedAt: sql`now()` })
      .where(and(eq(schema.users.id, userId), gte(sql`${schema.users.credits} + ${amount}`, 0)))
      .returning({ credits: schema.users.credits });
    if (!updated) {
      const [current] = await tx
        .select({ credits: schema.users.credits })
        .from(schema.users)
        .where(eq(schema.users.id, userId));
      throw new InsufficientCreditsError(current?.credits ?? 0, -amount);
    }

    const [row] = await tx
      .insert(schema.creditTransactions)
      .values({
        userId,
        type,
        amount,
        balance: updated.credits,
        description: change.description ?? (change.reason && englishDescription(type, change.reason)),
        descriptionCode: change.reason?.code,
        descriptionParams: change.reason && "params" in change.reason ? change.reason.params : undefined,
        searchId: change.searchId,
        createdBy: change.createdBy,
      })
      .returning({ id: schema.creditTransactions.id });
    return { charged: true, balance: updated.credits, transactionId: row.id } as const;
  });
}
