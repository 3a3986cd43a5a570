import { Badge } from "@duecheck/ui/badge";
import { useTranslation } from "react-i18next";

export function TwoFactorStatusBadge({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge variant={enabled ? "success" : "secondary"} data-testid="two-factor-status">
      {enabled ? t("twoFactor.enabled") : t("twoFactor.disabled")}
    </Badge>
  );
}
