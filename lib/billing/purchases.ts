import { and, count, eq, ne, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { type DbOrTx, schema } from "../../data/db.ts";
import { changeCredits, takeBackCredits } from "../credits/ledger.ts";
import { afterCursor, cursorKey, newestFirst, type Page, type PageRequest, toPage } from "../paging.ts";
import type { PurchaseStatus, PurchaseView } from "./schemas.ts";

type PurchaseRow = typeof schema.purchases.$inferSelect;
const p = schema.purchases;
const keyset = { createdAt: p.createdAt, id: p.id };

export function purchaseView(row: Omit<PurchaseRow, "userId" | "updatedAt">): PurchaseView {
  return {
    id: row.id,
    credits: row.credits,
    amount: row.amount,
    currency: row.currency,
    status: row.status as PurchaseStatus,
    paymentIntentId: row.paymentIntentId,
    receiptUrl: row.receiptUrl,
    refundedCredits: row.refundedCredits,
    createdAt: row.createdAt.toISOString(),
    succeededAt: row.succeededAt?.toISOString() ?? null,
  };
}

export async function purchaseByPaymentIntent(db: DbOrTx, paymentIntentId: string): Promise<PurchaseRow | undefined> {
  const [row] = await db.select().from(p).where(eq(p.paymentIntentId, paymentIntentId));
  return row;
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

/**
 * Our purchase row of a PaymentIntent. A PaymentIntent this app created but whose row is missing (the process
 * stopped between Stripe's answer and the insert) is recorded from its metadata, so its payment is not lost.
 */
async function purchaseOf(db: DbOrTx, intent: Stripe.PaymentIntent): Promise<PurchaseRow | undefined> {
  const found = await purchaseByPaymentIntent(db, intent.id);
  if (found) return found;
  const { userId, credits, purchaseId } = intent.metadata ?? {};
  const creditCount = Number(credits);
  if (!userId || !purchaseId || !Number.isSafeInteger(creditCount) || creditCount <= 0) return undefined;
  const [user] = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.id, userId));
  if (!user) return undefined;
  await db
    .insert(p)
    .values({ id: purchaseId, userId, credits: creditCount, amount: intent.amount, currency: intent.currency, paymentIntentId: intent.id })
    .onConflictDoNothing();
  return purchaseByPaymentIntent(db, intent.id);
}

export interface ApplyResult {
  purchase: PurchaseView;
  /** True when this call added the credits; false when they had been added before (or the payment did not succeed). */
  credited: boolean;
}

/**
 * Credits a succeeded purchase: a credit_purchase entry whose externalRef is the PaymentIntent id, so the webhook,
 * its retries and the browser's confirmation credit once between them, whichever comes first.
 */
async function creditPurchase(db: DbOrTx, purchase: PurchaseRow, receiptUrl: string | null): Promise<boolean> {
  let credited = false;
  if (purchase.userId) {
    const result = await changeCredits(db, {
      userId: purchase.userId,
      type: "credit_purchase",
      amount: purchase.credits,
      description: `Purchase of ${purchase.credits} credits`,
      purchaseId: purchase.id,
      externalRef: purchase.paymentIntentId,
    });
    credited = result.charged;
  }
  await db
    .update(p)
    .set({
      status: sql`case when ${p.status} in ('pending', 'failed', 'canceled') then 'succeeded' else ${p.status} end`,
      succeededAt: sql`coalesce(${p.succeededAt}, now())`,
      receiptUrl: sql`coalesce(${p.receiptUrl}, ${receiptUrl})`,
      updatedAt: sql`now()`,
    })
    .where(eq(p.id, purchase.id));
  return credited;
}

/** A payment that did not go through: only a pending (or failed, then canceled) purchase changes. */
async function markUnpaid(db: DbOrTx, purchase: PurchaseRow, status: "failed" | "canceled") {
  await db
    .update(p)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(p.id, purchase.id), sql`${p.status} in ('pending', 'failed')`));
}

async function receiptUrlOf(stripe: Stripe | null, intent: Stripe.PaymentIntent): Promise<string | null> {
  const charge = intent.latest_charge;
  if (charge && typeof charge === "object") return charge.receipt_url ?? null;
  if (!charge || !stripe) return null;
  try {
    return (await stripe.charges.retrieve(charge)).receipt_url ?? null;
  } catch {
    // The receipt is a convenience: crediting never waits for it. A later event (or confirm) fills it in.
    return null;
  }
}

async function reread(db: DbOrTx, id: string): Promise<PurchaseView> {
  const [row] = await db.select().from(p).where(eq(p.id, id));
  return purchaseView(row);
}

/**
 * Applies a PaymentIntent's state as Stripe reports it (from a verified webhook or retrieved for the browser's
 * confirmation): succeeded credits once; canceled, or failed (a payment error left it needing a new method), mark
 * the purchase. Undefined for a PaymentIntent that is not one of this app's purchases.
 */
