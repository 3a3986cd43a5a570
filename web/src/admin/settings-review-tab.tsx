import { useTranslation } from "react-i18next";
import { SettingsCard, type SettingsTabProps, SwitchField } from "./settings-fields";

/**
 * Review: whether a decision on a hit waits for a second person (four eyes) before it takes effect, and whether
 * clearing a sanctions match needs a written reason, and whether a foreign PEP weighs more than a domestic one.
 */
export function ReviewTab({ settings, onChange }: SettingsTabProps) {
  const { t } = useTranslation();
  return (
    <SettingsCard title={t("reviews.settings.tab")} description={t("reviews.settings.description")}>
      <SwitchField
        label={t("reviews.settings.fourEyes")}
        hint={t("reviews.settings.fourEyesHint")}
        checked={settings.fourEyesReview}
        onChange={(fourEyesReview) => onChange({ ...settings, fourEyesReview })}
      />
      <SwitchField
        label={t("clearance.setting")}
        hint={t("clearance.settingHint")}
        checked={settings.writtenReasonToClearMatch}
        onChange={(writtenReasonToClearMatch) => onChange({ ...settings, writtenReasonToClearMatch })}
      />
      <SwitchField
        label={t("admin.settings.foreignPepHigherRisk")}
        hint={t("admin.settings.foreignPepHigherRiskHint")}
        checked={settings.foreignPepHigherRisk}
        onChange={(foreignPepHigherRisk) => onChange({ ...settings, foreignPepHigherRisk })}
      />
    </SettingsCard>
  );
}
