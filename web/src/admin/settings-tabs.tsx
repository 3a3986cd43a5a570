import { useTranslation } from "react-i18next";
import { NumberField, readWhole, SettingsCard, type SettingsTabProps, SwitchField } from "./settings-fields";

/** Search Pricing: credits charged for a manual search and for an automated check. */
export function PricingTab({ settings, onChange }: SettingsTabProps) {
  const { t } = useTranslation();
  return (
    <SettingsCard title={t("admin.settings.pricingTab")} description={t("admin.settings.pricingDescription")} contentClassName="grid gap-4 sm:grid-cols-2">
      <NumberField
        label={t("admin.settings.manualSearchCost")}
        hint={t("admin.settings.manualSearchCostHint")}
        value={settings.manualSearchCost}
        onChange={(text) => onChange({ ...settings, manualSearchCost: readWhole(text) })}
      />
      <NumberField
        label={t("admin.settings.automatedSearchCost")}
        hint={t("admin.settings.automatedSearchCostHint")}
        value={settings.automatedSearchCost}
        onChange={(text) => onChange({ ...settings, automatedSearchCost: readWhole(text) })}
      />
    </SettingsCard>
  );
}

/**
 * Registration: the new user's free credits, whether anyone may register, and how many registrations one client
 * address may make per hour (a bound on scripted sign-ups and on probing which addresses have accounts).
 */
export function RegistrationTab({ settings, onChange }: SettingsTabProps) {
  const { t } = useTranslation();
  return (
    <SettingsCard title={t("admin.settings.registrationTab")} description={t("admin.settings.registrationDescription")} contentClassName="grid gap-6">
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <NumberField
          label={t("admin.settings.initialCredits")}
          hint={t("admin.settings.initialCreditsHint")}
          value={settings.initialCredits}
          onChange={(text) => onChange({ ...settings, initialCredits: readWhole(text) })}
        />
        <NumberField
          label={t("admin.settings.registrationsPerAddressPerHour")}
          hint={t("admin.settings.registrationsPerAddressPerHourHint")}
          value={settings.registrationsPerAddressPerHour}
          onChange={(text) => onChange({ ...settings, registrationsPerAddressPerHour: readWhole(text) })}
        />
      </div>
      <SwitchField
        label={t("admin.settings.registrationOpen")}
        hint={t("admin.settings.registrationOpenHint")}
        checked={settings.registrationOpen}
        onChange={(registrationOpen) => onChange({ ...settings, registrationOpen })}
      />
    </SettingsCard>
  );
}

/** Records: how many years a screening record is kept before the daily purge (legal holds keep it longer). */
export function RecordsTab({ settings, onChange }: SettingsTabProps) {
  const { t } = useTranslation();
  return (
    <SettingsCard title={t("admin.settings.recordsTab")} description={t("admin.settings.recordsDescription")} contentClassName="sm:max-w-xs">
      <NumberField
        label={t("admin.settings.retentionYears")}
        hint={t("admin.settings.retentionYearsHint")}
        value={settings.retentionYears}
        onChange={(text) => onChange({ ...settings, retentionYears: readWhole(text) })}
      />
    </SettingsCard>
  );
}
