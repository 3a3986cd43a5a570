import { Input } from "@duecheck/ui/input";
import { Label } from "@duecheck/ui/label";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { localDay } from "./report-date";

/** The report's day: the browser's own date input (keyboard and screen-reader friendly), up to today. */
export function ReportDatePicker({ value, onChange }: { value: string; onChange: (day: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{t("reports.dateLabel")}</Label>
      <Input
        id={id}
        type="date"
        className="w-44 dark:[color-scheme:dark]"
        value={value}
        max={localDay(new Date())}
        required
        onChange={(event) => {
          // A cleared or half-typed date keeps the current report.
          if (event.target.value) onChange(event.target.value);
        }}
      />
    </div>
  );
}
