/**
 * The billing calls' contract, shared by the server, the web (/buy-credits, the credit history) and the CLI.
 * Amounts are in the currency's minor unit (cents); a package's `price` is in whole US dollars as stored in the
 * system settings.
 */
import { z } from "zod";

export const PAYMENT_NOT_CONFIGURED_MESSAGE = "Payment Configuration Required: Stripe payment integration needs to be configured. Please contact support.";

/** POST /api/credits/create-payment-intent. `amount` (cents) is optional; when sent it must equal the server's price. */
export const createPaymentIntentRequestSchema = z.object({
  credits: z.number({ error: "credits must be a number" }).int("credits must be a whole number").positive("credits must be positive"),
  amount: z.number({ error: "amount must be a number" }).nonnegative("amount must not be negative").optional(),
});
export type CreatePaymentIntentRequest = z.infer<typeof createPaymentIntentRequestSchema>;

export interface CreatePaymentIntentResponse {
  clientSecret: string;
  paymentIntentId: string;
  publishableKey: string;
  credits: number;
  /** Cents. */
  amount: number;
  currency: string;
}

/** POST /api/billing/confirm: the browser's confirmation after Stripe.js reports success. */
export const confirmPaymentRequestSchema = z.object({
  paymentIntentId: z.string().regex(/^pi_[A-Za-z0-9_]{1,200}$/, "paymentIntentId must be a PaymentIntent id"),
});
export type ConfirmPaymentRequest = z.infer<typeof confirmPaymentRequestSchema>;

/** The environment variables card payments need, in the order an administrator sets them up. */
export const STRIPE_SETTINGS = ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"] as const;
export type StripeSetting = (typeof STRIPE_SETTINGS)[number];

/**
 * GET /api/billing/config. An administrator's answer also names the Stripe settings still unset (`missingSettings`),
 * so the page can say what to set; a user's answer never carries the server's configuration.
 */
export type BillingConfigView = ({ configured: false } | { configured: true; publishableKey: string }) & { missingSettings?: StripeSetting[] };

/** One package of GET /api/billing/packages. */
export interface CreditPackageView {
  credits: number;
  /** Whole US dollars, as in the system settings. */
  price: number;
  /** Cents: what the card is charged. */
  amount: number;
  currency: "usd";
  /** USD per credit (price / credits), unrounded. */
  pricePerCredit: number;
  popular: boolean;
  /** The one selected when the screen opens (500 credits by default; else the popular one, else the first). */
  defaultSelected: boolean;
  description: string | null;
}

export interface CreditPackagesResponse {
  packages: CreditPackageView[];
}

export const PURCHASE_STATUSES = ["pending", "succeeded", "failed", "canceled", "refunded", "partially_refunded"] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

/** A purchase in the user's history (GET /api/billing/purchases, paged like every list: items, nextCursor, total). */
export interface PurchaseView {
  id: string;
  credits: number;
  /** Cents. */
  amount: number;
  currency: string;
  status: PurchaseStatus;
  paymentIntentId: string;
  receiptUrl: string | null;
  /** Credits taken back by refunds (may be fewer than refunded when they were already spent). */
  refundedCredits: number;
  createdAt: string;
  succeededAt: string | null;
}

/** POST /api/billing/confirm's answer: the purchase as it stands after applying Stripe's state. */
export interface ConfirmPaymentResponse {
  purchase: PurchaseView;
  /** The user's balance afterwards. */
  balance: number;
}
