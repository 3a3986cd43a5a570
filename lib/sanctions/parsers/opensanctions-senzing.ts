import { DatasetFormatError, type EntitySchema, type IdentifierKind, type SanctionsEntity } from "../entity.ts";
import { addAlias, addIdentifier, addUnique, joinParts, newEntity, settleNames } from "./entity-builder.ts";
import { type JsonRecord, jsonLines, objects } from "./json-lines.ts";
import { SenzingPepLinks } from "./senzing-pep.ts";
import type { SourceFile } from "./source.ts";
import { cleanText } from "./text.ts";

/** Senzing record types as OpenSanctions exports them; VEHICLE and untyped records (positions) are skipped. */
const SCHEMAS: Record<string, EntitySchema> = {
  PERSON: "Person",
  ORGANIZATION: "Organization",
  VESSEL: "Vessel",
  AIRCRAFT: "Aircraft",
};

function fullName(name: JsonRecord): string {
  const whole = name.NAME_FULL ?? name.NAME_ORG;
  if (typeof whole === "string" && whole.trim()) return whole;
  return joinParts([name.NAME_PREFIX, name.NAME_FIRST, name.NAME_MIDDLE, name.NAME_LAST, name.NAME_SUFFIX], " ");
}

/** Senzing's identifier attributes, each with the attribute naming its issuing country. */
const ID_ATTRIBUTES: [number: string, country: string, kind: IdentifierKind][] = [
  ["PASSPORT_NUMBER", "PASSPORT_COUNTRY", "passport"],
  ["NATIONAL_ID_NUMBER", "NATIONAL_ID_COUNTRY", "national_id"],
  ["TAX_ID_NUMBER", "TAX_ID_COUNTRY", "tax_id"],
  ["LEI_NUMBER", "", "lei"],
  ["IMO_NUMBER", "", "imo"],
];

/** OTHER_ID_TYPE / TRUSTED_ID_TYPE values that are identifiers a search can carry (WIKIDATA, OPEN_SANCTIONS are not). */
function otherIdKind(type: unknown): IdentifierKind | null {
  const t = String(type ?? "").toUpperCase();
  if (t.includes("IMO")) return "imo";
  if (t.includes("LEI")) return "lei";
  if (t === "INN" || t.includes("TAX")) return "tax_id";
  if (t.includes("PASSPORT")) return "passport";
  if (t.includes("CRYPTO") || t.includes("WALLET")) return "crypto_wallet";
  return null;
}

function addIdentifiers(entity: SanctionsEntity, record: JsonRecord): void {
  for (const entry of objects(record.IDENTIFIERS)) {
    for (const [number, country, kind] of ID_ATTRIBUTES)
      if (entry[number] !== undefined) addIdentifier(entity, kind, entry[number], country ? entry[country] : undefined);
    for (const prefix of ["OTHER_ID", "TRUSTED_ID"]) {
      const kind = otherIdKind(entry[`${prefix}_TYPE`]);
      if (kind) addIdentifier(entity, kind, entry[`${prefix}_NUMBER`], entry[`${prefix}_COUNTRY`]);
    }
  }
}

function address(entry: JsonRecord): string {
  if (typeof entry.ADDR_FULL === "string") return entry.ADDR_FULL;
  const parts = ["ADDR_LINE1", "ADDR_LINE2", "ADDR_LINE3", "ADDR_CITY", "ADDR_STATE", "ADDR_POSTAL_CODE", "ADDR_COUNTRY"];
  return joinParts(parts.map((key) => entry[key]));
}

/** OpenSanctions senzing.json: one Senzing entity record a line (any OpenSanctions collection, e.g. PEPs), read a line at a time. */
export function* readOpenSanctionsSenzing(datasetId: string, file: SourceFile): Generator<SanctionsEntity> {
  // Posts and links between persons may come anywhere in the file: a first pass reads them all.
  const pep = new SenzingPepLinks();
  for (const { record } of jsonLines(file)) pep.collect(record);
  for (const { line, record } of jsonLines(file)) {
    const recordId = typeof record.RECORD_ID === "string" || typeof record.RECORD_ID === "number" ? String(record.RECORD_ID) : "";
    if (!recordId) throw new DatasetFormatError(`${file.name} line ${line}: record without RECORD_ID`);
    const schema = SCHEMAS[String(record.RECORD_TYPE ?? "").toUpperCase()];
    if (!schema) continue;

    const entity = newEntity(datasetId, recordId, schema, "");
    const names = objects(record.NAMES);
    const primary = names.find((name) => name.NAME_TYPE === "PRIMARY");
    if (primary) entity.name = cleanText(fullName(primary));
    for (const name of names) if (name !== primary) addAlias(entity, fullName(name), "aka");
    if (!settleNames(entity)) throw new DatasetFormatError(`${file.name} line ${line}: record ${recordId} has no name`);

    for (const date of objects(record.DATES)) addUnique(entity.birthDates, date.DATE_OF_BIRTH);
    addIdentifiers(entity, record);
    const countries = objects(record.COUNTRIES);
    for (const country of countries) {
      addUnique(entity.nationalities, country.NATIONALITY);
      addUnique(entity.nationalities, country.CITIZENSHIP);
    }
    if (!entity.nationalities.length) {
      for (const country of countries) {
        addUnique(entity.nationalities, country.COUNTRY_OF_ASSOCIATION);
        addUnique(entity.nationalities, country.REGISTRATION_COUNTRY);
      }
    }
    // PLACE_OF_BIRTH entries share the ADDRESSES list; only real addresses are kept.
    for (const entry of objects(record.ADDRESSES)) if (entry.PLACE_OF_BIRTH === undefined) addUnique(entity.addresses, address(entry));
    entity.sourceUrl = typeof record.URL === "string" ? record.URL : null;
    const details = schema === "Person" ? pep.detailsOf(record) : undefined;
    if (details) entity.pep = details;
    yield entity;
  }
}

/** The whole file's entities at once (tests); an import streams them with readOpenSanctionsSenzing. */
export const parseOpenSanctionsSenzing = (datasetId: string, file: SourceFile): SanctionsEntity[] => [...readOpenSanctionsSenzing(datasetId, file)];
