import { Button } from "@duecheck/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@duecheck/ui/dialog";
import { Input } from "@duecheck/ui/input";
import { Label } from "@duecheck/ui/label";
import { RadioGroup, RadioGroupItem } from "@duecheck/ui/radio-group";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@duecheck/ui/select";
import { Spinner } from "@duecheck/ui/spinner";
import { cn } from "@duecheck/ui/utils";
import { type FormEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { DATASET_FORMAT_IDS as DATASET_FORMATS, type DatasetFormat, type DatasetType } from "../../../lib/sanctions/contract.ts";
import { useAddDataset } from "./use-sanctions";

/** Limits of the server's addDatasetSchema (lib/sanctions/datasets/schemas.ts). */
const NAME_MIN = 2;
const NAME_MAX = 120;
const DESCRIPTION_MAX = 1000;

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

type Errors = { name?: string; url?: string };

/** An http(s) URL with a host, as the server's z.url({ protocol: /^https?$/ }) accepts it. */
function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

function validate(name: string, url: string): Errors {
  const errors: Errors = {};
  if (!name) errors.name = "sanctions.add.nameRequired";
  else if (name.length < NAME_MIN) errors.name = "sanctions.add.nameTooShort";
  if (!url) errors.url = "sanctions.add.urlRequired";
  else if (!isHttpUrl(url)) errors.url = "sanctions.add.urlInvalid";
  return errors;
}

/** Admin dialog adding a custom dataset (POST /api/sanctions/datasets); it closes once the server accepted it. */
export function AddDatasetDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const add = useAddDataset();
  const [name, setName] = useState("");
  const [type, setType] = useState<DatasetType>("sanctions");
  const [format, setFormat] = useState<DatasetFormat>("opensanctions_ftm");
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const nameRef = useRef<HTMLInputElement>(null);
  const urlRef = useRef<HTMLInputElement>(null);
  const ids = {
    name: useId(),
    nameError: useId(),
    type: useId(),
    format: useId(),
    url: useId(),
    urlHint: useId(),
    urlError: useId(),
    description: useId(),
  };

  function close(next: boolean) {
    if (next) return onOpenChange(true);
    onOpenChange(false);
    // Start the next visit with an empty form once the closing animation has begun.
    setTimeout(() => {
      setName("");
      setType("sanctions");
      setFormat("opensanctions_ftm");
      setUrl("");
      setDescription("");
      setErrors({});
      add.reset();
    }, 200);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (add.isPending) return;
    const trimmedName = name.trim();
    const trimmedUrl = url.trim();
    const found = validate(trimmedName, trimmedUrl);
    setErrors(found);
    if (found.name) return nameRef.current?.focus();
    if (found.url) return urlRef.current?.focus();
    const trimmedDescription = description.trim();
    add.mutate(
      { name: trimmedName, type, format, url: trimmedUrl, ...(trimmedDescription ? { description: trimmedDescription } : {}) },
      { onSuccess: () => close(false) },
    );
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent data-testid="add-dataset-dialog">
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{t("sanctions.add.title")}</DialogTitle>
            <DialogDescription>{t("sanctions.add.description")}</DialogDescription>
          </DialogHeader>

          <div className="grid gap-2">
            <Label htmlFor={ids.name}>{t("sanctions.add.nameLabel")}</Label>
            <Input
              id={ids.name}
              ref={nameRef}
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                if (errors.name) setErrors((current) => ({ ...current, name: undefined }));
              }}
              placeholder={t("sanctions.add.namePlaceholder")}
              maxLength={NAME_MAX}
              autoComplete="off"
              required
              aria-invalid={!!errors.name}
              aria-describedby={errors.name ? ids.nameError : undefined}
            />
            {errors.name && (
              <p id={ids.nameError} className="text-sm text-destructive">
                {t(errors.name)}
              </p>
            )}
          </div>

          <fieldset className="grid gap-2">
            <legend id={ids.type} className="mb-2 text-sm font-medium leading-none">
              {t("sanctions.add.typeLabel")}
            </legend>
            <RadioGroup aria-labelledby={ids.type} value={type} onValueChange={(value) => setType(value as DatasetType)} className="grid grid-cols-2 gap-3">
              {TYPE_OPTIONS.map((option) => (
                <TypeOption key={option.value} value={option.value} checked={type === option.value} label={t(option.labelKey)} />
              ))}
            </RadioGroup>
          </fieldset>

          <div className="grid gap-2">
            <Label htmlFor={ids.format}>{t("sanctions.add.formatLabel")}</Label>
            <Select value={format} onValueChange={(value) => setFormat(value as DatasetFormat)}>
              <SelectTrigger id={ids.format} className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {DATASET_FORMATS.map((id) => (
                  <SelectItem key={id} value={id}>
                    {t(FORMAT_LABEL_KEYS[id])}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>

          <div className="grid gap-2">
            <Label htmlFor={ids.url}>{t("sanctions.add.urlLabel")}</Label>
            <Input
              id={ids.url}
              ref={urlRef}
              type="url"
              inputMode="url"
              value={url}
              onChange={(event) => {
                setUrl(event.target.value);
                if (errors.url) setErrors((current) => ({ ...current, url: undefined }));
              }}
              placeholder="https://"
              autoComplete="off"
              spellCheck={false}
              required
              aria-invalid={!!errors.url}
              aria-describedby={errors.url ? `${ids.urlError} ${ids.urlHint}` : ids.urlHint}
            />
            <p id={ids.urlHint} className="text-xs text-muted-foreground">
              {t("sanctions.add.urlHint")}
            </p>
            {errors.url && (
              <p id={ids.urlError} className="text-sm text-destructive">
                {t(errors.url)}
              </p>
            )}
          </div>

          <div className="grid gap-2">
            <Label htmlFor={ids.description}>
              {t("sanctions.add.descriptionLabel")}
              <span className="font-normal text-muted-foreground">{t("sanctions.add.optional")}</span>
            </Label>
            <textarea
              id={ids.description}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              maxLength={DESCRIPTION_MAX}
              rows={3}
              className={cn(
                "flex min-h-16 w-full min-w-0 resize-y rounded-md border border-input bg-transparent px-3 py-2 text-base shadow-xs outline-none transition-[color,box-shadow] placeholder:text-muted-foreground md:text-sm dark:bg-input/30",
                "focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50",
              )}
            />
          </div>

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
