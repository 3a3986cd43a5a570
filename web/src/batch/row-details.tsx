import { useTranslation } from "react-i18next";
import type { BatchResultRow } from "./types";

/**
 * Under a result's name: the customer's reference and the details the row was screened with (birth date,
 * nationality, identifiers), each named, so a result can be matched back to the customer file. Nothing when the row
 * gave none.
 */
export function RowDetails({ row }: { row: Pick<BatchResultRow, "customerRef" | "birthDate" | "nationality" | "identifiers"> }) {
  const { t } = useTranslation();
  const facts: [string, string, string][] = [];
  if (row.customerRef) facts.push(["customerRef", t("batch.details.customerRef"), row.customerRef]);
  if (row.birthDate) facts.push(["birthDate", t("batch.details.birthDate"), row.birthDate]);
  if (row.nationality) facts.push(["nationality", t("batch.details.nationality"), row.nationality]);
  if (row.identifiers.length) facts.push(["identifiers", t("batch.details.identifiers"), row.identifiers.map((i) => `${i.kind}:${i.value}`).join(", ")]);
  if (facts.length === 0) return null;
  return (
    <dl className="mt-1 grid gap-0.5 text-xs font-normal text-muted-foreground" data-testid="batch-result-details">
      {facts.map(([key, label, value]) => (
        <div key={key} className="flex flex-wrap gap-x-1">
          <dt>{label}:</dt> <dd className="wrap-anywhere">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
