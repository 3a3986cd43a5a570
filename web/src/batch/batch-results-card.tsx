import { Card, CardContent, CardHeader, CardTitle } from "@duecheck/ui/card";
import type * as React from "react";
import { useTranslation } from "react-i18next";
import { RiskFilter } from "./risk-filter";
import type { RiskLevel } from "./types";

/** A batch's results under their title and the risk level filter; `children` draws the rows and their states. */
export function BatchResultsCard({
  riskLevel,
  onRiskLevelChange,
  contentClassName,
  children,
}: {
  riskLevel: RiskLevel | undefined;
  onRiskLevelChange: (riskLevel: RiskLevel | undefined) => void;
  contentClassName?: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader className="grid gap-3">
        <CardTitle>{t("batch.resultsTitle")}</CardTitle>
        <RiskFilter value={riskLevel} onChange={onRiskLevelChange} />
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
