import { useTranslation } from "react-i18next";
import { SettingsCard, type SettingsTabProps, SwitchField } from "./settings-fields";

/** Review: whether a decision on a hit waits for a second person (four eyes) before it takes effect. */
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
    </SettingsCard>
  );
}
