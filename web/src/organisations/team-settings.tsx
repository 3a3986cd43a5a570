import { Card, CardContent } from "@duecheck/ui/card";
import { Label } from "@duecheck/ui/label";
import { Switch } from "@duecheck/ui/switch";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { canManageMembers, type OrganisationView } from "../../../lib/organisations/contract.ts";
import { useChangeOrganisationSettings } from "./use-organisation";

/**
 * What owners and admins decide for their team: whether analysts see their colleagues' screenings. Every member sees
 * the setting as it stands; to the others the switch is disabled (the server refuses them 403 anyway). It is saved as
 * soon as it moves, showing the new position until the server has answered.
 */
export function TeamSettings({ organisation }: { organisation: OrganisationView }) {
  const { t } = useTranslation();
  const titleId = useId();
  const switchId = useId();
  const hintId = useId();
  const change = useChangeOrganisationSettings();
  const manages = canManageMembers(organisation.role);
  const pending = change.isPending ? change.variables?.membersSeeTeam : undefined;
  const checked = pending ?? organisation.settings.membersSeeTeam;

  return (
    <section className="grid gap-3" aria-labelledby={titleId} data-testid="organisation-settings">
      <div className="grid gap-1">
        <h2 id={titleId} className="text-lg font-semibold">
          {t("organisation.settings.title")}
        </h2>
        {!manages && (
          <p className="text-sm text-muted-foreground" data-testid="organisation-settings-read-only">
            {t("organisation.settings.readOnly")}
          </p>
        )}
      </div>
      <Card className="py-4">
        <CardContent className="grid gap-2 px-4 sm:px-6">
          <div className="flex items-center gap-3">
            <Switch
              id={switchId}
              checked={checked}
              disabled={!manages || change.isPending}
              onCheckedChange={(membersSeeTeam) => change.mutate({ membersSeeTeam })}
              aria-describedby={hintId}
            />
            <Label htmlFor={switchId}>{t("organisation.settings.membersSeeTeam")}</Label>
          </div>
          <p id={hintId} className="text-sm text-muted-foreground">
            {t("organisation.settings.membersSeeTeamHint")}
          </p>
        </CardContent>
      </Card>
    </section>
  );
}
