import { Button } from "@duecheck/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@duecheck/ui/card";
import { Input } from "@duecheck/ui/input";
import { Label } from "@duecheck/ui/label";
import { RadioGroup, RadioGroupItem } from "@duecheck/ui/radio-group";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { TextArea } from "../review/text-area";
import { useSetLegalHold } from "./use-legal-holds";

type Target = "user" | "search";

/**
 * Sets a hold on a user (named by email: every search of theirs, present and future) or on one search (by id), with
 * a reason. Blank fields are named here; the server's own refusals (an unknown user or search) show in a toast.
 */
export function SetHoldForm() {
  const { t } = useTranslation();
  const id = useId();
  const [target, setTarget] = useState<Target>("user");
  const [value, setValue] = useState("");
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState<"target" | "reason" | null>(null);
  const set = useSetLegalHold(() => {
    setValue("");
    setReason("");
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const named = value.trim();
    if (!named) return setMissing("target");
    if (!reason.trim()) return setMissing("reason");
    setMissing(null);
    set.mutate(target === "user" ? { userEmail: named, reason: reason.trim() } : { searchId: named, reason: reason.trim() });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("legalHolds.setTitle")}</CardTitle>
        <CardDescription>{t("legalHolds.setDescription")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-4" noValidate data-testid="set-hold-form" aria-label={t("legalHolds.setTitle")}>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">{t("legalHolds.targetLabel")}</legend>
            <RadioGroup value={target} onValueChange={(next) => setTarget(next as Target)} className="flex flex-wrap gap-4">
              {(["user", "search"] as const).map((option) => (
                <div key={option} className="flex items-center gap-2">
                  <RadioGroupItem id={`${id}-${option}`} value={option} />
                  <Label htmlFor={`${id}-${option}`}>{t(`legalHolds.target.${option}`)}</Label>
                </div>
              ))}
            </RadioGroup>
          </fieldset>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-value`}>{t(target === "user" ? "legalHolds.userEmail" : "legalHolds.searchId")}</Label>
            <Input
              id={`${id}-value`}
              name="target"
              type={target === "user" ? "email" : "text"}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              placeholder={t(target === "user" ? "legalHolds.userEmailPlaceholder" : "legalHolds.searchIdPlaceholder")}
              aria-invalid={missing === "target"}
              aria-describedby={missing === "target" ? `${id}-missing` : undefined}
              className="max-w-md"
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-reason`}>{t("legalHolds.reason")}</Label>
            <TextArea
              id={`${id}-reason`}
              name="reason"
              value={reason}
              maxLength={1000}
              onChange={(event) => setReason(event.target.value)}
              aria-invalid={missing === "reason"}
              aria-describedby={missing === "reason" ? `${id}-missing` : undefined}
              className="max-w-xl"
            />
          </div>
          {missing && (
            <p id={`${id}-missing`} role="alert" className="text-sm text-destructive">
              {t(missing === "target" ? (target === "user" ? "legalHolds.userEmailRequired" : "legalHolds.searchIdRequired") : "legalHolds.reasonRequired")}
            </p>
          )}
          <div>
            <Button type="submit" disabled={set.isPending}>
              {t("legalHolds.setButton")}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
