import { Badge } from "@duecheck/ui/badge";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@duecheck/ui/collapsible";
import { Label } from "@duecheck/ui/label";
import { ChevronDownIcon } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { CountrySelect } from "../../country-select";
import { BirthDateField } from "./birth-date-field";
import { type DetailsErrors, type DetailsValues, filledDetails } from "./details-values";
import { FieldError } from "./field-error";
import { IdentifierRows } from "./identifier-rows";

/**
 * "More details" (query by example), collapsed by default: a birth date, a nationality and identifiers. An identifier a
 * listing also carries is decisive; an agreeing birth date or nationality strengthens a name match, and a birth date
 * that clearly differs makes it a near miss. Opens by itself when one of its fields has an error.
 */
export function SearchDetailsSection({
  values,
  onChange,
  errors,
}: {
  values: DetailsValues;
  onChange: (values: DetailsValues) => void;
  errors: DetailsErrors;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const nationalityId = useId();
  const nationalityError = useId();
  const filled = filledDetails(values);
  const hasErrors = Object.keys(errors).length > 0;
  // A refused submit opens the section, so its messages are seen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each refused submit (a new errors object) opens the section again
  useEffect(() => {
    if (hasErrors) setOpen(true);
  }, [errors, hasErrors]);
  return (
    <Collapsible open={open} onOpenChange={setOpen} className="rounded-md border" data-testid="more-details">
      <CollapsibleTrigger className="flex w-full items-center justify-between gap-2 rounded-md px-3 py-2.5 text-left text-sm font-medium outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 [&[data-state=open]>svg]:rotate-180">
        <span className="flex items-center gap-2">
          {t("search.details.title")}
          {filled > 0 && <Badge variant="secondary">{t("search.details.filled", { count: filled })}</Badge>}
        </span>
        <ChevronDownIcon aria-hidden className="size-4 shrink-0 text-muted-foreground transition-transform duration-200" />
      </CollapsibleTrigger>
      <CollapsibleContent className="grid gap-5 border-t px-3 pt-3 pb-4">
        <p className="text-xs text-muted-foreground">{t("search.details.description")}</p>
        <div className="grid gap-5 sm:grid-cols-2">
          <BirthDateField values={values} onChange={onChange} error={errors.birthDate} />
          <div className="grid content-start gap-2">
            <Label htmlFor={nationalityId}>{t("search.details.nationality")}</Label>
            <CountrySelect
              id={nationalityId}
              value={values.nationality}
              onChange={(nationality) => onChange({ ...values, nationality })}
              noneLabel={t("search.details.nationalityNone")}
              invalid={!!errors.nationality}
              describedBy={errors.nationality ? nationalityError : undefined}
            />
            <FieldError id={nationalityError} message={errors.nationality} />
          </div>
        </div>
        <IdentifierRows values={values} onChange={onChange} errors={errors} />
      </CollapsibleContent>
    </Collapsible>
  );
}