export async function applyPaymentIntent(db: DbOrTx, stripe: Stripe | null, intent: Stripe.PaymentIntent, failed = false): Promise<ApplyResult | undefined> {
  const purchase = await purchaseOf(db, intent);
  if (!purchase) return undefined;
  let credited = false;
  if (intent.status === "succeeded") {
    credited = await creditPurchase(db, purchase, await receiptUrlOf(stripe, intent));
  } else if (intent.status === "canceled") {
    await markUnpaid(db, purchase, "canceled");
  } else if (failed || (intent.status === "requires_payment_method" && intent.last_payment_error)) {
    await markUnpaid(db, purchase, "failed");
  }
  return { purchase: await reread(db, purchase.id), credited };
}

async function refundsOf(stripe: Stripe | null, charge: Stripe.Charge): Promise<Stripe.Refund[]> {
  const listed = charge.refunds;
  if (listed && !listed.has_more) return listed.data;
  if (!stripe) return listed?.data ?? [];
  const all: Stripe.Refund[] = [];
  for await (const refund of stripe.refunds.list({ charge: charge.id, limit: 100 })) all.push(refund);
  return all;
}

/**
 * A refunded charge takes the refunded share of the purchase's credits back, once per refund (its id is the
 * entry's externalRef). Each refund's share is the difference of the rounded shares of the amounts refunded up to
 * and including it, so the shares of a full refund add up to the purchase's credits. Never below zero: credits
 * already spent are not recovered (the entry says how many; purchases.refundedCredits counts those taken back).
 */
export async function applyChargeRefunded(db: DbOrTx, stripe: Stripe | null, charge: Stripe.Charge): Promise<ApplyResult | undefined> {
  const intentId = idOf(charge.payment_intent);
  if (!intentId) return undefined;
  let purchase = await purchaseByPaymentIntent(db, intentId);
  if (!purchase) return undefined;
  // A refund implies the payment succeeded: credit it first if its success has not arrived yet.
  if (!purchase.succeededAt) {
    await creditPurchase(db, purchase, charge.receipt_url ?? null);
    purchase = (await purchaseByPaymentIntent(db, intentId))!;
  }
  const refunds = (await refundsOf(stripe, charge))
    .filter((r) => r.status === "succeeded" || r.status === "pending")
    .sort((a, b) => a.created - b.created || a.id.localeCompare(b.id));
  const shareOf = (cents: number) => Math.min(purchase.credits, Math.round((purchase.credits * cents) / purchase.amount));
  let refundedCents = 0;
  let credited = false;
  for (const refund of refunds) {
    const before = shareOf(refundedCents);
    refundedCents += refund.amount;
    const share = shareOf(refundedCents) - before;
    if (!purchase.userId) continue;
    const result = await takeBackCredits(db, {
      userId: purchase.userId,
      credits: share,
      purchaseId: purchase.id,
      externalRef: refund.id,
      description: `Refund: ${share} of ${purchase.credits} purchased credits`,
    });
    credited ||= result.applied;
  }
  const fully = charge.refunded || charge.amount_refunded >= purchase.amount;
  const t = schema.creditTransactions;
  await db
    .update(p)
    .set({
      status: fully ? "refunded" : "partially_refunded",
      refundedCredits: sql`(select coalesce(-sum(${t.amount}), 0)::int from ${t} where ${t.purchaseId} = ${purchase.id} and ${t.type} = 'credit_refund')`,
      updatedAt: sql`now()`,
    })
    .where(eq(p.id, purchase.id));
  return { purchase: await reread(db, purchase.id), credited };
}

export interface PurchaseListRequest extends PageRequest {
  /** One user's purchases (the CLI's overview of one account). */
  userId?: string;
  /**
   * The purchases of one organisation's members (the app's list): the credits bought went to the organisation's pool,
   * so every member sees what was bought for it and by whom. Neither filter: everyone's (the CLI's overview).
   */
  organisationId?: string;
  /**
   * Also purchases still pending: a PaymentIntent is made as soon as a package is shown, so most pending ones were
   * never paid for. The user's list leaves them out; the CLI's overview shows them.
   */
  includePending?: boolean;
}

export type PurchaseListItem = PurchaseView & { userEmail: string | null };

/** Purchases newest first, paged, with the buyer's email. */
export async function listPurchases(db: DbOrTx, request: PurchaseListRequest): Promise<Page<PurchaseListItem>> {
  const where = and(
    request.userId ? eq(p.userId, request.userId) : undefined,
    request.organisationId ? eq(schema.users.organisationId, request.organisationId) : undefined,
    request.includePending ? undefined : ne(p.status, "pending"),
  );
  const rows = await db
    .select({
      id: p.id,
      credits: p.credits,
      amount: p.amount,
      currency: p.currency,
      status: p.status,
      paymentIntentId: p.paymentIntentId,
      receiptUrl: p.receiptUrl,
      refundedCredits: p.refundedCredits,
      createdAt: p.createdAt,
      succeededAt: p.succeededAt,
      userEmail: schema.users.email,
      cursorKey: cursorKey(keyset),
    })
    .from(p)
    .leftJoin(schema.users, eq(schema.users.id, p.userId))
    .where(and(where, afterCursor(keyset, request.cursor)))
    .orderBy(...newestFirst(keyset))
    .limit(request.limit + 1);
  const [{ total }] = await db.select({ total: count() }).from(p).leftJoin(schema.users, eq(schema.users.id, p.userId)).where(where);
  return toPage(rows, request.limit, total, ({ userEmail, ...row }) => ({ ...purchaseView(row), userEmail }));
}
