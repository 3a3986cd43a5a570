import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@duecheck/ui/card";
import { Label } from "@duecheck/ui/label";
import { Switch } from "@duecheck/ui/switch";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { AdminSettings } from "../../../lib/admin/schemas.ts";

/** Review: whether a decision on a hit waits for a second person (four eyes) before it takes effect. */
export function ReviewTab({ settings, onChange }: { settings: AdminSettings; onChange: (settings: AdminSettings) => void }) {
  const { t } = useTranslation();
  const switchId = useId();
  const hintId = useId();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("reviews.settings.tab")}</CardTitle>
        <CardDescription>{t("reviews.settings.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex items-start gap-3">
          <Switch
            id={switchId}
            checked={settings.fourEyesReview}
            onCheckedChange={(fourEyesReview) => onChange({ ...settings, fourEyesReview })}
            aria-describedby={hintId}
          />
          <div className="grid gap-1">
            <Label htmlFor={switchId}>{t("reviews.settings.fourEyes")}</Label>
            <p id={hintId} className="text-xs text-muted-foreground">
              {t("reviews.settings.fourEyesHint")}
            </p>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
