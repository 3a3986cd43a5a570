import { Button } from "@duecheck/ui/button";
import { Input } from "@duecheck/ui/input";
import { Label } from "@duecheck/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@duecheck/ui/select";
import { PlusIcon } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { WATCHLIST_ENTITY_TYPES, WATCHLIST_IDENTIFIER_KINDS, type WatchlistEntityType } from "../../../lib/watchlists/contract.ts";
import { FormDialog } from "../components/form-dialog";
import { useAddEntry } from "./use-watchlists";

const EMPTY = { name: "", entityType: "person" as WatchlistEntityType, aliases: "", birthDate: "", nationality: "", identifiers: "", reason: "" };

const splitList = (text: string) =>
  text
    .split(";")
    .map((s) => s.trim())
    .filter(Boolean);

/** Adds one entry by hand: the same fields as a CSV line, aliases and identifiers separated by `;`. */
export function AddEntryDialog({ watchlistId }: { watchlistId: string }) {
  const { t } = useTranslation();
  const add = useAddEntry(watchlistId);
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(EMPTY);
  const id = useId();
  const set = (field: keyof typeof EMPTY) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: e.target.value }));
  const close = () => {
    setOpen(false);
    setForm(EMPTY);
    add.reset();
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    add.mutate(
      {
        name: form.name,
        entityType: form.entityType,
        aliases: splitList(form.aliases),
        birthDate: form.birthDate.trim() || null,
        nationality: form.nationality.trim() || null,
        // A kind the server does not know is refused there, with its words.
        identifiers: splitList(form.identifiers).map((written) => {
          const colon = written.indexOf(":");
          return { kind: written.slice(0, colon).trim().toLowerCase() as (typeof WATCHLIST_IDENTIFIER_KINDS)[number], value: written.slice(colon + 1).trim() };
        }),
        reason: form.reason.trim() || null,
      },
      { onSuccess: close },
    );
  };
  const field = (name: keyof typeof EMPTY, label: string, hint?: string) => (
    <div className="grid gap-1.5">
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      <Input id={`${id}-${name}`} value={form[name]} onChange={set(name)} aria-describedby={hint ? `${id}-${name}-hint` : undefined} />
      {hint && (
        <p id={`${id}-${name}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)} data-testid="add-entry">
        <PlusIcon aria-hidden />
        {t("watchlists.entry.add")}
      </Button>
      <FormDialog
        open={open}
        onClose={close}
        title={t("watchlists.entry.addTitle")}
        error={add.error}
        failedTitle={t("watchlists.entry.addFailed")}
        pending={add.isPending}
        submitLabel={t("watchlists.entry.add")}
        onSubmit={submit}
        testId="add-entry-dialog"
      >
        <div className="grid max-h-[60vh] gap-3 overflow-y-auto">
          {field("name", t("watchlists.column.name"))}
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-type`}>{t("watchlists.column.type")}</Label>
            <Select value={form.entityType} onValueChange={(v) => setForm((f) => ({ ...f, entityType: v as WatchlistEntityType }))}>
              <SelectTrigger id={`${id}-type`} className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {WATCHLIST_ENTITY_TYPES.map((type) => (
                  <SelectItem key={type} value={type}>
                    {t(`watchlists.type.${type}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          {field("aliases", t("watchlists.column.aliases"), t("watchlists.entry.aliasesHint"))}
          {field("birthDate", t("watchlists.column.birthDate"), t("watchlists.entry.birthDateHint"))}
          {field("nationality", t("watchlists.column.nationality"))}
          {field("identifiers", t("watchlists.column.identifiers"), t("watchlists.entry.identifiersHint", { kinds: WATCHLIST_IDENTIFIER_KINDS.join(", ") }))}
          {field("reason", t("watchlists.column.reason"))}
        </div>
      </FormDialog>
    </>
  );
}
