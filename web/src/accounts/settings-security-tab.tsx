import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@duecheck/ui/card";
import { Label } from "@duecheck/ui/label";
import { Switch } from "@duecheck/ui/switch";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { AdminSettings } from "../../../lib/admin/schemas.ts";

/** /admin/settings Security: "require 2FA for every account". */
export function SecurityTab({ settings, onChange }: { settings: AdminSettings; onChange: (settings: AdminSettings) => void }) {
  const { t } = useTranslation();
  const switchId = useId();
  const hintId = useId();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("accounts.settings.securityTab")}</CardTitle>
        <CardDescription>{t("accounts.settings.securityDescription")}</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex items-start gap-3">
          <Switch
            id={switchId}
            checked={settings.requireTwoFactor ?? false}
            onCheckedChange={(requireTwoFactor) => onChange({ ...settings, requireTwoFactor })}
            aria-describedby={hintId}
          />
          <div className="grid gap-1">
            <Label htmlFor={switchId}>{t("accounts.settings.requireTwoFactor")}</Label>
            <p id={hintId} className="text-xs text-muted-foreground">
              {t("accounts.settings.requireTwoFactorHint")}
            </p>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
