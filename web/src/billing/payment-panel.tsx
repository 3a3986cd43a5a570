import { DuecheckError } from "@duecheck/react/api/errors";
import { Alert, AlertDescription, AlertTitle } from "@duecheck/ui/alert";
import { Button } from "@duecheck/ui/button";
import { Skeleton } from "@duecheck/ui/skeleton";
import { toast } from "@duecheck/ui/use-toast";
import { Elements } from "@stripe/react-stripe-js";
import { useQuery } from "@tanstack/react-query";
import { AlertCircleIcon, RotateCwIcon } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { CreditPackageView } from "../../../lib/billing/schemas.ts";
import { serverErrorText } from "../lib/api";
import { NotConfiguredMessage } from "./not-configured-message";
import { PaymentForm } from "./payment-form";
import type { PaymentOutcome } from "./payment-outcome";
import { stripeFor } from "./stripe-js";
import { MissingClientSecretError, usePaymentIntent } from "./use-payment-intent";

/** The payment intent of the chosen package and, once Stripe.js is loaded, its Payment Element. */
export function PaymentPanel({ pkg, onOutcome }: { pkg: CreditPackageView; onOutcome: (outcome: PaymentOutcome) => void }) {
  const { t, i18n } = useTranslation();
  const intent = usePaymentIntent(pkg.credits);
  const publishableKey = intent.data?.publishableKey;
  const stripe = useQuery({
    queryKey: ["billing", "stripe-js", publishableKey],
    queryFn: async () => {
      const loaded = await stripeFor(publishableKey ?? "");
      if (!loaded) throw new Error("Stripe.js not available");
      return loaded;
    },
    enabled: !!publishableKey,
  });
  const failure = intent.error ?? stripe.error;
  const failureTitle = intent.error instanceof MissingClientSecretError ? t("billing.noClientSecret") : t("billing.initFailed");
  const failureDetail = intent.error ? serverErrorText(intent.error) : t("billing.stripeUnavailable");

  // Every failure is also a toast; the panel keeps the retry.
  useEffect(() => {
    if (failure && !isNotConfigured(failure)) toast({ variant: "destructive", title: failureTitle, description: failureDetail });
  }, [failure, failureTitle, failureDetail]);

  if (isNotConfigured(intent.error)) return <NotConfiguredMessage />;
  if (failure) {
    return (
      <div className="grid gap-3">
        <Alert variant="destructive">
          <AlertCircleIcon aria-hidden />
          <AlertTitle>{failureTitle}</AlertTitle>
          {failureDetail && <AlertDescription>{failureDetail}</AlertDescription>}
        </Alert>
        <Button variant="outline" className="justify-self-start" onClick={() => void (intent.error ? intent.refetch() : stripe.refetch())}>
          <RotateCwIcon aria-hidden />
          {t("billing.tryAgain")}
        </Button>
      </div>
    );
  }
  if (!intent.data || !stripe.data) {
    return (
      <div className="grid gap-3" role="status" aria-busy="true" aria-label={t("billing.preparing")}>
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  const dark = document.documentElement.classList.contains("dark");
  return (
    // A new intent is a new <Elements>: its clientSecret cannot change once mounted.
    <Elements
      key={intent.data.clientSecret}
      stripe={stripe.data}
      options={{
        clientSecret: intent.data.clientSecret,
        locale: i18n.language as "en" | "de" | "es" | "fr",
        appearance: { theme: dark ? "night" : "stripe" },
      }}
    >
      <PaymentForm intent={intent.data} onOutcome={onOutcome} />
    </Elements>
  );
}

/** The server's 503 when Stripe has no secret key (configured after the page loaded, or removed). */
function isNotConfigured(error: unknown) {
  return error instanceof DuecheckError && error.status === 503;
}
