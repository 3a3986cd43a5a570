import { Alert, AlertDescription } from "@duecheck/ui/alert";
import { AlertTriangleIcon } from "lucide-react";
import { useTranslation } from "react-i18next";

/** The inline message when Stripe is not set up: no form, nothing else. */
export function NotConfiguredMessage() {
  const { t } = useTranslation();
  return (
    <Alert variant="warning" data-testid="payment-not-configured">
      <AlertTriangleIcon aria-hidden />
      <AlertDescription>{t("billing.notConfigured")}</AlertDescription>
    </Alert>
  );
}
