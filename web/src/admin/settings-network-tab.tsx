import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@duecheck/ui/card";
import { Label } from "@duecheck/ui/label";
import { Switch } from "@duecheck/ui/switch";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { AdminSettings } from "../../../lib/admin/schemas.ts";

/** Outgoing requests: whether webhook deliveries and dataset downloads may reach private and loopback addresses. */
export function NetworkTab({ settings, onChange }: { settings: AdminSettings; onChange: (settings: AdminSettings) => void }) {
  const { t } = useTranslation();
  const switchId = useId();
  const hintId = useId();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("admin.settings.networkTab")}</CardTitle>
        <CardDescription>{t("admin.settings.networkDescription")}</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex items-start gap-3">
          <Switch
            id={switchId}
            checked={settings.webhooksAllowPrivateNetworks}
            onCheckedChange={(webhooksAllowPrivateNetworks) => onChange({ ...settings, webhooksAllowPrivateNetworks })}
            aria-describedby={hintId}
          />
          <div className="grid gap-1">
            <Label htmlFor={switchId}>{t("admin.settings.allowPrivateNetworks")}</Label>
            <p id={hintId} className="text-xs text-muted-foreground">
              {t("admin.settings.allowPrivateNetworksHint")}
            </p>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
