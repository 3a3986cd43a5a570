import { and, count, eq } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import type { CreditBalance } from "../auth/schemas.ts";
import { AppError } from "../errors.ts";
import { afterCursor, cursorKey, newestFirst, type Page, type PageRequest, toPage } from "../paging.ts";
import { readSettings } from "../settings/system-settings.ts";
import { hasUnlimitedCredits } from "./contract.ts";
import type { CreditTransactionType } from "./ledger.ts";
import { creditSettings } from "./system-settings.ts";

type CreditTransactionRow = typeof schema.creditTransactions.$inferSelect;
export type CreditTransactionView = CreditBalance["transactions"][number];

const t = schema.creditTransactions;
const keyset = { createdAt: t.createdAt, id: t.id };

function transactionView(row: Omit<CreditTransactionRow, "userId" | "searchId" | "createdBy" | "purchaseId" | "externalRef">): CreditTransactionView {
  return {
    id: row.id,
    type: row.type,
    amount: row.amount,
    balance: row.balance,
    description: row.description,
    descriptionCode: row.descriptionCode,
    descriptionParams: row.descriptionParams ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

const viewColumns = {
  id: t.id,
  type: t.type,
  amount: t.amount,
  balance: t.balance,
  description: t.description,
  descriptionCode: t.descriptionCode,
  descriptionParams: t.descriptionParams,
  createdAt: t.createdAt,
};

/** The balance, the search costs and the latest `limit` transactions (the profile's card). */
export async function creditBalance(db: DbOrTx, userId: string, limit = 50): Promise<CreditBalance> {
  const [user] = await db.select({ credits: schema.users.credits, role: schema.users.role }).from(schema.users).where(eq(schema.users.id, userId));
  if (!user) throw new AppError(404, "User not found");
  const settings = await readSettings(db, creditSettings);
  const rows = await db
    .select(viewColumns)
    .from(t)
    .where(eq(t.userId, userId))
    .orderBy(...newestFirst(keyset))
    .limit(limit);
  return {
    balance: user.credits,
    unlimited: hasUnlimitedCredits(user),
    manualSearchCost: settings.manualSearchCost,
    automatedSearchCost: settings.automatedSearchCost,
    transactions: rows.map(transactionView),
  };
}

export interface CreditTransactionListRequest extends PageRequest {
  type?: CreditTransactionType;
}

/** A page of the user's ledger, newest first, optionally of one type (the credit history). */
export async function listCreditTransactions(db: DbOrTx, userId: string, request: CreditTransactionListRequest): Promise<Page<CreditTransactionView>> {
  const where = and(eq(t.userId, userId), request.type ? eq(t.type, request.type) : undefined);
  const rows = await db
    .select({ ...viewColumns, cursorKey: cursorKey(keyset) })
    .from(t)
    .where(and(where, afterCursor(keyset, request.cursor)))
    .orderBy(...newestFirst(keyset))
    .limit(request.limit + 1);
  const [{ total }] = await db.select({ total: count() }).from(t).where(where);
  return toPage(rows, request.limit, total, transactionView);
}
