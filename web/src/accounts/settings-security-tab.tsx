import type * as React from "react";
import { useTranslation } from "react-i18next";
import type { AdminSettings } from "../../../lib/admin/schemas.ts";
import { NumberField, readWhole, SettingsCard, type SettingsTabProps, SwitchField } from "../admin/settings-fields";

/** A setting held as a number, with its field's words. */
type Field = { name: { [K in keyof AdminSettings]: AdminSettings[K] extends number ? K : never }[keyof AdminSettings]; labelKey: string; hintKey: string };

/** The sign-in throttles, each counting failures within 15 minutes (lib/auth/login-throttle.ts, the bearer check). */
const SIGN_IN_LIMITS: Field[] = [
  { name: "loginFailuresPerAccount", labelKey: "accounts.settings.loginFailuresPerAccount", hintKey: "accounts.settings.loginFailuresPerAccountHint" },
  { name: "loginFailuresPerAddress", labelKey: "accounts.settings.loginFailuresPerAddress", hintKey: "accounts.settings.loginFailuresPerAddressHint" },
  {
    name: "loginFailuresPerAccountAllAddresses",
    labelKey: "accounts.settings.loginFailuresPerAccountAllAddresses",
    hintKey: "accounts.settings.loginFailuresPerAccountAllAddressesHint",
  },
  { name: "bearerFailuresPerAddress", labelKey: "accounts.settings.bearerFailuresPerAddress", hintKey: "accounts.settings.bearerFailuresPerAddressHint" },
];
const SESSION_MAX_DAYS: Field = { name: "sessionMaxDays", labelKey: "accounts.settings.sessionMaxDays", hintKey: "accounts.settings.sessionMaxDaysHint" };

/** A titled group of fields: a fieldset, so a screen reader names the group with each field in it. */
function FieldGroup({ legend, children }: { legend: string; children: React.ReactNode }) {
  return (
    <fieldset className="grid min-w-0 items-start gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      {children}
    </fieldset>
  );
}

/** /admin/settings Security: "require 2FA for every account", the sign-in limits, and the longest a session lasts. */
export function SecurityTab({ settings, onChange }: SettingsTabProps) {
  const { t } = useTranslation();
  const field = ({ name, labelKey, hintKey }: Field) => (
    <NumberField
      key={name}
      label={t(labelKey)}
      hint={t(hintKey)}
      value={settings[name]}
      onChange={(text) => onChange({ ...settings, [name]: readWhole(text) })}
    />
  );
  return (
    <SettingsCard title={t("accounts.settings.securityTab")} description={t("accounts.settings.securityDescription")} contentClassName="grid gap-6">
      <SwitchField
        label={t("accounts.settings.requireTwoFactor")}
        hint={t("accounts.settings.requireTwoFactorHint")}
        checked={settings.requireTwoFactor ?? false}
        onChange={(requireTwoFactor) => onChange({ ...settings, requireTwoFactor })}
      />
      <FieldGroup legend={t("accounts.settings.signInLimits")}>{SIGN_IN_LIMITS.map(field)}</FieldGroup>
      <FieldGroup legend={t("accounts.settings.sessions")}>{field(SESSION_MAX_DAYS)}</FieldGroup>
    </SettingsCard>
  );
}
