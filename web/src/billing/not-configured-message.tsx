import { Alert, AlertDescription, AlertTitle } from "@duecheck/ui/alert";
import { AlertTriangleIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { StripeSetting } from "../../../lib/billing/schemas.ts";

/**
 * The inline message when Stripe is not set up: no form, nothing else. A user reads the plain message; an
 * administrator (whose answer names the missing settings) reads which settings to set, since no one else can.
 */
export function NotConfiguredMessage({ missingSettings }: { missingSettings?: StripeSetting[] }) {
  const { t } = useTranslation();
  if (!missingSettings?.length) {
    return (
      <Alert variant="warning" data-testid="payment-not-configured">
        <AlertTriangleIcon aria-hidden />
        <AlertDescription>{t("billing.notConfigured")}</AlertDescription>
      </Alert>
    );
  }
  return (
    <Alert variant="warning" data-testid="payment-not-configured">
      <AlertTriangleIcon aria-hidden />
      <AlertTitle>{t("billing.notConfiguredAdminTitle")}</AlertTitle>
      <AlertDescription className="grid gap-2">
        <p>{t("billing.notConfiguredAdmin")}</p>
        <ul className="list-disc pl-5" aria-label={t("billing.missingSettings")}>
          {missingSettings.map((name) => (
            <li key={name}>
              <code className="font-mono text-xs">{name}</code>
              {" — "}
              {t(`billing.setting.${name}`)}
            </li>
          ))}
        </ul>
        <p>{t("billing.notConfiguredAdminRestart")}</p>
      </AlertDescription>
    </Alert>
  );
}
