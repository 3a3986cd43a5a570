import { Input } from "@duecheck/ui/input";
import { Label } from "@duecheck/ui/label";
import { useEffect, useId, useState } from "react";

/** Whole numbers as the spec reads them: unreadable input counts as 0. */
export const readWhole = (text: string) => {
  const value = Number.parseInt(text, 10);
  return Number.isFinite(value) ? value : 0;
};

/** A price in dollars (cents allowed); unreadable input counts as 0. */
export const readPrice = (text: string) => {
  const value = Number.parseFloat(text);
  return Number.isFinite(value) ? value : 0;
};

export function NumberField({
  label,
  hint,
  value,
  onChange,
  step = 1,
}: {
  label: string;
  hint?: string;
  value: number;
  onChange: (text: string) => void;
  step?: number;
}) {
  const id = useId();
  const hintId = useId();
  // The text as typed (an emptied box stays empty); replaced when the value changes from outside.
  const [text, setText] = useState(String(value));
  useEffect(() => {
    setText((current) => (readPrice(current) === value ? current : String(value)));
  }, [value]);
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="number"
        inputMode={step === 1 ? "numeric" : "decimal"}
        min={0}
        step={step}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          onChange(event.target.value);
        }}
        aria-describedby={hint ? hintId : undefined}
      />
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}
