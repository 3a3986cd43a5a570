import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { type DbOrTx, schema } from "../../data/db.ts";
import { memberCredits } from "../credits/ledger.ts";
import { AppError } from "../errors.ts";
import type { BillingConfig } from "./config.ts";
import { findCreditPackage } from "./packages.ts";
import { type ApplyResult, applyChargeRefunded, applyPaymentIntent, purchaseByPaymentIntent } from "./purchases.ts";
import type { ConfirmPaymentResponse, CreatePaymentIntentRequest, CreatePaymentIntentResponse } from "./schemas.ts";

/** Stripe could not be reached or refused a call; the server answers 502 with the message. */
export class PaymentProviderError extends Error {}

async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) {
      if (error.type === "StripeInvalidRequestError" && error.statusCode === 404) {
        throw new AppError(404, "Payment not found");
      }
      throw new PaymentProviderError(`Payment provider error: ${error.message}`);
    }
    throw error;
  }
}

/**
 * Starts a purchase: the package is found by its credits and its price comes from the settings; a client-sent amount
 * that disagrees is refused. The PaymentIntent (idempotency key: the purchase id) carries the user, the credits and
 * the purchase in its metadata; the purchase is recorded as pending.
 */
export async function createPaymentIntent(
  db: DbOrTx,
  stripe: Stripe,
  config: BillingConfig,
  userId: string,
  request: CreatePaymentIntentRequest,
): Promise<CreatePaymentIntentResponse> {
  const pkg = await findCreditPackage(db, request.credits);
  if (request.amount !== undefined && request.amount !== pkg.amount) {
    throw new AppError(400, `amount does not match the price of the ${pkg.credits}-credit package (${pkg.amount} cents)`);
  }
  const purchaseId = randomUUID();
  const intent = await callStripe(() =>
    stripe.paymentIntents.create(
      {
        amount: pkg.amount,
        currency: pkg.currency,
        automatic_payment_methods: { enabled: true },
        description: `${pkg.credits} credits`,
        metadata: { userId, credits: String(pkg.credits), purchaseId },
      },
      { idempotencyKey: `purchase-${purchaseId}` },
    ),
  );
  if (!intent.client_secret) throw new PaymentProviderError("Payment provider error: no client secret returned");
  await db.insert(schema.purchases).values({
    id: purchaseId,
    userId,
    credits: pkg.credits,
    amount: pkg.amount,
    currency: pkg.currency,
    paymentIntentId: intent.id,
  });
  return {
    clientSecret: intent.client_secret,
    paymentIntentId: intent.id,
    publishableKey: config.publishableKey,
    credits: pkg.credits,
    amount: pkg.amount,
    currency: pkg.currency,
  };
}

/**
 * The browser's confirmation after Stripe.js reports the payment: the PaymentIntent is read from Stripe (never
 * trusted from the browser) and applied like its webhook, so the user is credited even when the webhook is slow.
 */
export async function confirmPayment(db: DbOrTx, stripe: Stripe, userId: string, paymentIntentId: string): Promise<ConfirmPaymentResponse> {
  const purchase = await purchaseByPaymentIntent(db, paymentIntentId);
  if (!purchase || purchase.userId !== userId) throw new AppError(404, "Payment not found");
  const intent = await callStripe(() => stripe.paymentIntents.retrieve(paymentIntentId, { expand: ["latest_charge"] }));
  const applied = await applyPaymentIntent(db, stripe, intent);
  if (!applied) throw new AppError(404, "Payment not found");
  return { purchase: applied.purchase, balance: await memberCredits(db, userId) };
}

/** Refused webhook: bad or old signature, or no webhook secret configured. Answered with 400; nothing changes. */
export class WebhookSignatureError extends Error {}

/** Signatures older than this are refused (Stripe's default tolerance). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export type WebhookOutcome = { handled: true; event: string; result: ApplyResult | undefined } | { handled: false; event: string };

/**
 * Verifies a Stripe webhook (raw body and Stripe-Signature header, with the webhook secret) and applies it.
 * payment_intent.succeeded credits once; payment_failed and canceled mark the purchase; charge.refunded takes the
 * refunded credits back once per refund. Other events are acknowledged and ignored.
 */
export async function handleStripeWebhook(
  db: DbOrTx,
  stripe: Stripe,
  config: BillingConfig,
  payload: string,
  signature: string | undefined,
  now: Date = new Date(),
): Promise<WebhookOutcome> {
  if (!config.webhookSecret) throw new WebhookSignatureError("Webhook secret is not configured");
  if (!signature) throw new WebhookSignatureError("Missing Stripe-Signature header");
  let event: Stripe.Event;
  try {
    event = await stripe.webhooks.constructEventAsync(
      payload,
      signature,
      config.webhookSecret,
      WEBHOOK_TOLERANCE_SECONDS,
      Stripe.createSubtleCryptoProvider(),
      now.getTime(),
    );
  } catch (error) {
    throw new WebhookSignatureError(error instanceof Error ? error.message : "Invalid signature");
  }
  switch (event.type) {
    case "payment_intent.succeeded":
    case "payment_intent.canceled":
      return { handled: true, event: event.type, result: await applyPaymentIntent(db, stripe, event.data.object) };
    case "payment_intent.payment_failed":
      return { handled: true, event: event.type, result: await applyPaymentIntent(db, stripe, event.data.object, true) };
    case "charge.refunded":
      return { handled: true, event: event.type, result: await applyChargeRefunded(db, stripe, event.data.object) };
    default:
      return { handled: false, event: event.type };
  }
}
