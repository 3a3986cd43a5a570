import { Card, CardContent, CardHeader, CardTitle } from "@duecheck/ui/card";
import { Label } from "@duecheck/ui/label";
import { Switch } from "@duecheck/ui/switch";
import { toast } from "@duecheck/ui/use-toast";
import { useMutation } from "@tanstack/react-query";
import { RadarIcon } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { PublicUser } from "../../../lib/auth/schemas.ts";
import { useRefreshCurrentUser } from "../auth/use-refresh-current-user";
import { answer, api, serverErrorText } from "../lib/api";

/** PUT /api/auth/profile {autoMonitorSearches}, saved as soon as the switch moves. */
function useUpdateAutoMonitor() {
  const { t } = useTranslation();
  const refreshUser = useRefreshCurrentUser();
  return useMutation({
    mutationFn: (autoMonitorSearches: boolean) => answer(api.auth.profile.$put({ json: { autoMonitorSearches } })),
    onSuccess: async (_answer, on) => {
      toast({ title: t("monitoring.autoAddUpdated"), description: on ? t("monitoring.autoAddOnDescription") : t("monitoring.autoAddOffDescription") });
      await refreshUser();
    },
    onError: (error) => {
      const server = serverErrorText(error);
      toast({ variant: "destructive", title: t("monitoring.autoAddFailed"), description: server ? t(server) : undefined });
    },
  });
}

/** Automatic screening on the profile: whether the names of the user's searches join their monitoring (daily). */
export function AutoMonitorCard({ user }: { user: PublicUser }) {
  const { t } = useTranslation();
  const switchId = useId();
  const descriptionId = useId();
  const update = useUpdateAutoMonitor();
  const checked = update.isPending && update.variables !== undefined ? update.variables : user.autoMonitorSearches;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <RadarIcon className="size-5 text-primary" aria-hidden />
          {t("monitoring.title")}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        <div className="flex items-center gap-3">
          <Switch id={switchId} checked={checked} disabled={update.isPending} onCheckedChange={(on) => update.mutate(on)} aria-describedby={descriptionId} />
          <Label htmlFor={switchId}>{t("monitoring.autoAddLabel")}</Label>
        </div>
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {t("monitoring.autoAddDescription")}
        </p>
      </CardContent>
    </Card>
  );
}
