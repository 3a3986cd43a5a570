import { Button } from "@duecheck/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@duecheck/ui/dialog";
import { Form, FormControl, FormField } from "@duecheck/ui/form";
import { LabelledField, SelectField, TextField } from "@duecheck/ui/form-fields";
import { Label } from "@duecheck/ui/label";
import { RadioGroup, RadioGroupItem } from "@duecheck/ui/radio-group";
import { Spinner } from "@duecheck/ui/spinner";
import { cn } from "@duecheck/ui/utils";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { DATASET_FORMAT_IDS as DATASET_FORMATS, type DatasetFormat, type DatasetType } from "../../../lib/sanctions/contract.ts";
import { addDatasetSchema } from "../../../lib/sanctions/datasets/schemas.ts";
import { rewordedResolver } from "../components/reworded-resolver";
import { useAddDataset } from "./use-sanctions";

const FORMAT_LABEL_KEYS: Record<DatasetFormat, string> = {
  ofac_csv: "sanctions.format.ofacCsv",
  un_xml: "sanctions.format.unXml",
  eu_xml: "sanctions.format.euXml",
  uk_fcdo_csv: "sanctions.format.ukFcdoCsv",
  opensanctions_ftm: "sanctions.format.opensanctionsFtm",
  opensanctions_senzing: "sanctions.format.opensanctionsSenzing",
};

const TYPE_OPTIONS: { value: DatasetType; labelKey: string }[] = [
  { value: "sanctions", labelKey: "sanctions.type.sanctions" },
  { value: "pep", labelKey: "sanctions.type.pep" },
];

type AddDatasetValues = z.input<typeof addDatasetSchema>;

const EMPTY: AddDatasetValues = { name: "", type: "sanctions", format: "opensanctions_ftm", url: "", description: "" };

/**
 * The server refuses a short name and a URL that is not http(s) in English for API clients; the dialog keeps its own
 * translated words, and tells a missing value from a wrong one.
 */
const resolver = rewordedResolver(zodResolver(addDatasetSchema), (field, message, values) => {
  if (field === "name" && message === "name must be at least 2 characters") {
    return values.name.trim() ? "sanctions.add.nameTooShort" : "sanctions.add.nameRequired";
  }
  if (field === "url" && message === "url must be an http:// or https:// URL") {
    return values.url?.trim() ? "sanctions.add.urlInvalid" : "sanctions.add.urlRequired";
  }
  return undefined;
});

/** Admin dialog adding a custom dataset (POST /api/sanctions/datasets); it closes once the server accepted it. */
export function AddDatasetDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const add = useAddDataset();
  const typeId = useId();
  const form = useForm<AddDatasetValues, unknown, z.output<typeof addDatasetSchema>>({ resolver, defaultValues: EMPTY });

  function close(next: boolean) {
    if (next) return onOpenChange(true);
    onOpenChange(false);
    // Start the next visit with an empty form once the closing animation has begun.
    setTimeout(() => {
      form.reset(EMPTY);
      add.reset();
    }, 200);
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent data-testid="add-dataset-dialog">
        <Form {...form}>
          <form
            onSubmit={form.handleSubmit(({ name, type, format, url, description }) => {
              if (add.isPending || !url) return;
              add.mutate({ name, type, format, url, ...(description ? { description } : {}) }, { onSuccess: () => close(false) });
            })}
            className="grid gap-4"
            noValidate
          >
            <DialogHeader>
              <DialogTitle>{t("sanctions.add.title")}</DialogTitle>
              <DialogDescription>{t("sanctions.add.description")}</DialogDescription>
            </DialogHeader>

            <TextField
              control={form.control}
              name="name"
              label={t("sanctions.add.nameLabel")}
              placeholder={t("sanctions.add.namePlaceholder")}
              maxLength={120}
              autoComplete="off"
              required
            />

            <FormField
              control={form.control}
              name="type"
              render={({ field }) => (
                <fieldset className="grid gap-2">
                  <legend id={typeId} className="mb-2 text-sm font-medium leading-none">
                    {t("sanctions.add.typeLabel")}
                  </legend>
                  <RadioGroup aria-labelledby={typeId} value={field.value} onValueChange={field.onChange} className="grid grid-cols-2 gap-3">
                    {TYPE_OPTIONS.map((option) => (
                      <TypeOption key={option.value} value={option.value} checked={field.value === option.value} label={t(option.labelKey)} />
                    ))}
                  </RadioGroup>
                </fieldset>
              )}
            />

            <SelectField
              control={form.control}
              name="format"
              label={t("sanctions.add.formatLabel")}
              options={DATASET_FORMATS.map((id) => ({ value: id, label: t(FORMAT_LABEL_KEYS[id]) }))}
            />

            <TextField
              control={form.control}
              name="url"
              label={t("sanctions.add.urlLabel")}
              description={t("sanctions.add.urlHint")}
              descriptionClassName="text-xs"
              type="url"
              inputMode="url"
              placeholder="https://"
              autoComplete="off"
              spellCheck={false}
              required
            />

            <LabelledField
              control={form.control}
              name="description"
              label={
                <>
                  {t("sanctions.add.descriptionLabel")}
                  <span className="font-normal text-muted-foreground">{t("sanctions.add.optional")}</span>
                </>
              }
              render={(field) => (
                <FormControl>
                  <textarea
                    {...field}
                    value={field.value ?? ""}
                    maxLength={1000}
                    rows={3}
                    className={cn(
                      "flex min-h-16 w-full min-w-0 resize-y rounded-md border border-input bg-transparent px-3 py-2 text-base shadow-xs outline-none transition-[color,box-shadow] placeholder:text-muted-foreground md:text-sm dark:bg-input/30",
                      "focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50",
                    )}
                  />
                </FormControl>
              )}
            />

            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => close(false)}>
                {t("common.cancel")}
              </Button>
              <Button type="submit" disabled={add.isPending}>
                {add.isPending && <Spinner />}
                {add.isPending ? t("sanctions.add.adding") : t("sanctions.add.submit")}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

function TypeOption({ value, checked, label }: { value: DatasetType; checked: boolean; label: string }) {
  const id = useId();
  return (
    <Label
      htmlFor={id}
      className={cn(
        "flex h-9 cursor-pointer items-center gap-2 rounded-md border px-3 font-normal transition-colors hover:bg-accent",
        checked && "border-primary bg-primary/5",
      )}
    >
      <RadioGroupItem id={id} value={value} />
      {label}
    </Label>
  );
}
