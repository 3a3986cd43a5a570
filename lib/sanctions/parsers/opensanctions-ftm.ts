import { DatasetFormatError, type EntitySchema, type IdentifierKind, type SanctionsEntity } from "../entity.ts";
import { addAlias, addIdentifier, addUnique, newEntity } from "./entity-builder.ts";
import { FtmPepLinks } from "./ftm-pep.ts";
import { type BadLine, type JsonRecord, jsonLines, strings } from "./json-lines.ts";
import type { SourceFile } from "./source.ts";
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

/** What a read skipped: lines that are not JSON (a publisher's glitch loses one entity, not the list). */
export interface ReadStats {
  skippedLines: number;
}

/** More lines than this share not being JSON is a broken file, not a glitch: the import fails. */
export const MAX_SKIPPED_LINE_SHARE = 0.01;

/** Pass one's reader of side records: entities that describe a target but come before or after it in the file. */
interface SideRecords {
  collect(schema: string, record: JsonRecord): void;
}

/** Identity documents (Passport, Identification, CryptoWallet) by holder, bound to each holder in pass two. */
class Documents implements SideRecords {
  private readonly byHolder = new Map<string, NonNullable<ReturnType<typeof documentOf>>[]>();
  collect(schema: string, record: JsonRecord) {
    if (!DOCUMENT_SCHEMAS[schema]) return;
    const document = documentOf(schema, record);
    if (!document) return;
    for (const holder of document.holders) {
      const held = this.byHolder.get(holder);
      if (held) held.push(document);
      else this.byHolder.set(holder, [document]);
    }
  }
  bind(entity: SanctionsEntity) {
    for (const document of this.byHolder.get(entity.sourceId) ?? []) addIdentifier(entity, document.kind, document.value, document.country);
  }
}

/**
 * OpenSanctions entities.ftm.json: one FollowTheMoney entity a line, read in two passes over the file so that only
 * side records are held, never the entities. Pass one checks every line and collects the side records (identity
 * documents, which may come before or after their holders); pass two yields the screening targets one at a time,
 * with their side records bound. Only targets are kept (an entity marked "target": false is, for example, a vessel
 * owner listed for context). A line that is not JSON is skipped and counted in `stats`; more than
 * MAX_SKIPPED_LINE_SHARE of them fails the read before any entity is given.
 */
export function* readOpenSanctionsFtm(datasetId: string, file: SourceFile, stats: ReadStats = { skippedLines: 0 }): Generator<SanctionsEntity> {
  const documents = new Documents();
  // Positions, occupancies and family or associate links may come anywhere in the file, as documents may.
  const pep = new FtmPepLinks();
  const sideRecords: SideRecords[] = [documents, { collect: (_schema, record) => pep.collect(record) }];
  let firstBad: BadLine | null = null;
  let lines = 0;
  for (const { line, record } of jsonLines(file, (bad) => {
    stats.skippedLines++;
    firstBad ??= bad;
  })) {
    lines++;
    if (typeof record.id !== "string" || !record.id) throw new DatasetFormatError(`${file.name} line ${line}: entity without "id"`);
    if (typeof record.schema !== "string") throw new DatasetFormatError(`${file.name} line ${line}: entity ${record.id} without "schema"`);
    for (const side of sideRecords) side.collect(record.schema, record);
  }
  const total = lines + stats.skippedLines;
  if (firstBad && stats.skippedLines > total * MAX_SKIPPED_LINE_SHARE) {
    throw new DatasetFormatError(
      `${(firstBad as BadLine).message}; ${stats.skippedLines} of ${total} lines are not valid JSON, more than the ${MAX_SKIPPED_LINE_SHARE * 100} % an import skips`,
    );
  }
  pep.endOfFirstPass();
  for (const { record } of jsonLines(file, () => {})) {
    const schema = SCHEMAS[record.schema as string];
    if (!schema || record.target === false) continue;
    const entity = toEntity(datasetId, record.id as string, schema, record);
    if (!entity) continue;
    documents.bind(entity);
    const details = schema === "Person" ? pep.detailsOf(record.id as string, strings(propertiesOf(record).topics)) : undefined;
    if (details) entity.pep = details;
    yield entity;
  }
}

/** The whole file's entities at once (tests, benchmarks); an import streams them with readOpenSanctionsFtm. */
export const parseOpenSanctionsFtm = (datasetId: string, file: SourceFile): SanctionsEntity[] => [...readOpenSanctionsFtm(datasetId, file)];
