import type { ConfirmPaymentResponse } from "../../../lib/billing/schemas.ts";

/** How a payment on /buy-credits ended, as the outcome card shows it. */
export type PaymentOutcome =
  | { kind: "succeeded"; credits: number; balance: number }
  /** Stripe or the server has not settled it yet: the credits follow Stripe's payment_intent.succeeded event. */
  | { kind: "processing" }
  | { kind: "failed"; message: string | undefined };

/** The outcome of the server's answer to POST /api/billing/confirm. */
export function outcomeOfConfirmation({ purchase, balance }: ConfirmPaymentResponse): PaymentOutcome {
  if (purchase.status === "succeeded") return { kind: "succeeded", credits: purchase.credits, balance };
  if (purchase.status === "pending") return { kind: "processing" };
  return { kind: "failed", message: undefined };
}
