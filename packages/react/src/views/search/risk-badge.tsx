import { Badge } from "@duecheck/ui/badge";
import { cn } from "@duecheck/ui/utils";
import type { RiskLevel } from "@lib/screening/results.ts";
import { useTranslation } from "react-i18next";
import { RISK_LABEL_KEYS, riskBadgeVariant } from "./risk";

/** 'Critical Risk', 'High Risk', 'Medium Risk', 'Low Risk', or 'Pending' when there is no level yet. */
export function RiskBadge({ level, failed = false, className }: { level: RiskLevel | null; failed?: boolean; className?: string }) {
  const { t } = useTranslation();
  if (!level) {
    return (
      <Badge variant={failed ? "destructive" : "outline"} className={className} data-testid="risk-badge">
        {failed ? t("risk.failed") : t("risk.pending")}
      </Badge>
    );
  }
  return (
    <Badge
      variant={riskBadgeVariant(level)}
      // Critical stands out from high: a heavier weight and a ring in the destructive colour.
      className={cn(level === "critical" && "font-semibold ring-2 ring-destructive/40", className)}
      data-testid="risk-badge"
      data-level={level}
    >
      {t(RISK_LABEL_KEYS[level])}
    </Badge>
  );
}
