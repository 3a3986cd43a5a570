import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq, sum } from "drizzle-orm";
import type Stripe from "stripe";
import { type Database, schema } from "../../data/db.ts";
import { type BillingConfig, loadBillingConfig, stripeClient, stripeConnection } from "../../lib/billing/config.ts";
import { confirmPayment, createPaymentIntent, handleStripeWebhook } from "../../lib/billing/payments.ts";
import { purchaseByPaymentIntent } from "../../lib/billing/purchases.ts";
import { changeCredits } from "../../lib/credits/ledger.ts";
import { seedSystemSettings } from "../../lib/settings/system-settings.ts";
import { createUser } from "../helpers/app.ts";
import { balanceOf } from "../helpers/credits.ts";
import { openTestDatabase } from "../helpers/database.ts";
import { type StripeStandIn, signStripePayload, startStripeServer } from "../helpers/stripe-server.ts";

let database: Database;
let standIn: StripeStandIn;
let config: BillingConfig;
let stripe: Stripe;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedSystemSettings(database.db);
  standIn = startStripeServer();
  config = { secretKey: standIn.secretKey, publishableKey: "pk_test_standin", webhookSecret: "whsec_lib_test", apiUrl: standIn.url };
  stripe = stripeClient(config);
});
afterAll(async () => {
  standIn?.stop();
  await database?.close();
});

const db = () => database.db;
const ledgerSum = async (userId: string) =>
  Number(
    (
      await db()
        .select({ total: sum(schema.creditTransactions.amount) })
        .from(schema.creditTransactions)
        .where(eq(schema.creditTransactions.userId, userId))
    )[0].total,
  );
const entries = (userId: string, type: "credit_purchase" | "credit_refund") =>
  db()
    .select()
    .from(schema.creditTransactions)
    .where(and(eq(schema.creditTransactions.userId, userId), eq(schema.creditTransactions.type, type)));
const deliver = (type: string, object: Record<string, unknown>) => {
  const payload = standIn.event(type, object);
  return handleStripeWebhook(db(), stripe, config, payload, signStripePayload(payload, config.webhookSecret!));
};
let users = 0;
/** A user whose balance is all in the ledger: 25 welcome credits, plus an admin credit when asked. */
const newUser = async (credits = 25) => {
  const user = await createUser(db(), { email: `buyer${++users}@example.com`, password: "password1" });
  if (credits > 25) await changeCredits(db(), { userId: user.id, type: "admin_credit", amount: credits - 25 });
  return user;
};

