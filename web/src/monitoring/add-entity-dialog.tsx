import { type DetailsErrors, type DetailsValues, EMPTY_DETAILS, readDetails } from "@duecheck/react/views/search/details/details-values";
import { SearchDetailsSection } from "@duecheck/react/views/search/details/search-details-section";
import { Button } from "@duecheck/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@duecheck/ui/dialog";
import { Form } from "@duecheck/ui/form";
import { SelectField, TextField } from "@duecheck/ui/form-fields";
import { Spinner } from "@duecheck/ui/spinner";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { MONITORING_FREQUENCIES, newMonitoredEntitySchema } from "../../../lib/monitoring/schemas.ts";
import { CUSTOMER_REF_MAX } from "../../../lib/screening/customer-ref.ts";
import { EntityTypeField } from "../components/entity-type-field";
import { useAddEntity } from "./use-monitoring-mutations";

type AddEntityValues = z.input<typeof newMonitoredEntitySchema>;

const EMPTY: AddEntityValues = { searchTerm: "", entityType: "person", frequency: "daily" };

/**
 * Add Entity: name or company, person or company, daily/weekly/monthly, an optional country, the search form's
 * "More details" (birth date, nationality, identifiers: the same section and rules, screened with every check) and
 * a customer reference. Checked with the server's own schemas before it is sent, so a blank name or a wrong birth
 * date is refused with the same words.
 */
export function AddEntityDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const form = useForm<AddEntityValues, unknown, z.output<typeof newMonitoredEntitySchema>>({
    resolver: zodResolver(newMonitoredEntitySchema),
    defaultValues: EMPTY,
  });
  const [details, setDetails] = useState<DetailsValues>(EMPTY_DETAILS);
  const [detailErrors, setDetailErrors] = useState<DetailsErrors>({});
  const add = useAddEntity(() => close(false));

  function close(next: boolean) {
    onOpenChange(next);
    if (!next) {
      form.reset(EMPTY);
      setDetails(EMPTY_DETAILS);
      setDetailErrors({});
    }
  }

  function submit(values: z.output<typeof newMonitoredEntitySchema>) {
    const read = readDetails(details);
    setDetailErrors(read.errors);
    if (Object.keys(read.errors).length > 0) return;
    add.mutate({ ...values, ...read.details });
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent data-testid="add-entity-dialog">
        <Form {...form}>
          <form onSubmit={form.handleSubmit(submit)} className="grid gap-4" noValidate>
            <DialogHeader>
              <DialogTitle>{t("monitoring.addTitle")}</DialogTitle>
              <DialogDescription>{t("monitoring.addDescription")}</DialogDescription>
            </DialogHeader>
            <TextField
              control={form.control}
              name="searchTerm"
              label={t("monitoring.nameLabel")}
              placeholder={t("monitoring.namePlaceholder")}
              autoComplete="off"
            />
            <EntityTypeField control={form.control} name="entityType" legend={t("monitoring.typeLabel")} />
            <div className="grid gap-2 sm:grid-cols-2">
              <SelectField
                control={form.control}
                name="frequency"
                label={t("monitoring.frequencyLabel")}
                options={MONITORING_FREQUENCIES.map((value) => ({ value, label: t(`monitoring.frequency.${value}`) }))}
              />
              <TextField
                control={form.control}
                name="country"
                label={t("monitoring.countryLabel")}
                // An empty country is no country: the schema takes it as absent, not as a wrong code.
                parse={(event) => (event.target.value.trim() ? event.target.value.toUpperCase() : undefined)}
                placeholder={t("monitoring.countryPlaceholder")}
                maxLength={2}
                autoComplete="off"
              />
            </div>
            <SearchDetailsSection values={details} onChange={setDetails} errors={detailErrors} />
            <TextField
              control={form.control}
              name="customerRef"
              label={t("monitoring.details.customerRef")}
              placeholder={t("monitoring.details.customerRefPlaceholder")}
              parse={(event) => event.target.value || undefined}
              maxLength={CUSTOMER_REF_MAX}
              autoComplete="off"
            />
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
