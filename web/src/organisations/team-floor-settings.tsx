import { Button } from "@duecheck/ui/button";
import { Input } from "@duecheck/ui/input";
import { Label } from "@duecheck/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@duecheck/ui/select";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { OrganisationView } from "../../../lib/organisations/contract.ts";
import { FOUR_EYES_CHOICES, type FourEyesChoice, fourEyesChoice, fourEyesSetting, useChangeOrganisationSettings } from "./use-organisation";

/**
 * The settings an organisation may only tighten against the instance: "require 2FA" (as the instance, on, or off;
 * off is not offered while the instance requires it) and the years its screenings are kept (at least the instance's,
 * or as the instance). The server refuses anything looser with its reason; this only leaves out what it would refuse.
 */
export function TeamFloorSettings({ organisation, manages }: { organisation: OrganisationView; manages: boolean }) {
  const { t } = useTranslation();
  const change = useChangeOrganisationSettings();
  const twoFactorId = useId();
  const twoFactorHintId = useId();
  const yearsId = useId();
  const yearsHintId = useId();
  const { settings, instance } = organisation;
  const [years, setYears] = useState(settings.retentionYears === null ? "" : String(settings.retentionYears));
  const choices = FOUR_EYES_CHOICES.filter((choice) => !(choice === "off" && instance.requireTwoFactor));
  const disabled = !manages || change.isPending;
  const saveYears = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = years.trim();
    change.mutate({ retentionYears: trimmed === "" ? null : Number(trimmed) });
  };

  return (
    <>
      <div className="grid gap-2 sm:flex sm:items-center sm:gap-3">
        <Label htmlFor={twoFactorId}>{t("organisation.settings.requireTwoFactor.label")}</Label>
        <Select
          value={fourEyesChoice(settings.requireTwoFactor)}
          disabled={disabled}
          onValueChange={(choice) => change.mutate({ requireTwoFactor: fourEyesSetting(choice as FourEyesChoice) })}
        >
          <SelectTrigger id={twoFactorId} className="w-full sm:w-48" aria-describedby={twoFactorHintId} data-testid="require-two-factor">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {choices.map((choice) => (
              <SelectItem key={choice} value={choice}>
                {t(`organisation.settings.requireTwoFactor.${choice}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <p id={twoFactorHintId} className="text-sm text-muted-foreground">
        {instance.requireTwoFactor ? t("organisation.settings.requireTwoFactor.instanceRequires") : t("organisation.settings.requireTwoFactor.hint")}
      </p>
      <form onSubmit={saveYears} className="grid gap-2 sm:flex sm:items-center sm:gap-3" aria-label={t("organisation.settings.retention.label")}>
        <Label htmlFor={yearsId}>{t("organisation.settings.retention.label")}</Label>
        <Input
          id={yearsId}
          type="number"
          inputMode="numeric"
          min={instance.retentionYears}
          max={100}
          step={1}
          className="w-full sm:w-28"
          value={years}
          placeholder={t("organisation.settings.retention.placeholder", { count: instance.retentionYears })}
          onChange={(event) => setYears(event.target.value)}
          disabled={disabled}
          aria-describedby={yearsHintId}
          data-testid="retention-years"
        />
        <Button type="submit" variant="outline" size="sm" disabled={disabled}>
          {t("organisation.settings.retention.save")}
        </Button>
      </form>
      <p id={yearsHintId} className="text-sm text-muted-foreground">
        {t("organisation.settings.retention.hint", { count: instance.retentionYears })}
      </p>
    </>
  );
}
