import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@duecheck/ui/card";
import { Input } from "@duecheck/ui/input";
import { Label } from "@duecheck/ui/label";
import { Switch } from "@duecheck/ui/switch";
import type * as React from "react";
import { useEffect, useId, useState } from "react";
import type { AdminSettings } from "../../../lib/admin/schemas.ts";

/** What every tab of /admin/settings is given: the settings being edited and where a change goes. */
export type SettingsTabProps = { settings: AdminSettings; onChange: (settings: AdminSettings) => void };

/** A tab of /admin/settings: its title and description over its fields. */
export function SettingsCard({
  title,
  description,
  contentClassName,
  children,
}: {
  title: string;
  description: string;
  contentClassName?: string;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}

/** An on/off setting: the switch, labelled, and described by the hint under the label. */
export function SwitchField({ label, hint, checked, onChange }: { label: string; hint: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const switchId = useId();
  const hintId = useId();
  return (
    <div className="flex items-start gap-3">
      <Switch id={switchId} checked={checked} onCheckedChange={onChange} aria-describedby={hintId} />
      <div className="grid gap-1">
        <Label htmlFor={switchId}>{label}</Label>
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
    </div>
  );
}

/** Whole numbers as parseInt reads them ('12.7' is 12); unreadable input, such as an emptied box, counts as 0. */
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
