import { DatasetFormatError, type AliasKind, type DatasetFile, type SanctionsEntity } from "../entity.ts";
import { addAlias, addUnique, joinParts, newEntity } from "./entity-builder.ts";
import { cleanText, isoDay } from "./text.ts";
import { children, readXml, text, type XmlNode } from "./xml.ts";

const REPEATED = new Set([
  "INDIVIDUAL", "ENTITY", "INDIVIDUAL_ALIAS", "ENTITY_ALIAS", "INDIVIDUAL_ADDRESS", "ENTITY_ADDRESS",
  "INDIVIDUAL_DATE_OF_BIRTH", "NATIONALITY", "VALUE",
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

function parseRecord(datasetId: string, record: XmlNode, kind: "INDIVIDUAL" | "ENTITY"): SanctionsEntity {
  const dataId = text(record, "DATAID").trim();
  if (!dataId) throw new DatasetFormatError(`an ${kind} without DATAID (named "${cleanText(text(record, "FIRST_NAME"))}")`);
  // "na" (not available) stands in for a missing name part.
  const parts = ["FIRST_NAME", "SECOND_NAME", "THIRD_NAME", "FOURTH_NAME"].map((tag) => text(record, tag));
  const name = joinParts(parts.filter((part) => part.trim().toLowerCase() !== "na"), " ");
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

export function parseUnXml(datasetId: string, file: DatasetFile): SanctionsEntity[] {
  const list = readXml(file, { root: "CONSOLIDATED_LIST", repeated: REPEATED });
  const entities: SanctionsEntity[] = [];
  for (const [group, kind] of [["INDIVIDUALS", "INDIVIDUAL"], ["ENTITIES", "ENTITY"]] as const) {
    children(list, group).forEach((section) => {
      children(section, kind).forEach((record, index) => {
        try {
          entities.push(parseRecord(datasetId, record, kind));
        } catch (error) {
          if (!(error instanceof DatasetFormatError)) throw error;
          throw new DatasetFormatError(`${file.name}, ${kind} #${index + 1}: ${error.message}`);
        }
      });
    });
  }
  return entities;
}
