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

type ViewRow = Omit<CreditTransactionRow, "userId" | "organisationId" | "searchId" | "createdBy" | "purchaseId" | "externalRef"> & {
  memberId: string;
  memberName: string;
  memberEmail: string;
};

function transactionView(row: ViewRow): CreditTransactionView {
  return {
    id: row.id,
    type: row.type,
    amount: row.amount,
    balance: row.balance,
    description: row.description,
    descriptionCode: row.descriptionCode,
    descriptionParams: row.descriptionParams ?? null,
    member: { id: row.memberId, fullName: row.memberName, email: row.memberEmail },
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
  memberId: schema.users.id,
  memberName: schema.users.fullName,
  memberEmail: schema.users.email,
};

/** The user's instance role and organisation with its balance: every member sees the organisation's. */
async function memberWithBalance(db: DbOrTx, userId: string) {
  const [member] = await db
    .select({ role: schema.users.role, organisationId: schema.users.organisationId, credits: schema.organisations.credits })
    .from(schema.users)
    .innerJoin(schema.organisations, eq(schema.organisations.id, schema.users.organisationId))
    .where(eq(schema.users.id, userId));
  if (!member) throw new AppError(404, "User not found");
  return member;
}

/**
 * The balance of the user's organisation, the search costs and its latest `limit` ledger entries, each naming the
 * member (the profile's card and the sidebar). "Unlimited" stays the user's own: an instance admin is never charged.
 */
export async function creditBalance(db: DbOrTx, userId: string, limit = 50): Promise<CreditBalance> {
  const member = await memberWithBalance(db, userId);
  const settings = await readSettings(db, creditSettings);
  const rows = await db
    .select(viewColumns)
    .from(t)
    .innerJoin(schema.users, eq(schema.users.id, t.userId))
    .where(eq(t.organisationId, member.organisationId))
    .orderBy(...newestFirst(keyset))
    .limit(limit);
  return {
    balance: member.credits,
    unlimited: hasUnlimitedCredits(member),
    manualSearchCost: settings.manualSearchCost,
    automatedSearchCost: settings.automatedSearchCost,
    transactions: rows.map(transactionView),
  };
}

export interface CreditTransactionListRequest extends PageRequest {
  type?: CreditTransactionType;
}

/**
 * A page of the ledger of the user's organisation, newest first, optionally of one type (the credit history): every
 * member sees every member's entries, since they share the balance the entries explain.
 */
export async function listCreditTransactions(db: DbOrTx, userId: string, request: CreditTransactionListRequest): Promise<Page<CreditTransactionView>> {
  const { organisationId } = await memberWithBalance(db, userId);
  const where = and(eq(t.organisationId, organisationId), request.type ? eq(t.type, request.type) : undefined);
  const rows = await db
    .select({ ...viewColumns, cursorKey: cursorKey(keyset) })
    .from(t)
    .innerJoin(schema.users, eq(schema.users.id, t.userId))
    .where(and(where, afterCursor(keyset, request.cursor)))
    .orderBy(...newestFirst(keyset))
    .limit(request.limit + 1);
  const [{ total }] = await db.select({ total: count() }).from(t).where(where);
  return toPage(rows, request.limit, total, transactionView);
}
