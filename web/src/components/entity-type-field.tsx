import { FormField } from "@duecheck/ui/form";
import { Label } from "@duecheck/ui/label";
import { RadioGroup, RadioGroupItem } from "@duecheck/ui/radio-group";
import { useId } from "react";
import type { Control, FieldPath, FieldValues } from "react-hook-form";
import { useTranslation } from "react-i18next";

/** A form's "person or company" choice: a labelled group of two radios, each reachable by keyboard and by its label. */
export function EntityTypeField<T extends FieldValues>({ control, name, legend }: { control: Control<T>; name: FieldPath<T>; legend: string }) {
  const { t } = useTranslation();
  const legendId = useId();
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <fieldset className="grid gap-2">
          <legend id={legendId} className="mb-2 text-sm font-medium">
            {legend}
          </legend>
          <RadioGroup aria-labelledby={legendId} value={field.value} onValueChange={field.onChange} className="flex gap-6">
            <TypeOption value="person" label={t("search.person")} />
            <TypeOption value="company" label={t("search.company")} />
          </RadioGroup>
        </fieldset>
      )}
    />
  );
}

function TypeOption({ value, label }: { value: "person" | "company"; label: string }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <RadioGroupItem id={id} value={value} />
      <Label htmlFor={id} className="font-normal">
        {label}
      </Label>
    </div>
  );
}
