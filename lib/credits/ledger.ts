import { and, eq, gte, sql } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { AppError } from "../errors.ts";
import { hasUnlimitedCredits } from "./contract.ts";
import { type CreditReason, englishDescription } from "./descriptions.ts";

export type CreditTransactionType = (typeof schema.creditTransactionType.enumValues)[number];

const DEBITS: ReadonlySet<CreditTransactionType> = new Set(["manual_search", "automatic_search"]);

export interface CreditChange {
  /**
   * The member whose action it is (who searched, bought, or was granted credits): the change lands on their
   * organisation's balance, and the entry names them.
   */
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
  /** The purchase a credit_purchase entry belongs to. */
  purchaseId?: string;
  /**
   * The outside event the change answers (a PaymentIntent id): the ledger's unique index on it makes the change
   * happen once however often it is asked for; a repeat answers `alreadyApplied` and changes nothing.
   */
  externalRef?: string;
}

export type CreditChangeResult =
  | { charged: true; balance: number; transactionId: string }
  /** Admins are never charged for searches. */
  | { charged: false; balance: number; alreadyApplied?: false }
  /** An entry with the same externalRef exists: nothing changed. */
  | { charged: false; balance: number; alreadyApplied: true };

/** Thrown inside a change's transaction to roll back its balance update when its externalRef is taken. */
class AlreadyApplied extends Error {}

const externalRefTaken = { target: schema.creditTransactions.externalRef, where: sql`${schema.creditTransactions.externalRef} is not null` };

const o = schema.organisations;

/** The organisation whose credits a member spends, the member's instance role (who spends nothing) and monthly cap. */
async function memberOf(db: DbOrTx, userId: string) {
  const [member] = await db
    .select({ role: schema.users.role, organisationId: schema.users.organisationId, monthlyCreditCap: schema.users.monthlyCreditCap })
    .from(schema.users)
    .where(eq(schema.users.id, userId));
  if (!member) throw new AppError(404, "User not found");
  return member;
}

/** The organisation's balance. */
export async function organisationCredits(db: DbOrTx, organisationId: string): Promise<number> {
  const [current] = await db.select({ credits: o.credits }).from(o).where(eq(o.id, organisationId));
  return current?.credits ?? 0;
}

/**
 * The balance a member spends from: their organisation's, shared by every member (credits belong to the
 * organisation, not to the user).
 */
export async function memberCredits(db: DbOrTx, userId: string): Promise<number> {
  const [current] = await db
    .select({ credits: o.credits })
    .from(schema.users)
    .innerJoin(o, eq(o.id, schema.users.organisationId))
    .where(eq(schema.users.id, userId));
  return current?.credits ?? 0;
}

/**
 * Adds `amount` (negative for a charge) to the organisation's balance unless it would fall below zero: one
 * conditional UPDATE, so concurrent changes by any members of one organisation serialise on its row and none can
 * overdraw or lose another's update. Undefined when the balance does not cover it.
 */
async function addToOrganisation(tx: DbOrTx, organisationId: string, amount: number) {
  const [updated] = await tx
    .update(o)
    .set({ credits: sql`${o.credits} + ${amount}` })
    .where(and(eq(o.id, organisationId), gte(sql`${o.credits} + ${amount}`, 0)))
    .returning({ credits: o.credits });
  return updated;
}

/** A charge that would take a member past the monthly cap their organisation's owners or admins set: 402, naming the cap. */
export class SpendingCapError extends AppError {
  constructor(
    readonly cap: number,
    readonly spent: number,
    readonly required: number,
  ) {
    super(402, `Monthly spending cap reached: your cap is ${cap} credits a month, ${spent} are spent this month and this needs ${required}`);
  }
}

/**
 * Credits the member spent on searches this calendar month, since the 1st, 00:00 UTC, as a scalar subquery: read on
 * its own, or beside the debit's own ledger row (see applyChange).
 */
function spentThisMonthSql(userId: string) {
  const types = sql.join(
    [...DEBITS].map((type) => sql`${type}`),
    sql`, `,
  );
  return sql<number>`(select coalesce(-sum(spent.amount), 0)::int from credit_transactions spent
    where spent.user_id = ${userId} and spent.type in (${types})
      and spent.created_at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC')`;
}

/** Credits the member spent on searches this calendar month: every search charge of theirs since the 1st, 00:00 UTC. */
export async function spentThisMonth(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ spent: spentThisMonthSql(userId) }).from(sql`(select 1) as one`);
  return Number(row?.spent ?? 0);
}

