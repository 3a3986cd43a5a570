import { Button } from "@duecheck/ui/button";
import { Input } from "@duecheck/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@duecheck/ui/select";
import type { IdentifierKind } from "@lib/sanctions/entity.ts";
import { IDENTIFIER_KINDS, MAX_SEARCH_IDENTIFIERS } from "@lib/screening/schemas.ts";
import { PlusIcon, Trash2Icon } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { identifierKindLabel } from "../match-evidence";
import type { DetailsErrors, DetailsValues } from "./details-values";
import { FieldError } from "./field-error";

type Row = DetailsValues["identifiers"][number];

/** Identifiers as kind + value rows, added and removed one at a time (at most MAX_SEARCH_IDENTIFIERS). */
export function IdentifierRows({ values, onChange, errors }: { values: DetailsValues; onChange: (values: DetailsValues) => void; errors: DetailsErrors }) {
  const { t } = useTranslation();
  const titleId = useId();
  const rows = values.identifiers;
  const setRows = (identifiers: Row[]) => onChange({ ...values, identifiers });
  const add = () => setRows([...rows, { id: Math.max(0, ...rows.map((r) => r.id)) + 1, kind: "passport", value: "" }]);
  return (
    <fieldset className="grid gap-2" aria-labelledby={titleId}>
      <legend id={titleId} className="mb-2 text-sm font-medium">
        {t("search.details.identifiers")}
      </legend>
      {rows.length === 0 && <p className="text-xs text-muted-foreground">{t("search.details.identifiersHint")}</p>}
      <ul className="grid gap-2">
        {rows.map((row, index) => (
          <IdentifierRow
            key={row.id}
            row={row}
            number={index + 1}
            error={errors[`identifier.${row.id}`]}
            onChange={(next) => setRows(rows.map((r) => (r.id === row.id ? next : r)))}
            onRemove={() => setRows(rows.filter((r) => r.id !== row.id))}
          />
        ))}
      </ul>
      <FieldError id={`${titleId}-error`} message={errors.identifiers} />
      {rows.length < MAX_SEARCH_IDENTIFIERS && (
        <Button type="button" variant="outline" size="sm" className="w-fit" onClick={add}>
          <PlusIcon aria-hidden />
          {t("search.details.addIdentifier")}
        </Button>
      )}
    </fieldset>
  );
}

function IdentifierRow({
  row,
  number,
  error,
  onChange,
  onRemove,
}: {
  row: Row;
  number: number;
  error?: string;
  onChange: (row: Row) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const errorId = useId();
  return (
    <li className="grid gap-1" data-testid="identifier-row">
      <div className="flex flex-col gap-2 sm:flex-row">
        <Select value={row.kind} onValueChange={(kind) => onChange({ ...row, kind: kind as IdentifierKind })}>
          <SelectTrigger className="w-full sm:w-56" aria-label={t("search.details.identifierKind", { number })}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {IDENTIFIER_KINDS.map((kind) => (
              <SelectItem key={kind} value={kind}>
                {identifierKindLabel(t, kind)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Input
          value={row.value}
          onChange={(event) => onChange({ ...row, value: event.target.value })}
          aria-label={t("search.details.identifierValue", { number })}
          aria-invalid={!!error || undefined}
          aria-describedby={error ? errorId : undefined}
          maxLength={120}
          autoComplete="off"
        />
        <Button type="button" variant="ghost" size="icon" onClick={onRemove} aria-label={t("search.details.removeIdentifier", { number })}>
          <Trash2Icon aria-hidden />
        </Button>
      </div>
      <FieldError id={errorId} message={error} />
    </li>
  );
}
