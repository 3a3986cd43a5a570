import { DECISION_REASONS, type DecisionReason } from "@lib/review/contract.ts";
import { useTranslation } from "react-i18next";

/** A decision's reason in the interface language; a reason this build does not know is shown as stored. */
export function useReasonLabel() {
  const { t } = useTranslation();
  return (reason: string) => ((DECISION_REASONS as readonly string[]).includes(reason) ? t(`review.reason.${reason as DecisionReason}`) : reason);
}
