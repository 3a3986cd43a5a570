import { DatasetFormatError, type IdentifierKind, type SanctionsEntity } from "../entity.ts";
import { addAlias, addIdentifier, addUnique, joinParts, newEntity, settleNames } from "./entity-builder.ts";
import type { SourceFile } from "./source.ts";
import { cleanText, isoDay } from "./text.ts";
import { children, readXmlRecords, text, type XmlNode } from "./xml.ts";

const REPEATED = new Set(["sanctionEntity", "nameAlias", "citizenship", "birthdate", "address", "regulation", "remark", "identification"]);

/**
 * identificationTypeCode (passport, id, ssn, fiscalcode, tax, imo, lei, ...) or, failing it, the description, as an
 * identifier kind; null for documents a search cannot carry (registration numbers, driving licences, SWIFT codes).
 */
function identificationKind(code: string, description: string): IdentifierKind | null {
  const c = code.toLowerCase();
  const d = description.toLowerCase();
  if (c === "imo" || /\bimo\b/.test(d)) return "imo";
  if (c === "lei" || /\blei\b|legal entity identifier/.test(d)) return "lei";
  if (c.includes("passport") || d.includes("passport")) return "passport";
  if (c === "fiscalcode" || c === "tax" || c === "inn" || /\btax\b|fiscal|\binn\b/.test(d)) return "tax_id";
  if (c === "id" || c === "ssn" || c === "nationalid" || /identi(ty|fication) (card|number)|national id|social security/.test(d)) return "national_id";
  return null;
}

/** The EU writes "UNKNOWN" (with ISO code "00") where a country is not known. */
function country(node: XmlNode): string {
  const description = cleanText(text(node, "@countryDescription"));
  return description.toUpperCase() === "UNKNOWN" ? "" : description;
}

function aliasName(alias: XmlNode): string {
  return cleanText(text(alias, "@wholeName")) || joinParts([text(alias, "@firstName"), text(alias, "@middleName"), text(alias, "@lastName")], " ");
}

function birthDate(node: XmlNode): string {
  const circa = text(node, "@circa") === "true" ? "circa " : "";
  const full = isoDay(text(node, "@birthdate"));
  if (full) return circa + full;
  const from = text(node, "@yearRangeFrom").trim();
  const to = text(node, "@yearRangeTo").trim();
  if (from && to) return `${from} to ${to}`;
  const year = text(node, "@year").trim();
  if (!year) return "";
  const month = text(node, "@monthOfYear").trim();
  return circa + (month ? `${year}-${month.padStart(2, "0")}` : year);
}

function parseEntry(datasetId: string, entry: XmlNode): SanctionsEntity {
  const logicalId = text(entry, "@logicalId").trim();
  if (!logicalId) throw new DatasetFormatError("a sanctionEntity without logicalId");
  const subjectType = text(children(entry, "subjectType")[0], "@code").trim().toLowerCase();
  const entity = newEntity(datasetId, logicalId, subjectType === "person" ? "Person" : "Organization", "");

  // The first strong name is the primary name; strong="false" marks a weak (low quality) alias.
  for (const alias of children(entry, "nameAlias")) {
    const name = aliasName(alias);
    const strong = text(alias, "@strong") !== "false";
    if (!entity.name && strong && name) entity.name = name;
    else addAlias(entity, name, strong ? "aka" : "weak");
  }
  if (!settleNames(entity)) throw new DatasetFormatError(`sanctionEntity ${logicalId} has no name`);

  for (const citizenship of children(entry, "citizenship")) addUnique(entity.nationalities, country(citizenship));
  for (const birth of children(entry, "birthdate")) addUnique(entity.birthDates, birthDate(birth));
  for (const id of children(entry, "identification")) {
    const kind = identificationKind(text(id, "@identificationTypeCode"), text(id, "@identificationTypeDescription"));
    if (kind) addIdentifier(entity, kind, text(id, "@number") || text(id, "@latinNumber"), country(id));
  }
  for (const address of children(entry, "address")) {
    const parts = ["@street", "@poBox", "@zipCode", "@city", "@place", "@region"].map((attr) => text(address, attr));
    addUnique(entity.addresses, joinParts([...parts, country(address)]));
  }

  const regulations = children(entry, "regulation");
  for (const regulation of regulations) addUnique(entity.programs, text(regulation, "@programme"));
  const published = regulations
    .map((regulation) => ({ date: isoDay(text(regulation, "@publicationDate")), url: cleanText(text(regulation, "publicationUrl")) }))
    .filter((regulation) => regulation.date)
    .sort((a, b) => (a.date! < b.date! ? -1 : 1));
  entity.listedOn = isoDay(text(entry, "@designationDate")) ?? published[0]?.date ?? null;
  // No page per entry exists; the legal act that listed it is the authoritative source.
  entity.sourceUrl = published.find((regulation) => regulation.url)?.url || null;
  entity.remarks =
    children(entry, "remark")
      .map((remark) => cleanText(remark["#text"]))
      .filter(Boolean)
      .join(" ") || null;
  return entity;
}

const RECORDS = new Map([["sanctionEntity", "export"]]);

/** The EU list's entries, one at a time as the file is read. */
export function* readEuXml(datasetId: string, file: SourceFile): Generator<SanctionsEntity> {
  let index = 0;
  for (const { node } of readXmlRecords(file, { root: "export", repeated: REPEATED, attributes: true }, RECORDS)) {
    index++;
    try {
      yield parseEntry(datasetId, node);
    } catch (error) {
      if (!(error instanceof DatasetFormatError)) throw error;
      throw new DatasetFormatError(`${file.name}, sanctionEntity #${index}: ${error.message}`);
    }
  }
}
