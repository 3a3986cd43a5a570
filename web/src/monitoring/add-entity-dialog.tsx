import { Button } from "@duecheck/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@duecheck/ui/dialog";
import { Input } from "@duecheck/ui/input";
import { Label } from "@duecheck/ui/label";
import { RadioGroup, RadioGroupItem } from "@duecheck/ui/radio-group";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@duecheck/ui/select";
import { Spinner } from "@duecheck/ui/spinner";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { MONITORING_FREQUENCIES, type MonitoringFrequency, newMonitoredEntitySchema } from "../../../lib/monitoring/schemas.ts";
import { useAddEntity } from "./use-monitoring-mutations";

type EntityType = "person" | "company";
type Errors = { searchTerm?: string; country?: string };

/**
 * Add Entity (spec part 2 section 2): name or company, person or company, daily/weekly/monthly and an optional country.
 * Checked with the server's own schema before it is sent, so a blank name is refused with the same words.
 */
export function AddEntityDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState("");
  const [entityType, setEntityType] = useState<EntityType>("person");
  const [frequency, setFrequency] = useState<MonitoringFrequency>("daily");
  const [country, setCountry] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const add = useAddEntity(() => close(false));
  const ids = { name: useId(), nameError: useId(), type: useId(), frequency: useId(), country: useId(), countryError: useId() };

  function close(next: boolean) {
    onOpenChange(next);
    if (next) return;
    setName("");
    setEntityType("person");
    setFrequency("daily");
    setCountry("");
    setErrors({});
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = newMonitoredEntitySchema.safeParse({ searchTerm: name, entityType, frequency, country: country.trim() || undefined });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === "country" ? "country" : "searchTerm";
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    add.mutate(parsed.data);
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent data-testid="add-entity-dialog">
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{t("monitoring.addTitle")}</DialogTitle>
            <DialogDescription>{t("monitoring.addDescription")}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={ids.name}>{t("monitoring.nameLabel")}</Label>
            <Input
              id={ids.name}
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                if (errors.searchTerm) setErrors({ ...errors, searchTerm: undefined });
              }}
              placeholder={t("monitoring.namePlaceholder")}
              autoComplete="off"
              aria-invalid={!!errors.searchTerm}
              aria-describedby={errors.searchTerm ? ids.nameError : undefined}
            />
            {errors.searchTerm && (
              <p id={ids.nameError} className="text-sm text-destructive">
                {t(errors.searchTerm)}
              </p>
            )}
          </div>
          <fieldset className="grid gap-2">
            <legend id={ids.type} className="mb-2 text-sm font-medium">
              {t("monitoring.typeLabel")}
            </legend>
            <RadioGroup aria-labelledby={ids.type} value={entityType} onValueChange={(value) => setEntityType(value as EntityType)} className="flex gap-6">
              <TypeOption value="person" label={t("search.person")} />
              <TypeOption value="company" label={t("search.company")} />
            </RadioGroup>
          </fieldset>
          <div className="grid gap-2 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={ids.frequency}>{t("monitoring.frequencyLabel")}</Label>
              <Select value={frequency} onValueChange={(value) => setFrequency(value as MonitoringFrequency)}>
                <SelectTrigger id={ids.frequency} className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {MONITORING_FREQUENCIES.map((value) => (
                    <SelectItem key={value} value={value}>
                      {t(`monitoring.frequency.${value}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="grid gap-2">
              <Label htmlFor={ids.country}>{t("monitoring.countryLabel")}</Label>
              <Input
                id={ids.country}
                value={country}
                onChange={(event) => {
                  setCountry(event.target.value.toUpperCase());
                  if (errors.country) setErrors({ ...errors, country: undefined });
                }}
                placeholder={t("monitoring.countryPlaceholder")}
                maxLength={2}
                autoComplete="off"
                aria-invalid={!!errors.country}
                aria-describedby={errors.country ? ids.countryError : undefined}
              />
              {errors.country && (
                <p id={ids.countryError} className="text-sm text-destructive">
                  {t(errors.country)}
                </p>
              )}
            </div>
          </div>
          <p className="text-xs text-muted-foreground">{t("monitoring.autoAddHint")}</p>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" disabled={add.isPending}>
              {add.isPending && <Spinner />}
              {t("monitoring.add")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function TypeOption({ value, label }: { value: EntityType; label: string }) {
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
