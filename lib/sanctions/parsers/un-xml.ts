import { type AliasKind, DatasetFormatError, type IdentifierKind, type SanctionsEntity } from "../entity.ts";
import { addAlias, addIdentifier, addUnique, joinParts, newEntity } from "./entity-builder.ts";
import type { SourceFile } from "./source.ts";
import { cleanText, isoDay } from "./text.ts";
import { children, readXmlRecords, text, type XmlNode } from "./xml.ts";

const REPEATED = new Set([
  "INDIVIDUAL",
  "ENTITY",
  "INDIVIDUAL_ALIAS",
  "ENTITY_ALIAS",
  "INDIVIDUAL_ADDRESS",
  "ENTITY_ADDRESS",
  "INDIVIDUAL_DATE_OF_BIRTH",
  "NATIONALITY",
  "VALUE",
  "INDIVIDUAL_DOCUMENT",
]);

const ALIAS_KINDS: Record<string, AliasKind> = { good: "aka", "a.k.a.": "aka", "": "aka", low: "weak", "f.k.a.": "fka" };

function birthDate(node: XmlNode): string {
  const type = text(node, "TYPE_OF_DATE").trim().toUpperCase();
  const exact = isoDay(text(node, "DATE")) ?? text(node, "YEAR").trim();
  if (type === "BETWEEN") {
    const from = text(node, "FROM_YEAR").trim();
    const to = text(node, "TO_YEAR").trim();
    if (from && to) return `${from} to ${to}`;
  }
  if (!exact) return "";
  return type === "APPROXIMATELY" ? `circa ${exact}` : exact;
}

/** TYPE_OF_DOCUMENT (in English, Spanish or French) as an identifier kind; null for other documents. */
function documentKind(type: string): IdentifierKind | null {
  const t = type.toLowerCase();
  if (/pass(port|eport)|pasaporte/.test(t)) return "passport";
  if (/\btax\b|fiscal/.test(t)) return "tax_id";
  if (/identi|\bid\b|ssn|social security|c[ée]dula|dni/.test(t)) return "national_id";
  return null;
}

/** "Libyan passport number 347834, issued ...", "SSN 156-92-9858 (United States of America)": the number in a note. */
const NUMBER_IN_NOTE = /(?:number|No\.?|SSN)\s*:?\s*([A-Z]{0,3}\s?[0-9][0-9A-Z\- ]{3,}[0-9A-Z])/i;
/** "International Maritime Organization (IMO) Number: 1790183", "IMO 5434358". */
const IMO_IN_TEXT = /\bIMO\)?\s*(?:Number|No\.?)?\s*:?\s*(\d{7})\b/g;

function addDocuments(entity: SanctionsEntity, record: XmlNode): void {
  for (const doc of children(record, "INDIVIDUAL_DOCUMENT")) {
    const kind = documentKind(`${text(doc, "TYPE_OF_DOCUMENT")} ${text(doc, "TYPE_OF_DOCUMENT2")}`);
    if (!kind) continue;
    const number = cleanText(text(doc, "NUMBER")) || (NUMBER_IN_NOTE.exec(cleanText(text(doc, "NOTE")))?.[1] ?? "");
    addIdentifier(entity, kind, number, text(doc, "ISSUING_COUNTRY") || text(doc, "COUNTRY_OF_ISSUE"));
  }
  for (const match of cleanText(text(record, "COMMENTS1")).matchAll(IMO_IN_TEXT)) addIdentifier(entity, "imo", match[1]);
}

function parseRecord(datasetId: string, record: XmlNode, kind: "INDIVIDUAL" | "ENTITY"): SanctionsEntity {
  const dataId = text(record, "DATAID").trim();
  if (!dataId) throw new DatasetFormatError(`an ${kind} without DATAID (named "${cleanText(text(record, "FIRST_NAME"))}")`);
  // "na" (not available) stands in for a missing name part.
  const parts = ["FIRST_NAME", "SECOND_NAME", "THIRD_NAME", "FOURTH_NAME"].map((tag) => text(record, tag));
  const name = joinParts(
    parts.filter((part) => part.trim().toLowerCase() !== "na"),
    " ",
  );
  if (!name) throw new DatasetFormatError(`${kind} ${dataId} has no name`);
  const entity = newEntity(datasetId, dataId, kind === "INDIVIDUAL" ? "Person" : "Organization", name);

  addAlias(entity, text(record, "NAME_ORIGINAL_SCRIPT"), "original_script");
  for (const alias of children(record, `${kind}_ALIAS`)) {
    const quality = cleanText(text(alias, "QUALITY")).toLowerCase();
    const aliasKind = ALIAS_KINDS[quality] ?? "aka";
    // One ALIAS_NAME may hold several spellings: "Azim Adhajani; Azim Agha-Jani".
    for (const name of text(alias, "ALIAS_NAME").split(/;\s+/)) addAlias(entity, name, aliasKind);
    addUnique(entity.birthDates, isoDay(text(alias, "DATE_OF_BIRTH")));
  }

  for (const dob of children(record, "INDIVIDUAL_DATE_OF_BIRTH")) addUnique(entity.birthDates, birthDate(dob));
  for (const nationality of children(record, "NATIONALITY")) {
    for (const value of children(nationality, "VALUE")) addUnique(entity.nationalities, value["#text"]);
  }
  addDocuments(entity, record);
  for (const address of children(record, `${kind}_ADDRESS`)) {
    const parts = ["STREET", "CITY", "STATE_PROVINCE", "ZIP_CODE", "COUNTRY"].map((tag) => text(address, tag));
    addUnique(entity.addresses, joinParts(parts));
  }

  const listType = cleanText(text(record, "UN_LIST_TYPE"));
  const reference = cleanText(text(record, "REFERENCE_NUMBER"));
  addUnique(entity.programs, listType);
  addUnique(entity.programs, reference);
  entity.listedOn = isoDay(text(record, "LISTED_ON"));
  entity.remarks = cleanText(text(record, "COMMENTS1")) || null;
  // The UN publishes no page per entry; a text fragment takes the browser to the reference on the list page.
  entity.sourceUrl = reference
    ? `https://scsanctions.un.org/consolidated/#:~:text=${encodeURIComponent(reference)}`
    : "https://scsanctions.un.org/consolidated/";
  return entity;
}

/** Each record stands in its section: an INDIVIDUAL in INDIVIDUALS, an ENTITY in ENTITIES. */
const RECORDS = new Map([
  ["INDIVIDUAL", "INDIVIDUALS"],
  ["ENTITY", "ENTITIES"],
]);

/** The UN consolidated list's records, one at a time as the file is read (in the file's order). */
export function* readUnXml(datasetId: string, file: SourceFile): Generator<SanctionsEntity> {
  const counts = { INDIVIDUAL: 0, ENTITY: 0 };
  for (const { name, node } of readXmlRecords(file, { root: "CONSOLIDATED_LIST", repeated: REPEATED }, RECORDS)) {
    const kind = name as "INDIVIDUAL" | "ENTITY";
    const index = counts[kind]++;
    try {
      yield parseRecord(datasetId, node, kind);
    } catch (error) {
      if (!(error instanceof DatasetFormatError)) throw error;
      throw new DatasetFormatError(`${file.name}, ${kind} #${index + 1}: ${error.message}`);
    }
  }
}
