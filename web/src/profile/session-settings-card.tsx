import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@duecheck/ui/card";
import { Label } from "@duecheck/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@duecheck/ui/select";
import { ClockIcon } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { type PublicUser, SESSION_DURATIONS } from "../../../lib/auth/schemas.ts";
import { useUpdateSessionDuration } from "./use-account-mutations";

/** Session duration: 10, 30, 60 or 180 minutes, saved on change, effective from the next sign-in. */
export function SessionSettingsCard({ user }: { user: PublicUser }) {
  const { t } = useTranslation();
  const selectId = useId();
  const update = useUpdateSessionDuration();
  const current = update.isPending && update.variables !== undefined ? update.variables : user.sessionDuration;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ClockIcon className="size-5 text-primary" aria-hidden />
          {t("security.sessionTitle")}
        </CardTitle>
        <CardDescription>{t("security.sessionDescription")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        <Label htmlFor={selectId}>{t("security.sessionDuration")}</Label>
        <Select
          value={String(current)}
          disabled={update.isPending}
          onValueChange={(value) => {
            const minutes = Number(value);
            if (minutes !== user.sessionDuration) update.mutate(minutes);
          }}
        >
          <SelectTrigger id={selectId} className="w-full sm:w-64">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {SESSION_DURATIONS.map((minutes) => (
              <SelectItem key={minutes} value={String(minutes)}>
                {t("security.minutes", { count: minutes })}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <p className="text-sm text-muted-foreground">{t("security.sessionNextLogin")}</p>
      </CardContent>
    </Card>
  );
}
