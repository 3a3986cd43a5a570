import { Input } from "@duecheck/ui/input";
import { Label } from "@duecheck/ui/label";
import { RadioGroup, RadioGroupItem } from "@duecheck/ui/radio-group";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { DetailsValues } from "./details-values";
import { FieldError } from "./field-error";

/** A birth date as a year (1956) or a full date (1956-03-04). */
export function BirthDateField({ values, onChange, error }: { values: DetailsValues; onChange: (values: DetailsValues) => void; error?: string }) {
  const { t } = useTranslation();
  const inputId = useId();
  const errorId = useId();
  const hintId = useId();
  const setMode = (mode: string) => onChange({ ...values, birthDateMode: mode as DetailsValues["birthDateMode"], birthDate: "" });
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Label htmlFor={inputId}>{t("search.details.birthDate")}</Label>
        <RadioGroup aria-label={t("search.details.birthDateMode")} value={values.birthDateMode} onValueChange={setMode} className="flex gap-3">
          {(["year", "date"] as const).map((mode) => (
            <Label key={mode} className="font-normal">
              <RadioGroupItem value={mode} />
              {mode === "year" ? t("search.details.year") : t("search.details.fullDate")}
            </Label>
          ))}
        </RadioGroup>
      </div>
      <Input
        id={inputId}
        type={values.birthDateMode === "date" ? "date" : "text"}
        inputMode={values.birthDateMode === "year" ? "numeric" : undefined}
        maxLength={values.birthDateMode === "year" ? 4 : undefined}
        placeholder={values.birthDateMode === "year" ? "1956" : undefined}
        value={values.birthDate}
        onChange={(event) => onChange({ ...values, birthDate: event.target.value })}
        aria-invalid={!!error || undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        autoComplete="off"
      />
      <p id={hintId} className="text-xs text-muted-foreground">
        {t("search.details.birthDateHint")}
      </p>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
