import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@duecheck/ui/card";
import { Label } from "@duecheck/ui/label";
import { Switch } from "@duecheck/ui/switch";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { AdminSettings } from "../../../lib/admin/schemas.ts";
import { NumberField, readWhole } from "./settings-fields";

type TabProps = { settings: AdminSettings; onChange: (settings: AdminSettings) => void };

/** Search Pricing: credits charged for a manual search and for an automated check. */
export function PricingTab({ settings, onChange }: TabProps) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("admin.settings.pricingTab")}</CardTitle>
        <CardDescription>{t("admin.settings.pricingDescription")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">
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
      </CardContent>
    </Card>
  );
}

/** Registration: the new user's free credits and whether anyone may register. */
export function RegistrationTab({ settings, onChange }: TabProps) {
  const { t } = useTranslation();
  const switchId = useId();
  const hintId = useId();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("admin.settings.registrationTab")}</CardTitle>
        <CardDescription>{t("admin.settings.registrationDescription")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="sm:max-w-xs">
          <NumberField
            label={t("admin.settings.initialCredits")}
            hint={t("admin.settings.initialCreditsHint")}
            value={settings.initialCredits}
            onChange={(text) => onChange({ ...settings, initialCredits: readWhole(text) })}
          />
        </div>
        <div className="flex items-start gap-3">
          <Switch
            id={switchId}
            checked={settings.registrationOpen}
            onCheckedChange={(registrationOpen) => onChange({ ...settings, registrationOpen })}
            aria-describedby={hintId}
          />
          <div className="grid gap-1">
            <Label htmlFor={switchId}>{t("admin.settings.registrationOpen")}</Label>
            <p id={hintId} className="text-xs text-muted-foreground">
              {t("admin.settings.registrationOpenHint")}
            </p>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}

/** Records: how many years a screening record is kept before the daily purge (legal holds keep it longer). */
export function RecordsTab({ settings, onChange }: TabProps) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("admin.settings.recordsTab")}</CardTitle>
        <CardDescription>{t("admin.settings.recordsDescription")}</CardDescription>
      </CardHeader>
      <CardContent className="sm:max-w-xs">
        <NumberField
          label={t("admin.settings.retentionYears")}
          hint={t("admin.settings.retentionYearsHint")}
          value={settings.retentionYears}
          onChange={(text) => onChange({ ...settings, retentionYears: readWhole(text) })}
        />
      </CardContent>
    </Card>
  );
}
