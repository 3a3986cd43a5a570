import { useTranslation } from "react-i18next";
import { SettingsCard, type SettingsTabProps, SwitchField } from "./settings-fields";

/** Outgoing requests: whether webhook deliveries and dataset downloads may reach private and loopback addresses. */
export function NetworkTab({ settings, onChange }: SettingsTabProps) {
  const { t } = useTranslation();
  return (
    <SettingsCard title={t("admin.settings.networkTab")} description={t("admin.settings.networkDescription")}>
      <SwitchField
        label={t("admin.settings.allowPrivateNetworks")}
        hint={t("admin.settings.allowPrivateNetworksHint")}
        checked={settings.webhooksAllowPrivateNetworks}
        onChange={(webhooksAllowPrivateNetworks) => onChange({ ...settings, webhooksAllowPrivateNetworks })}
      />
    </SettingsCard>
  );
}
