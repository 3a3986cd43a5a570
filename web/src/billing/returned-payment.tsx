import { Spinner } from "@duecheck/ui/spinner";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { outcomeOfConfirmation, type PaymentOutcome } from "./payment-outcome";
import { useConfirmPurchase } from "./use-confirm-purchase";

/** Back from a payment method's redirect: the server confirms the PaymentIntent Stripe named in the URL. */
export function ReturnedPayment({ paymentIntentId, onOutcome }: { paymentIntentId: string; onOutcome: (outcome: PaymentOutcome) => void }) {
  const { t } = useTranslation();
  const confirm = useConfirmPurchase();
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    confirm.mutate(
      { paymentIntentId },
      {
        onSuccess: (answer) => onOutcome(outcomeOfConfirmation(answer)),
        onError: () => onOutcome({ kind: "processing" }),
      },
    );
  }, [confirm, paymentIntentId, onOutcome]);

  return (
    <p className="flex items-center gap-2 text-muted-foreground" role="status">
      <Spinner className="size-4" aria-hidden />
      {t("billing.confirming")}
    </p>
  );
}
