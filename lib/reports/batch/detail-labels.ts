/**
 * The words of the batch files' columns for what a row gave beside its name (its identifiers and the customer's
 * reference); birth date and nationality use the report's own labels. Kept beside the batch writers that use them.
 */
import type { ReportLanguage } from "../../screening/summary/phrasebook.ts";

export interface BatchDetailLabels {
  customerRef: string;
  identifiers: string;
  /** "Ref." before a customer reference in the PDF's name cell. */
  ref: string;
}

const LABELS: Record<ReportLanguage, BatchDetailLabels> = {
  en: { customerRef: "Customer reference", identifiers: "Identifiers", ref: "Ref." },
  de: { customerRef: "Kundenreferenz", identifiers: "Kennungen", ref: "Ref." },
  es: { customerRef: "Referencia del cliente", identifiers: "Identificadores", ref: "Ref." },
  fr: { customerRef: "Référence client", identifiers: "Identifiants", ref: "Réf." },
};

export const batchDetailLabels = (language: ReportLanguage): BatchDetailLabels => LABELS[language];

/** A row's identifiers in one cell: "passport:FA1234567; imo:9123456". */
export const identifiersCell = (identifiers: readonly { kind: string; value: string }[]): string | null =>
  identifiers.length ? identifiers.map((i) => `${i.kind}:${i.value}`).join("; ") : null;
