import { Button } from "@duecheck/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@duecheck/ui/dialog";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@duecheck/ui/form";
import { Input } from "@duecheck/ui/input";
import { Label } from "@duecheck/ui/label";
import { RadioGroup, RadioGroupItem } from "@duecheck/ui/radio-group";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@duecheck/ui/select";
import { Spinner } from "@duecheck/ui/spinner";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { MONITORING_FREQUENCIES, newMonitoredEntitySchema } from "../../../lib/monitoring/schemas.ts";
import { useAddEntity } from "./use-monitoring-mutations";

type EntityType = "person" | "company";
type AddEntityValues = z.input<typeof newMonitoredEntitySchema>;

const EMPTY: AddEntityValues = { searchTerm: "", entityType: "person", frequency: "daily" };

/**
 * Add Entity: name or company, person or company, daily/weekly/monthly and an optional country.
 * Checked with the server's own schema before it is sent, so a blank name is refused with the same words.
 */
export function AddEntityDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const typeId = useId();
  const form = useForm<AddEntityValues, unknown, z.output<typeof newMonitoredEntitySchema>>({
    resolver: zodResolver(newMonitoredEntitySchema),
    defaultValues: EMPTY,
  });
  const add = useAddEntity(() => close(false));

  function close(next: boolean) {
    onOpenChange(next);
    if (!next) form.reset(EMPTY);
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent data-testid="add-entity-dialog">
        <Form {...form}>
          <form onSubmit={form.handleSubmit((values) => add.mutate(values))} className="grid gap-4" noValidate>
            <DialogHeader>
              <DialogTitle>{t("monitoring.addTitle")}</DialogTitle>
              <DialogDescription>{t("monitoring.addDescription")}</DialogDescription>
            </DialogHeader>
            <FormField
              control={form.control}
              name="searchTerm"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t("monitoring.nameLabel")}</FormLabel>
                  <FormControl>
                    <Input {...field} placeholder={t("monitoring.namePlaceholder")} autoComplete="off" />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="entityType"
              render={({ field }) => (
                <fieldset className="grid gap-2">
                  <legend id={typeId} className="mb-2 text-sm font-medium">
                    {t("monitoring.typeLabel")}
                  </legend>
                  <RadioGroup aria-labelledby={typeId} value={field.value} onValueChange={field.onChange} className="flex gap-6">
                    <TypeOption value="person" label={t("search.person")} />
                    <TypeOption value="company" label={t("search.company")} />
                  </RadioGroup>
                </fieldset>
              )}
            />
            <div className="grid gap-2 sm:grid-cols-2">
              <FormField
                control={form.control}
                name="frequency"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>{t("monitoring.frequencyLabel")}</FormLabel>
                    <Select value={field.value} onValueChange={field.onChange}>
                      <FormControl>
                        <SelectTrigger className="w-full">
                          <SelectValue />
                        </SelectTrigger>
                      </FormControl>
                      <SelectContent>
                        {MONITORING_FREQUENCIES.map((value) => (
                          <SelectItem key={value} value={value}>
                            {t(`monitoring.frequency.${value}`)}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="country"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>{t("monitoring.countryLabel")}</FormLabel>
                    <FormControl>
                      <Input
                        {...field}
                        value={field.value ?? ""}
                        // An empty country is no country: the schema takes it as absent, not as a wrong code.
                        onChange={(event) => field.onChange(event.target.value.trim() ? event.target.value.toUpperCase() : undefined)}
                        placeholder={t("monitoring.countryPlaceholder")}
                        maxLength={2}
                        autoComplete="off"
                      />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
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
        </Form>
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
