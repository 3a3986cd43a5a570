import { Alert, AlertDescription } from "@duecheck/ui/alert";
import { AlertTriangleIcon, CircleSlashIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { CreditBalance } from "../../../lib/auth/schemas.ts";
import { balanceLevel } from "./use-credit-balance";

/** 'No credits remaining ...' at 0, 'Low balance ...' from 1 to 10, nothing otherwise. */
export function LowBalanceAlert({ balance }: { balance: Pick<CreditBalance, "balance" | "unlimited"> }) {
  const { t } = useTranslation();
  const level = balanceLevel(balance);
  if (level === "empty") {
    return (
      <Alert variant="destructive">
        <CircleSlashIcon aria-hidden />
        <AlertDescription>{t("credits.noCredits")}</AlertDescription>
      </Alert>
    );
  }
  if (level === "low") {
    return (
      <Alert variant="warning">
        <AlertTriangleIcon aria-hidden />
        <AlertDescription>{t("credits.lowBalance")}</AlertDescription>
      </Alert>
    );
  }
  return null;
}
