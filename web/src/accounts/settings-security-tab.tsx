import { useTranslation } from "react-i18next";
import { SettingsCard, type SettingsTabProps, SwitchField } from "../admin/settings-fields";

/** /admin/settings Security: "require 2FA for every account". */
export function SecurityTab({ settings, onChange }: SettingsTabProps) {
  const { t } = useTranslation();
  return (
    <SettingsCard title={t("accounts.settings.securityTab")} description={t("accounts.settings.securityDescription")}>
      <SwitchField
        label={t("accounts.settings.requireTwoFactor")}
        hint={t("accounts.settings.requireTwoFactorHint")}
        checked={settings.requireTwoFactor ?? false}
        onChange={(requireTwoFactor) => onChange({ ...settings, requireTwoFactor })}
      />
    </SettingsCard>
  );
}