describe("billing: buying credits", () => {
  test("configuration: no secret key is 'not configured'; STRIPE_API_URL becomes the SDK's host, port and protocol", () => {
    expect(loadBillingConfig({ STRIPE_PUBLISHABLE_KEY: "pk_test_x" })).toBeNull();
    expect(loadBillingConfig({ STRIPE_SECRET_KEY: "sk_test_x" })).toEqual({
      secretKey: "sk_test_x",
      publishableKey: "",
      webhookSecret: null,
      apiUrl: "https://api.stripe.com",
    });
    expect(stripeConnection("https://api.stripe.com")).toEqual({ host: "api.stripe.com", port: 443, protocol: "https" });
    expect(stripeConnection("http://127.0.0.1:12111")).toEqual({ host: "127.0.0.1", port: 12111, protocol: "http" });
    expect(() => loadBillingConfig({ STRIPE_SECRET_KEY: "sk_test_x", STRIPE_API_URL: "ftp://stripe" })).toThrow("STRIPE_API_URL");
  });

  test("the price comes from the settings: a PaymentIntent of $109.00 for 500 credits, with metadata and an idempotency key, and a pending purchase", async () => {
    const user = await newUser();
    const answer = await createPaymentIntent(db(), stripe, config, user.id, { credits: 500 });
    expect(answer).toMatchObject({ credits: 500, amount: 10900, currency: "usd", publishableKey: "pk_test_standin" });
    expect(answer.clientSecret).toStartWith(`${answer.paymentIntentId}_secret_`);
    const purchase = await purchaseByPaymentIntent(db(), answer.paymentIntentId);
    expect(purchase).toMatchObject({ userId: user.id, credits: 500, amount: 10900, status: "pending", receiptUrl: null });
    const sent = standIn.requests.findLast((r) => r.method === "POST")!;
    expect(sent.params).toMatchObject({
      amount: "10900",
      currency: "usd",
      automatic_payment_methods: { enabled: "true" },
      metadata: { userId: user.id, credits: "500", purchaseId: purchase!.id },
    });
    expect(sent.idempotencyKey).toBe(`purchase-${purchase!.id}`);
    expect(await balanceOf(db(), user.id)).toBe(25);
  });

  test("a client amount that disagrees with the price, or an unknown package, is refused and creates nothing", async () => {
    const user = await newUser();
    const before = standIn.intents.size;
    await expect(createPaymentIntent(db(), stripe, config, user.id, { credits: 500, amount: 100 })).rejects.toMatchObject({ status: 400 });
    await expect(createPaymentIntent(db(), stripe, config, user.id, { credits: 123 })).rejects.toMatchObject({ status: 400 });
    expect(standIn.intents.size).toBe(before);
    expect(await db().select().from(schema.purchases).where(eq(schema.purchases.userId, user.id))).toEqual([]);
    const agreed = await createPaymentIntent(db(), stripe, config, user.id, { credits: 100, amount: 2900 });
    expect(agreed.amount).toBe(2900);
  });

  test("the same payment_intent.succeeded delivered 20 times at once credits once, with the receipt", async () => {
    const user = await newUser();
    const { paymentIntentId } = await createPaymentIntent(db(), stripe, config, user.id, { credits: 1000 });
    const intent = standIn.succeed(paymentIntentId);
    const payload = standIn.event("payment_intent.succeeded", intent);
    const header = signStripePayload(payload, config.webhookSecret!);
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => handleStripeWebhook(db(), stripe, config, payload, header)));
    expect(outcomes.filter((o) => o.handled && o.result?.credited).length).toBe(1);
    expect(await balanceOf(db(), user.id)).toBe(1025);
    const purchases = await entries(user.id, "credit_purchase");
    expect(purchases.map((e) => [e.amount, e.externalRef])).toEqual([[1000, paymentIntentId]]);
    const purchase = await purchaseByPaymentIntent(db(), paymentIntentId);
    expect(purchase?.status).toBe("succeeded");
    expect(purchase?.receiptUrl).toStartWith("https://pay.stripe.com/receipts/");
    expect(purchases[0].purchaseId).toBe(purchase!.id);
  });

  test("the browser's confirmation and the webhook together credit once; a payment not yet made credits nothing", async () => {
    const user = await newUser();
    const { paymentIntentId } = await createPaymentIntent(db(), stripe, config, user.id, { credits: 500 });
    const early = await confirmPayment(db(), stripe, user.id, paymentIntentId);
    expect(early).toMatchObject({ purchase: { status: "pending" }, balance: 25 });
    const other = await newUser();
    await expect(confirmPayment(db(), stripe, other.id, paymentIntentId)).rejects.toMatchObject({ status: 404 });

    const intent = standIn.succeed(paymentIntentId);
    const [confirmed] = await Promise.all([
      confirmPayment(db(), stripe, user.id, paymentIntentId),
      deliver("payment_intent.succeeded", intent),
      confirmPayment(db(), stripe, user.id, paymentIntentId),
    ]);
    expect(confirmed.purchase.status).toBe("succeeded");
    expect(await balanceOf(db(), user.id)).toBe(525);
    expect((await entries(user.id, "credit_purchase")).length).toBe(1);
  });

  test("failed and canceled payments are recorded and credit nothing", async () => {
    const user = await newUser();
    const failed = await createPaymentIntent(db(), stripe, config, user.id, { credits: 100 });
    await deliver("payment_intent.payment_failed", standIn.fail(failed.paymentIntentId));
    const canceled = await createPaymentIntent(db(), stripe, config, user.id, { credits: 100 });
    await deliver("payment_intent.canceled", standIn.cancel(canceled.paymentIntentId));
    expect((await purchaseByPaymentIntent(db(), failed.paymentIntentId))?.status).toBe("failed");
    expect((await purchaseByPaymentIntent(db(), canceled.paymentIntentId))?.status).toBe("canceled");
    expect(await balanceOf(db(), user.id)).toBe(25);
    expect(await deliver("customer.created", { id: "cus_1", object: "customer" })).toEqual({ handled: false, event: "customer.created" });
  });

  test("a refund takes the refunded share back once per refund, never below zero: spent credits are recorded as not recovered", async () => {
    const user = await newUser();
    const { paymentIntentId } = await createPaymentIntent(db(), stripe, config, user.id, { credits: 1000 });
    await deliver("payment_intent.succeeded", standIn.succeed(paymentIntentId));
    expect(await balanceOf(db(), user.id)).toBe(1025);

    // Half refunded: 500 credits back, delivered twice at once.
    const half = standIn.refund(paymentIntentId, 9950);
    await Promise.all([deliver("charge.refunded", half.charge), deliver("charge.refunded", half.charge)]);
    expect(await balanceOf(db(), user.id)).toBe(525);
    expect(await purchaseByPaymentIntent(db(), paymentIntentId)).toMatchObject({ status: "partially_refunded", refundedCredits: 500 });

    // 500 are spent on searches; the rest of the payment is refunded: only the 25 left can be taken back.
    for (let i = 0; i < 50; i++) await changeCredits(db(), { userId: user.id, type: "manual_search", amount: -10 });
    const rest = standIn.refund(paymentIntentId);
    await deliver("charge.refunded", rest.charge);
    await deliver("charge.refunded", rest.charge);
    expect(await balanceOf(db(), user.id)).toBe(0);
    const refunds = await entries(user.id, "credit_refund");
    expect(refunds.map((e) => e.amount).sort((a, b) => a - b)).toEqual([-500, -25]);
    expect(refunds.find((e) => e.externalRef === rest.refund.id)?.description).toContain("475 already spent, not recovered");
    expect(await purchaseByPaymentIntent(db(), paymentIntentId)).toMatchObject({ status: "refunded", refundedCredits: 525 });
    expect(await ledgerSum(user.id)).toBe(0);
  });

  test("50 purchases and 50 searches of one user interleaved leave the balance equal to the ledger's sum", async () => {
    const user = await newUser(500);
    const intents = await Promise.all(Array.from({ length: 50 }, () => createPaymentIntent(db(), stripe, config, user.id, { credits: 100 })));
    const work = intents.flatMap(({ paymentIntentId }) => [
      deliver("payment_intent.succeeded", standIn.succeed(paymentIntentId)),
      changeCredits(db(), { userId: user.id, type: "manual_search", amount: -10 }).catch(() => null),
    ]);
    await Promise.all(work);
    const balance = await balanceOf(db(), user.id);
    expect(balance).toBe(await ledgerSum(user.id));
    expect((await entries(user.id, "credit_purchase")).length).toBe(50);
    // 500 + 50 × 100 − 50 × 10: every search found credits (the balance never fell below 500 − 500).
    expect(balance).toBe(5000);
  });
});
