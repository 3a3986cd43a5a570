import { Button } from "@duecheck/ui/button";
import { Spinner } from "@duecheck/ui/spinner";
import { PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { LockIcon } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { CreatePaymentIntentResponse } from "../../../lib/billing/schemas.ts";
import { useMoney } from "./money";
import { outcomeOfConfirmation, type PaymentOutcome } from "./payment-outcome";
import { useConfirmPurchase } from "./use-confirm-purchase";

/** Where Stripe sends the browser back after a payment method that needs a redirect (3-D Secure pages, banks). */
export function returnUrl() {
  return `${window.location.origin}/buy-credits`;
}

/**
 * The Payment Element and the Pay button, inside <Elements>: Stripe.js confirms the payment (staying on the page
 * unless the method needs a redirect), then the server confirms and credits it.
 */
export function PaymentForm({ intent, onOutcome }: { intent: CreatePaymentIntentResponse; onOutcome: (outcome: PaymentOutcome) => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const stripe = useStripe();
  const elements = useElements();
  const confirmPurchase = useConfirmPurchase();
  const [ready, setReady] = useState(false);
  const [paying, setPaying] = useState(false);
  const [fieldError, setFieldError] = useState<string>();
  const price = money.cents(intent.amount, intent.currency);

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements || paying) return;
    setPaying(true);
    setFieldError(undefined);
    try {
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        redirect: "if_required",
        confirmParams: { return_url: returnUrl() },
      });
      if (error) {
        // Incomplete or invalid card details: the user corrects them in the form; anything else ends the attempt.
        if (error.type === "validation_error") {
          setFieldError(error.message);
          return;
        }
        // The server records the declined attempt in the purchases too (Stripe's own event may come later or never).
        if (error.payment_intent) await confirmPurchase.mutateAsync({ paymentIntentId: error.payment_intent.id }).catch(() => undefined);
        onOutcome({ kind: "failed", message: error.message });
        return;
      }
      if (paymentIntent.status !== "succeeded") {
        onOutcome({ kind: "processing" });
        return;
      }
      onOutcome(await confirmWithServer(paymentIntent.id));
    } finally {
      setPaying(false);
    }
  }

  async function confirmWithServer(paymentIntentId: string): Promise<PaymentOutcome> {
    try {
      return outcomeOfConfirmation(await confirmPurchase.mutateAsync({ paymentIntentId }));
    } catch {
      // Stripe took the payment: its payment_intent.succeeded event credits it even though this call failed.
      return { kind: "processing" };
    }
  }

  return (
    <form onSubmit={pay} className="grid gap-4" aria-label={t("billing.paymentFormLabel")}>
      <div data-testid="payment-element" className="min-h-24">
        <PaymentElement onReady={() => setReady(true)} options={{ layout: "tabs" }} />
      </div>
      {!ready && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner className="size-4" aria-hidden />
          {t("billing.loadingForm")}
        </p>
      )}
      {fieldError && (
        <p role="alert" className="text-sm text-destructive">
          {fieldError}
        </p>
      )}
      <Button type="submit" size="lg" disabled={!stripe || !elements || !ready || paying}>
        {paying ? <Spinner className="size-4" aria-hidden /> : <LockIcon aria-hidden />}
        {paying ? t("billing.paying") : t("billing.pay", { price })}
      </Button>
      <p className="text-xs text-muted-foreground">{t("billing.securedByStripe")}</p>
    </form>
  );
}
