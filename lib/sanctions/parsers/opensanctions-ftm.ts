import { DatasetFormatError, type DatasetFile, type EntitySchema, type SanctionsEntity } from "../entity.ts";
import { addAlias, addUnique, newEntity } from "./entity-builder.ts";
import { jsonLines, strings, type JsonRecord } from "./json-lines.ts";
import { isoDay } from "./text.ts";

/** FollowTheMoney schemata screened against; Sanction, Address, Ownership, Passport and the like are skipped. */
const SCHEMAS: Record<string, EntitySchema> = {
  Person: "Person",
  Organization: "Organization",
  Company: "Organization",
  LegalEntity: "Organization",
  PublicBody: "Organization",
  Vessel: "Vessel",
  Airplane: "Aircraft",
};

function toEntity(datasetId: string, id: string, schema: EntitySchema, record: JsonRecord): SanctionsEntity | null {
  const properties = (typeof record.properties === "object" && record.properties !== null ? record.properties : {}) as JsonRecord;
  const names = strings(properties.name);
  const caption = typeof record.caption === "string" ? record.caption : "";
  const primary = caption || names[0];
  if (!primary) return null;

  const entity = newEntity(datasetId, id, schema, primary);
  for (const name of [...names, ...strings(properties.alias), ...strings(properties.abbreviation)]) addAlias(entity, name, "aka");
  for (const name of strings(properties.previousName)) addAlias(entity, name, "fka");
  for (const name of strings(properties.weakAlias)) addAlias(entity, name, "weak");

  for (const country of [...strings(properties.nationality), ...strings(properties.citizenship)]) addUnique(entity.nationalities, country);
  if (!entity.nationalities.length) {
    const countries = [...strings(properties.country), ...strings(properties.jurisdiction), ...strings(properties.flag)];
    for (const country of countries) addUnique(entity.nationalities, country);
  }
  for (const date of strings(properties.birthDate)) addUnique(entity.birthDates, date);
  for (const program of [...strings(properties.programId), ...strings(properties.program)]) addUnique(entity.programs, program);
  for (const address of strings(properties.address)) addUnique(entity.addresses, address);
  entity.remarks = strings(properties.notes).join("\n") || null;
  entity.listedOn = typeof record.first_seen === "string" ? isoDay(record.first_seen) : null;
  entity.sourceUrl = `https://www.opensanctions.org/entities/${encodeURIComponent(id)}/`;
  return entity;
}

/**
 * OpenSanctions entities.ftm.json: one FollowTheMoney entity a line. Only screening targets are kept
 * (an entity marked "target": false is, for example, a vessel owner listed for context).
 */
export function parseOpenSanctionsFtm(datasetId: string, file: DatasetFile): SanctionsEntity[] {
  const entities: SanctionsEntity[] = [];
  for (const { line, record } of jsonLines(file)) {
    if (typeof record.id !== "string" || !record.id) throw new DatasetFormatError(`${file.name} line ${line}: entity without "id"`);
    if (typeof record.schema !== "string") throw new DatasetFormatError(`${file.name} line ${line}: entity ${record.id} without "schema"`);
    const schema = SCHEMAS[record.schema];
    if (!schema || record.target === false) continue;
    const entity = toEntity(datasetId, record.id, schema, record);
    if (entity) entities.push(entity);
  }
  return entities;
}
