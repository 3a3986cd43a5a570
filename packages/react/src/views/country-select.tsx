import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@duecheck/ui/select";
import { countryCode } from "@lib/screening/schemas.ts";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** Every code the server accepts as a country (lib/screening/schemas.ts countryCode), computed once. */
const COUNTRY_CODES: string[] = [...LETTERS].flatMap((a) => [...LETTERS].map((b) => a + b)).filter((code) => countryCode.safeParse(code).success);

/** The value of "none chosen": Radix Select has no empty value. */
const NONE = "none";

/** The countries named in the interface language, sorted by name. */
function useCountryOptions(language: string) {
  return useMemo(() => {
    const names = new Intl.DisplayNames([language], { type: "region", fallback: "code" });
    const collator = new Intl.Collator(language);
    return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => collator.compare(a.name, b.name));
  }, [language]);
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
