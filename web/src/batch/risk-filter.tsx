import { RISK_LABEL_KEYS } from "@duecheck/react/views/search/risk";
import { Button } from "@duecheck/ui/button";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { RISK_LEVELS, type RiskLevel } from "./types";

/** All, Critical, High, Medium, Low: toggle buttons, the chosen one pressed. */
export function RiskFilter({ value, onChange }: { value: RiskLevel | undefined; onChange: (value: RiskLevel | undefined) => void }) {
  const { t } = useTranslation();
  const labelId = useId();
  const options: { value: RiskLevel | undefined; label: string }[] = [
    { value: undefined, label: t("batch.riskAll") },
    ...RISK_LEVELS.map((level) => ({ value: level, label: t(RISK_LABEL_KEYS[level]) })),
  ];
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span id={labelId} className="text-sm font-medium">
        {t("batch.riskFilter")}
      </span>
      {/* biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons named by the label beside it; a fieldset would need a legend and change the layout */}
      <div role="group" aria-labelledby={labelId} className="flex flex-wrap gap-1.5">
        {options.map((option) => {
          const pressed = option.value === value;
          return (
            <Button
              key={option.value ?? "all"}
              size="sm"
              variant={pressed ? "default" : "outline"}
              aria-pressed={pressed}
              onClick={() => onChange(option.value)}
            >
              {option.label}
            </Button>
          );
        })}
      </div>
    </div>
  );
}
