import { Alert, AlertDescription, AlertTitle } from "@duecheck/ui/alert";
import { Button } from "@duecheck/ui/button";
import { Card, CardContent } from "@duecheck/ui/card";
import { Input } from "@duecheck/ui/input";
import { Label } from "@duecheck/ui/label";
import { RadioGroup, RadioGroupItem } from "@duecheck/ui/radio-group";
import { Spinner } from "@duecheck/ui/spinner";
import { cn } from "@duecheck/ui/utils";
import type { EntityType } from "@lib/screening/contract.ts";
import { MAX_SEARCH_TERM_LENGTH, type SearchDetails } from "@lib/screening/schemas.ts";
import { AlertCircleIcon, Building2Icon, SearchIcon, UserIcon } from "lucide-react";
import type * as React from "react";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { CountrySelect } from "../country-select";
import { useFormatters } from "../format";
import { type DetailsErrors, type DetailsValues, readDetails } from "./details/details-values";
import { SearchDetailsSection } from "./details/search-details-section";

export interface SearchFormValues {
  term: string;
  entityType: EntityType;
  details: DetailsValues;
  /** An ISO country code, or "" / absent for none (asked by the embeddable package's form). */
  country?: string;
}

export interface SearchAllowance {
  cost: number;
  unlimited: boolean;
  balance: number;
  insufficient: boolean;
  /**
   * Present when the search's subject then joins daily monitoring (the user's auto-add): the credits each daily check
   * costs, 0 when the account is not charged. The form says so under the cost.
   */
  monitoringCost?: number;
}

/**
 * The search form itself: the term, Person or Company, the optional country, "More details" and 'Run Due Diligence
 * Check'. Rendered by the embeddable package's search flow (packages/react), for the app's search screen with the
 * user's credits (`allowance`) and for embeds without them, asking for the country (`withCountry`).
 */
export function SearchFormCard({
  values,
  onChange,
  onSubmit,
  pending,
  allowance,
  notice,
  withCountry = false,
  autoFocus = true,
  insufficientAction,
}: {
  values: SearchFormValues;
  onChange: (values: SearchFormValues) => void;
  /** With the details the "More details" section gave, checked by the request's schema. */
  onSubmit: (details: SearchDetails | undefined) => void;
  pending: boolean;
  allowance?: SearchAllowance;
  notice?: React.ReactNode;
  withCountry?: boolean;
  /** The app's screen takes the focus; a component embedded in someone else's page does not. */
  autoFocus?: boolean;
  /** Where more credits come from (the app's link to Buy Credits); without it the alert says to contact support. */
  insufficientAction?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const insufficient = allowance?.insufficient ?? false;
  const termId = useId();
  const typeId = useId();
  const costId = useId();
  const countryId = useId();
  const blank = values.term.trim() === "";
  const [detailErrors, setDetailErrors] = useState<DetailsErrors>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    if (blank || pending || insufficient) return;
    const { details, errors } = readDetails(values.details);
    setDetailErrors(errors);
    if (Object.keys(errors).length > 0) return;
    onSubmit(details);
  }

  return (
    <Card>
      <CardContent>
        <form onSubmit={submit} className="grid gap-6" aria-label={t("search.title")}>
          <div className="grid gap-2">
            <Label htmlFor={termId}>{t("search.termLabel")}</Label>
            <Input
              id={termId}
              value={values.term}
              onChange={(event) => onChange({ ...values, term: event.target.value })}
              placeholder={t("search.termPlaceholder")}
              autoComplete="off"
              maxLength={MAX_SEARCH_TERM_LENGTH}
              autoFocus={autoFocus}
            />
          </div>

          <fieldset className="grid gap-3">
            <legend id={typeId} className="mb-3 text-sm font-medium">
              {t("search.entityType")}
            </legend>
            <RadioGroup
              aria-labelledby={typeId}
              value={values.entityType}
              onValueChange={(value) => onChange({ ...values, entityType: value as EntityType })}
              className="grid grid-cols-1 gap-3 sm:grid-cols-2"
            >
              <EntityTypeOption value="person" checked={values.entityType === "person"} icon={<UserIcon aria-hidden />} label={t("search.person")} />
              <EntityTypeOption value="company" checked={values.entityType === "company"} icon={<Building2Icon aria-hidden />} label={t("search.company")} />
            </RadioGroup>
          </fieldset>

          {withCountry && (
            <div className="grid gap-2">
              <Label htmlFor={countryId}>{t("monitoring.countryLabel")}</Label>
              <CountrySelect
                id={countryId}
                value={values.country ?? ""}
                onChange={(country) => onChange({ ...values, country })}
                noneLabel={t("batch.noCountry")}
              />
            </div>
          )}

          <SearchDetailsSection values={values.details} onChange={(details) => onChange({ ...values, details })} errors={detailErrors} />

          {notice}

          {insufficient && allowance && (
            <Alert variant="destructive" data-testid="insufficient-credits">
              <AlertCircleIcon aria-hidden />
              <AlertTitle>{t("search.insufficientCredits")}</AlertTitle>
              <AlertDescription>
                {insufficientAction ? (
                  <>
                    <p>{t("search.insufficientCreditsNeed", { count: allowance.cost })}</p>
                    {insufficientAction}
                  </>
                ) : (
                  t("search.insufficientCreditsMessage", { count: allowance.cost })
                )}
              </AlertDescription>
            </Alert>
          )}

          <div className="grid gap-2">
            <Button type="submit" size="lg" disabled={blank || pending || insufficient} aria-describedby={allowance ? costId : undefined}>
              {pending ? <Spinner /> : <SearchIcon aria-hidden />}
              {pending ? t("search.searching") : insufficient ? t("search.insufficientCredits") : t("search.run")}
            </Button>
            {allowance && (
              <p id={costId} className="text-center text-xs text-muted-foreground">
                {allowance.unlimited
                  ? t("search.costUnlimited", { count: allowance.cost })
                  : t("search.costLine", { count: allowance.cost, balance: number(allowance.balance) })}
                {allowance.monitoringCost !== undefined && (
                  <span className="block" data-testid="monitoring-cost">
                    {allowance.monitoringCost > 0 ? t("search.monitoringLine", { count: allowance.monitoringCost }) : t("search.monitoringLineFree")}
                  </span>
                )}
              </p>
            )}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function EntityTypeOption({ value, checked, icon, label }: { value: EntityType; checked: boolean; icon: React.ReactNode; label: string }) {
  const id = useId();
  return (
    <Label
      htmlFor={id}
      className={cn(
        "flex cursor-pointer items-center gap-3 rounded-md border p-3 font-normal transition-colors hover:bg-accent [&_svg:not([class*='size-'])]:size-4",
        checked && "border-primary bg-primary/5",
      )}
    >
      <RadioGroupItem id={id} value={value} />
      <span className="text-muted-foreground">{icon}</span>
      {label}
    </Label>
  );
}
