import type { IdentifierKind } from "@lib/sanctions/entity.ts";
import { type SearchDetails, searchDetailsSchema } from "@lib/screening/schemas.ts";

/** The "More details" fields as typed: a birth date as a year or a full date, a nationality, identifier rows. */
export interface DetailsValues {
  birthDateMode: "year" | "date";
  birthDate: string;
  /** An ISO code, or "" for none. */
  nationality: string;
  identifiers: { id: number; kind: IdentifierKind; value: string }[];
}

export const EMPTY_DETAILS: DetailsValues = { birthDateMode: "year", birthDate: "", nationality: "", identifiers: [] };

/** Which field a message belongs to: "birthDate", "nationality", "identifiers" (the list) or "identifier.<row id>". */
export type DetailsErrors = Record<string, string>;

/** The request's `details` (undefined when nothing was given), or the schema's messages by field. */
export function readDetails(values: DetailsValues): { details?: SearchDetails; errors: DetailsErrors } {
  const input = {
    birthDate: values.birthDate.trim() || undefined,
    nationality: values.nationality || undefined,
    identifiers: values.identifiers.length ? values.identifiers.map(({ kind, value }) => ({ kind, value })) : undefined,
  };
  if (!input.birthDate && !input.nationality && !input.identifiers) return { errors: {} };
  const parsed = searchDetailsSchema.safeParse(input);
  if (parsed.success) return { details: parsed.data, errors: {} };
  const errors: DetailsErrors = {};
  for (const issue of parsed.error.issues) {
    const [field, row] = issue.path;
    const key = field === "identifiers" && typeof row === "number" ? `identifier.${values.identifiers[row].id}` : String(field);
    errors[key] ??= issue.message;
  }
  return { errors };
}

/** How many fields are filled: shown on the collapsed section so a filled section is never forgotten. */
export function filledDetails(values: DetailsValues): number {
  return (values.birthDate.trim() ? 1 : 0) + (values.nationality ? 1 : 0) + values.identifiers.filter((i) => i.value.trim()).length;
}
