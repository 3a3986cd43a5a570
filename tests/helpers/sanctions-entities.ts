import { blankEntity, type EntitySchema, type SanctionsEntity } from "../../lib/sanctions/entity.ts";

/** A listed entity with only its names; `extra` sets any other field (datasetId defaults to "test_list"). */
export function sanctionsEntity(
  sourceId: string,
  schema: EntitySchema,
  name: string,
  aliases: string[] = [],
  extra: Partial<SanctionsEntity> = {},
): SanctionsEntity {
  return {
    ...blankEntity(extra.datasetId ?? "test_list", sourceId, schema, name),
    aliases: aliases.map((alias) => ({ name: alias, kind: "aka" as const })),
    ...extra,
  };
}