/**
 * Refuses a debit of `required` credits that would take the member past their monthly cap (`cap`, read with the
 * member; null: no cap, no query). Called after the debit's update of the organisation's balance: every debit of a
 * member updates that row, which stays locked until the debit's transaction ends, so this sum (a statement of its own,
 * which sees what committed before the lock was granted) counts two charges of one member at once one after the other
 * and they cannot both slip under the cap. A refusal rolls the update back with the transaction.
 */
async function keepUnderCap(tx: DbOrTx, userId: string, cap: number | null, required: number) {
  if (cap == null) return;
  const spent = await spentThisMonth(tx, userId);
  if (spent + required > cap) throw new SpendingCapError(cap, spent, required);
}

export class InsufficientCreditsError extends AppError {
  constructor(
    readonly balance: number,
    readonly required: number,
  ) {
    super(402, `Insufficient credits: ${required} needed, ${balance} available`);
  }
}

/**
 * The one place credits change. Credits belong to the member's organisation: the organisation's balance update and
 * its ledger row (naming the member and the organisation) are written in one transaction, and the update is
 * conditional (credits + amount >= 0), so concurrent debits by any of its members can neither overdraw nor lose an
 * update. Pass a transaction to make the change part of a larger unit of work.
 */
export async function changeCredits(db: DbOrTx, change: CreditChange): Promise<CreditChangeResult> {
  const { userId, type, amount } = change;
  if (!Number.isSafeInteger(amount) || amount === 0) throw new AppError(400, "Amount must be a non-zero whole number");
  const isDebit = DEBITS.has(type);
  if (isDebit !== amount < 0) {
    throw new AppError(400, isDebit ? "A search charge must be negative" : "A credit must be positive");
  }

  try {
    return await applyChange(db, change, isDebit);
  } catch (error) {
    if (error instanceof AlreadyApplied) return { charged: false, balance: await memberCredits(db, userId), alreadyApplied: true };
    throw error;
  }
}

async function applyChange(db: DbOrTx, change: CreditChange, isDebit: boolean): Promise<CreditChangeResult> {
  const { userId, type, amount } = change;
  return db.transaction(async (tx) => {
    const member = await memberOf(tx, userId);
    const { organisationId } = member;
    if (isDebit && hasUnlimitedCredits(member)) return { charged: false, balance: await organisationCredits(tx, organisationId) } as const;

    const updated = await addToOrganisation(tx, organisationId, amount);
    const cap = isDebit ? member.monthlyCreditCap : null;
    if (!updated) {
      // Past the cap and short of credits: the cap is what the member can do something about first.
      await keepUnderCap(tx, userId, cap, -amount);
      throw new InsufficientCreditsError(await organisationCredits(tx, organisationId), -amount);
    }

    // Under a cap, the entry's statement also reads what the member spent this month before it (a subquery of the
    // RETURNING list sees the table without the row being inserted). That statement starts once this transaction
    // holds the organisation's row (the update above), as a statement of its own would, so it counts every charge
    // committed before; over the cap, the throw below rolls the entry and the update back. One round trip either way.
    const [row] = await tx
      .insert(schema.creditTransactions)
      .values({
        userId,
        organisationId,
        type,
        amount,
        balance: updated.credits,
        description: change.description ?? (change.reason && englishDescription(type, change.reason)),
        descriptionCode: change.reason?.code,
        descriptionParams: change.reason && "params" in change.reason ? change.reason.params : undefined,
        searchId: change.searchId,
        createdBy: change.createdBy,
        purchaseId: change.purchaseId,
        externalRef: change.externalRef,
      })
      .onConflictDoNothing(externalRefTaken)
      .returning({ id: schema.creditTransactions.id, spentBefore: cap == null ? sql<null>`null` : spentThisMonthSql(userId) });
    if (!row) throw new AlreadyApplied();
    if (cap != null && Number(row.spentBefore) - amount > cap) throw new SpendingCapError(cap, Number(row.spentBefore), -amount);
    return { charged: true, balance: updated.credits, transactionId: row.id } as const;
  });
}

export interface CreditTakeBack {
  /** The buyer: the credits are taken back from their organisation, which the purchase credited. */
  userId: string;
  /** Credits to take back (positive). */
  credits: number;
  purchaseId: string;
  /** The refund's id: the same refund takes credits back once. */
  externalRef: string;
  /** English, e.g. "Refund of 500 credits". The entry's description adds how many were not recovered. */
  description: string;
}

export type CreditTakeBackResult =
  | { applied: true; balance: number; taken: number; notRecovered: number; transactionId: string }
  | { applied: false; balance: number };

