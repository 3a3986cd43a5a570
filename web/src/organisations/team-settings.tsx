import { Card, CardContent } from "@duecheck/ui/card";
import { Label } from "@duecheck/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@duecheck/ui/select";
import { Separator } from "@duecheck/ui/separator";
import { Switch } from "@duecheck/ui/switch";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { canManageMembers, type OrganisationView } from "../../../lib/organisations/contract.ts";
import { TeamCountrySetting } from "./team-country-setting";
import { TeamFloorSettings } from "./team-floor-settings";
import { FOUR_EYES_CHOICES, type FourEyesChoice, fourEyesChoice, fourEyesSetting, useChangeOrganisationSettings } from "./use-organisation";

/**
 * What owners and admins decide for their team: whether analysts see their colleagues' screenings, and whether
 * decisions on hits wait for a reviewer (four-eyes review: as the instance, on or off), and what the team tightens
 * against the instance (2FA, retention: team-floor-settings.tsx). Every member sees the settings
 * as they stand; to the others the controls are disabled (the server refuses them 403 anyway). Each is saved as soon
 * as it changes, showing the new position until the server has answered.
 */
export function TeamSettings({ organisation }: { organisation: OrganisationView }) {
  const { t } = useTranslation();
  const titleId = useId();
  const switchId = useId();
  const hintId = useId();
  const fourEyesId = useId();
  const fourEyesHintId = useId();
  const change = useChangeOrganisationSettings();
  const manages = canManageMembers(organisation.role);
  const pending = change.isPending ? change.variables?.membersSeeTeam : undefined;
  const checked = pending ?? organisation.settings.membersSeeTeam;
  const pendingFourEyes = change.isPending && change.variables?.fourEyes !== undefined ? change.variables.fourEyes : undefined;
  const fourEyes = fourEyesChoice(pendingFourEyes === undefined ? organisation.settings.fourEyes : pendingFourEyes);

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
          <Separator className="my-2" />
          <div className="grid gap-2 sm:flex sm:items-center sm:gap-3">
            <Label htmlFor={fourEyesId}>{t("organisation.settings.fourEyes.label")}</Label>
            <Select
              value={fourEyes}
              disabled={!manages || change.isPending}
              onValueChange={(choice) => change.mutate({ fourEyes: fourEyesSetting(choice as FourEyesChoice) })}
            >
              <SelectTrigger id={fourEyesId} className="w-full sm:w-48" aria-describedby={fourEyesHintId} data-testid="four-eyes">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {FOUR_EYES_CHOICES.map((choice) => (
                  <SelectItem key={choice} value={choice}>
                    {t(`organisation.settings.fourEyes.${choice}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <p id={fourEyesHintId} className="text-sm text-muted-foreground">
            {t("organisation.settings.fourEyes.hint")}
          </p>
          <Separator className="my-2" />
          <TeamFloorSettings organisation={organisation} manages={manages} />
          <Separator className="my-2" />
          <TeamCountrySetting organisation={organisation} manages={manages} />
        </CardContent>
      </Card>
    </section>
  );
}
