import { type DatasetFile, DatasetFormatError, type EntitySchema, type IdentifierKind, type SanctionsEntity } from "../entity.ts";
import { addAlias, addIdentifier, addUnique, newEntity } from "./entity-builder.ts";
import { FtmPepLinks } from "./ftm-pep.ts";
import { type JsonRecord, jsonLines, strings } from "./json-lines.ts";
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

/** FollowTheMoney properties holding identifiers a search can carry. */
const ID_PROPERTIES: [property: string, kind: IdentifierKind][] = [
  ["passportNumber", "passport"],
  ["idNumber", "national_id"],
  ["taxNumber", "tax_id"],
  ["innCode", "tax_id"],
  ["vatCode", "tax_id"],
  ["imoNumber", "imo"],
  ["leiCode", "lei"],
];

/** Identifier documents published as entities of their own, bound to their holder. */
const DOCUMENT_SCHEMAS: Record<string, IdentifierKind | "by_type"> = { Passport: "passport", Identification: "by_type", CryptoWallet: "crypto_wallet" };

const propertiesOf = (record: JsonRecord) => (typeof record.properties === "object" && record.properties !== null ? record.properties : {}) as JsonRecord;

/** A Passport, Identification or CryptoWallet entity as its holders' identifier. */
function documentOf(schema: string, record: JsonRecord): { holders: string[]; kind: IdentifierKind; value: string; country?: string } | null {
  const properties = propertiesOf(record);
  const holders = strings(properties.holder);
  let kind = DOCUMENT_SCHEMAS[schema];
  if (kind === "by_type") {
    const type = strings(properties.type).join(" ").toLowerCase();
    kind = /passport/.test(type) ? "passport" : /tax|inn\b|vat/.test(type) ? "tax_id" : "national_id";
  }
  const value = (kind === "crypto_wallet" ? strings(properties.publicKey) : strings(properties.number))[0];
  if (!value || holders.length === 0) return null;
  const country = strings(properties.country)[0];
  return { holders, kind, value, ...(country ? { country } : {}) };
}

function toEntity(datasetId: string, id: string, schema: EntitySchema, record: JsonRecord): SanctionsEntity | null {
  const properties = propertiesOf(record);
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
  for (const [property, kind] of ID_PROPERTIES) for (const value of strings(properties[property])) addIdentifier(entity, kind, value);
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
  const documents: NonNullable<ReturnType<typeof documentOf>>[] = [];
  // Positions, occupancies and family or associate links may come anywhere in the file: all are read first.
  const pep = new FtmPepLinks();
  for (const { record } of jsonLines(file)) pep.collect(record);
  pep.endOfFirstPass();
  for (const { line, record } of jsonLines(file)) {
    if (typeof record.id !== "string" || !record.id) throw new DatasetFormatError(`${file.name} line ${line}: entity without "id"`);
    if (typeof record.schema !== "string") throw new DatasetFormatError(`${file.name} line ${line}: entity ${record.id} without "schema"`);
    if (DOCUMENT_SCHEMAS[record.schema]) {
      const document = documentOf(record.schema, record);
      if (document) documents.push(document);
      continue;
    }
    const schema = SCHEMAS[record.schema];
    if (!schema || record.target === false) continue;
    const entity = toEntity(datasetId, record.id, schema, record);
    if (!entity) continue;
    const details = schema === "Person" ? pep.detailsOf(record.id, strings(propertiesOf(record).topics)) : undefined;
    if (details) entity.pep = details;
    entities.push(entity);
  }
  // Documents may come before or after their holders: they are bound once every entity is read.
  if (documents.length > 0) {
    const bySourceId = new Map(entities.map((e) => [e.sourceId, e]));
    for (const document of documents) {
      for (const holder of document.holders) {
        const entity = bySourceId.get(holder);
        if (entity) addIdentifier(entity, document.kind, document.value, document.country);
      }
    }
  }
  return entities;
}