/**
 * A refund takes credits back (a credit_refund entry), never below zero: when some were already spent it takes what
 * is left (possibly nothing: an entry of 0 still records the refund once) and reports the rest as not recovered.
 * Admins are charged like anyone here. Once per externalRef, decided by the ledger's unique index. The organisation's
 * row is locked first, so a member spending meanwhile cannot make the take-back overdraw it.
 */
export async function takeBackCredits(db: DbOrTx, takeBack: CreditTakeBack): Promise<CreditTakeBackResult> {
  const { userId, credits } = takeBack;
  if (!Number.isSafeInteger(credits) || credits < 0) throw new AppError(400, "Credits to take back must be a whole number of at least 0");
  try {
    return await db.transaction(async (tx) => {
      const { organisationId } = await memberOf(tx, userId);
      const [organisation] = await tx.select({ credits: o.credits }).from(o).where(eq(o.id, organisationId)).for("update");
      const taken = Math.min(organisation.credits, credits);
      const [updated] = await tx
        .update(o)
        .set({ credits: sql`${o.credits} - ${taken}` })
        .where(eq(o.id, organisationId))
        .returning({ credits: o.credits });
      const notRecovered = credits - taken;
      const [row] = await tx
        .insert(schema.creditTransactions)
        .values({
          userId,
          organisationId,
          type: "credit_refund",
          amount: -taken,
          balance: updated.credits,
          description: notRecovered ? `${takeBack.description} (${notRecovered} already spent, not recovered)` : takeBack.description,
          purchaseId: takeBack.purchaseId,
          externalRef: takeBack.externalRef,
        })
        .onConflictDoNothing(externalRefTaken)
        .returning({ id: schema.creditTransactions.id });
      if (!row) throw new AlreadyApplied();
      return { applied: true, balance: updated.credits, taken, notRecovered, transactionId: row.id } as const;
    });
  } catch (error) {
    if (error instanceof AlreadyApplied) return { applied: false, balance: await memberCredits(db, userId) };
    throw error;
  }
}

export interface SearchCharges {
  userId: string;
  type: "manual_search" | "automatic_search";
  /** What each search costs (positive). */
  cost: number;
  searches: { searchId: string; searchTerm: string }[];
}

/**
 * Charges many searches at once (a batch): one conditional balance update for them all and one ledger row per
 * search, each with the balance after it, so a batch's charges read like the same searches charged one by one.
 * All or none: too few credits in the member's organisation for every search throws InsufficientCreditsError and
 * changes nothing. Admins are not charged. Run it in the transaction that writes the searches.
 */
export async function chargeSearches(db: DbOrTx, charges: SearchCharges): Promise<CreditChangeResult> {
  const { userId, type, cost, searches } = charges;
  if (!Number.isSafeInteger(cost) || cost < 0) throw new AppError(400, "A search cost must be a whole number of at least 0");
  const total = cost * searches.length;
  return db.transaction(async (tx) => {
    const member = await memberOf(tx, userId);
    const { organisationId } = member;
    if (hasUnlimitedCredits(member) || total === 0) return { charged: false, balance: await organisationCredits(tx, organisationId) } as const;

    const updated = await addToOrganisation(tx, organisationId, -total);
    await keepUnderCap(tx, userId, member.monthlyCreditCap, total);
    if (!updated) throw new InsufficientCreditsError(await organisationCredits(tx, organisationId), total);
    const before = updated.credits + total;
    const rows = searches.map((s, i) => {
      const reason: CreditReason = { code: "search", params: { searchTerm: s.searchTerm } };
      return {
        userId,
        organisationId,
        type,
        amount: -cost,
        balance: before - cost * (i + 1),
        description: englishDescription(type, reason),
        descriptionCode: reason.code,
        descriptionParams: reason.params,
        searchId: s.searchId,
        // One microsecond apart, so the ledger's (createdAt, id) order lists the batch's balances in the order they fell.
        createdAt: sql`now() + ${`${i} microseconds`}::interval`,
      };
    });
    let last = "";
    for (let i = 0; i < rows.length; i += LEDGER_ROWS_PER_INSERT) {
      const inserted = await tx
        .insert(schema.creditTransactions)
        .values(rows.slice(i, i + LEDGER_ROWS_PER_INSERT))
        .returning({ id: schema.creditTransactions.id });
      last = inserted.at(-1)?.id ?? last;
    }
    return { charged: true, balance: updated.credits, transactionId: last } as const;
  });
}

/** Rows per multi-row insert: well under PostgreSQL's 65,535 bound parameters. */
const LEDGER_ROWS_PER_INSERT = 2000;
