/** monitor_entity: a name added to monitoring, as POST /api/v1/monitoring/entities adds it. */
import { z } from "zod";
import { addMonitoredEntity, monitoredEntityView } from "../../monitoring/entities.ts";
import { monitoredEntityViewSchema, newMonitoredEntitySchema } from "../../monitoring/schemas.ts";
import { defineTool } from "../tool-kit.ts";

const entity = newMonitoredEntitySchema.shape;

export const monitorEntity = defineTool({
  name: "monitor_entity",
  title: "Monitor a person or company",
  description:
    "Adds a name to monitoring: it is screened again daily, weekly or monthly (each check costs the automated search price in credits) and a change in its findings is flagged for review. Give the details you know (birth date, nationality, identifiers) to tell namesakes apart, and your own reference (customerRef). Refused if the subject is already monitored. Needs the monitor scope.",
  scope: "monitor",
  writes: true,
  input: z.strictObject({
    name: entity.searchTerm.describe("The person's or company's name"),
    type: entity.entityType.describe("person (default) or company"),
    frequency: entity.frequency.describe("daily (default), weekly or monthly"),
    country: entity.country.describe("Optional: the country whose news is searched (ISO 3166 code)"),
    birthDate: entity.birthDate.describe("Optional: birth year (1968) or date (1968-03-14)"),
    nationality: entity.nationality.describe("Optional: nationality, an ISO 3166 code"),
    identifiers: entity.identifiers.describe("Optional: identifiers { kind, value }"),
    customerRef: entity.customerRef.describe("Optional: your own reference for the subject (never screened)"),
  }),
  output: monitoredEntityViewSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  async run({ deps, principal }, { name, type, ...rest }) {
    const input = newMonitoredEntitySchema.parse({ searchTerm: name, entityType: type, ...rest });
    return monitoredEntityView(await addMonitoredEntity(deps.db, principal.user.id, input));
  },
});
