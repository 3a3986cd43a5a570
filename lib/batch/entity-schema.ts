/**
 * One entity of a batch (a JSON row of POST /api/batch-jobs/{id}/entities, or a CSV row): a search request with its
 * subject's details flat beside the name, as a row of a customer file has them (birthDate, nationality, identifiers),
 * and a customer reference. The details are checked with the search's own rules (searchDetailsSchema) and folded into
 * `details`, so a batch row is screened exactly as a manual search with the same details is. `details` itself is
 * still taken; a detail given both ways is refused rather than one silently winning. Only zod and shared rules: the
 * web bundle includes this file.
 */
import type { z } from "zod";
import { customerRefSchema } from "../screening/customer-ref.ts";
import { type CreateSearchFields, createSearchSchema, type SearchDetails, searchDetailsSchema, storedSearchDetails } from "../screening/schemas.ts";

const DETAIL_FIELDS = ["birthDate", "nationality", "identifiers"] as const;

export const batchEntitySchema = createSearchSchema
  .extend({
    birthDate: searchDetailsSchema.shape.birthDate,
    nationality: searchDetailsSchema.shape.nationality,
    identifiers: searchDetailsSchema.shape.identifiers,
    customerRef: customerRefSchema,
  })
  .superRefine((entity, ctx) => {
    for (const field of DETAIL_FIELDS) {
      if (entity[field] !== undefined && entity.details?.[field] !== undefined) {
        ctx.addIssue({ code: "custom", path: [field], message: `${field} is given twice: at the top level and in details` });
      }
    }
  })
  .transform(({ birthDate, nationality, identifiers, customerRef, details, ...search }): BatchEntity => {
    const merged = storedSearchDetails({ ...details, ...definedOnly({ birthDate, nationality, identifiers }) });
    return { ...search, ...(merged ? { details: merged } : {}), ...(customerRef ? { customerRef } : {}) };
  });

/** A batch row as it is screened: a search request and the customer's reference. */
export type BatchEntity = CreateSearchFields & { customerRef?: string };
export type BatchEntityRequest = z.input<typeof batchEntitySchema>;

function definedOnly(details: SearchDetails): SearchDetails {
  return Object.fromEntries(Object.entries(details).filter(([, value]) => value !== undefined));
}
