import { Label } from "@duecheck/ui/label";
import { Switch } from "@duecheck/ui/switch";
import { useId } from "react";
import { useTranslation } from "react-i18next";

/**
 * "Whole team": the lists a team shares (the history, batches, monitoring) show the caller's own records, or with the
 * switch on every record of the organisation the server lets the caller read (?scope=team).
 */
export function TeamSwitch({ checked, onCheckedChange }: { checked: boolean; onCheckedChange: (on: boolean) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Switch id={id} checked={checked} onCheckedChange={onCheckedChange} />
      <Label htmlFor={id}>{t("history.wholeTeam")}</Label>
    </div>
  );
}
