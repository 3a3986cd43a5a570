import { Button } from "@duecheck/ui/button";
import { Input } from "@duecheck/ui/input";
import { Label } from "@duecheck/ui/label";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { OrganisationView } from "../../../lib/organisations/contract.ts";
import { useChangeOrganisationSettings } from "./use-organisation";

/**
 * The organisation's home country (a two-letter ISO code, or none): a PEP whose post is elsewhere is a foreign PEP,
 * which the installation may weigh higher. An empty field clears it; the server refuses a code that is no country.
 */
export function TeamCountrySetting({ organisation, manages }: { organisation: OrganisationView; manages: boolean }) {
  const { t } = useTranslation();
  const change = useChangeOrganisationSettings();
  const inputId = useId();
  const hintId = useId();
  const [country, setCountry] = useState(organisation.settings.country ?? "");
  const disabled = !manages || change.isPending;
  const save = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = country.trim();
    change.mutate({ country: trimmed === "" ? null : trimmed });
  };
  return (
    <>
      <form onSubmit={save} className="grid gap-2 sm:flex sm:items-center sm:gap-3" aria-label={t("organisation.settings.country.label")}>
        <Label htmlFor={inputId}>{t("organisation.settings.country.label")}</Label>
        <Input
          id={inputId}
          className="w-full sm:w-28 uppercase"
          maxLength={2}
          autoComplete="off"
          value={country}
          placeholder={t("organisation.settings.country.placeholder")}
          onChange={(event) => setCountry(event.target.value)}
          disabled={disabled}
          aria-describedby={hintId}
          data-testid="organisation-country"
        />
        <Button type="submit" variant="outline" size="sm" disabled={disabled}>
          {t("organisation.settings.country.save")}
        </Button>
      </form>
      <p id={hintId} className="text-sm text-muted-foreground">
        {t("organisation.settings.country.hint")}
      </p>
    </>
  );
}
