import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@duecheck/ui/select";
import { countryOptions } from "@lib/country-codes.ts";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";

/** The value of "none chosen": Radix Select has no empty value. */
const NONE = "none";

/**
 * The current ISO 3166 countries (lib/country-codes.ts: no withdrawn code, no pseudo-region), named in the interface
 * language and sorted by name.
 */
function useCountryOptions(language: string) {
  return useMemo(() => countryOptions(language), [language]);
}

/** A country picked by name (stored as its ISO code), or none. */
export function CountrySelect({
  id,
  value,
  onChange,
  noneLabel,
  invalid,
  describedBy,
}: {
  id?: string;
  value: string;
  onChange: (code: string) => void;
  noneLabel: string;
  invalid?: boolean;
  describedBy?: string;
}) {
  const { i18n } = useTranslation();
  const options = useCountryOptions(i18n.language);
  return (
    <Select value={value || NONE} onValueChange={(next) => onChange(next === NONE ? "" : next)}>
      <SelectTrigger id={id} className="w-full" aria-invalid={invalid || undefined} aria-describedby={describedBy}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent className="max-h-72">
        <SelectItem value={NONE}>{noneLabel}</SelectItem>
        {options.map((option) => (
          <SelectItem key={option.code} value={option.code}>
            {option.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
