import type { EntitySchema, SanctionsEntity } from "../../lib/sanctions/entity.ts";

/** A listed entity with only its names; `extra` sets any other field (datasetId defaults to "test_list"). */
export function sanctionsEntity(
  sourceId: string,
  schema: EntitySchema,
  name: string,
  aliases: string[] = [],
  extra: Partial<SanctionsEntity> = {},
): SanctionsEntity {
  const datasetId = extra.datasetId ?? "test_list";
  return {
    id: `${datasetId}:${sourceId}`,
    datasetId,
    sourceId,
    schema,
    name,
    aliases: aliases.map((alias) => ({ name: alias, kind: "aka" as const })),
    nationalities: [],
    birthDates: [],
    programs: [],
    addresses: [],
    remarks: null,
    listedOn: null,
    sourceUrl: null,
    ...extra,
  };
}
