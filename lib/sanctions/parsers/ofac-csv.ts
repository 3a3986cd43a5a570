import { DatasetFormatError, type EntitySchema, type SanctionsEntity } from "../entity.ts";
import { assertColumnCount, type CsvRow, readCsvFile } from "./csv.ts";
import { addAlias, addIdentifier, addUnique, joinParts, newEntity } from "./entity-builder.ts";
import { parseOfacRemarks } from "./ofac-remarks.ts";
import type { SourceFile } from "./source.ts";
import { baseName } from "./text.ts";

/** The two published sets share one layout: [primary, alternate names, addresses, remarks continued]. */
export const OFAC_FILE_SETS = [
  ["sdn.csv", "alt.csv", "add.csv", "sdn_comments.csv"],
  ["cons_prim.csv", "cons_alt.csv", "cons_add.csv", "cons_comments.csv"],
] as const;

export type OfacFiles = [primary: SourceFile, alt?: SourceFile, add?: SourceFile, comments?: SourceFile];

const SCHEMAS: Record<string, EntitySchema> = { individual: "Person", vessel: "Vessel", aircraft: "Aircraft" };
const ALT_KINDS = { aka: "aka", fka: "fka", nka: "nka" } as const;

/** OFAC writes "-0-" (often with a trailing space) for an empty field. */
function value(cell: string | undefined): string {
  const trimmed = (cell ?? "").trim();
  return trimmed === "-0-" ? "" : trimmed;
}

/**
 * The rows of one file a record at a time, each checked for its columns and entry number. The DOS end-of-file byte
 * (0x1A) the legacy files end with is a control character, removed with the others as the text is decoded.
 */
function* ofacRows(file: SourceFile, columns: number, chunkSize?: number): Generator<CsvRow> {
  for (const row of readCsvFile(file, chunkSize)) {
    assertColumnCount(file.name, row, columns);
    if (!/^\d+$/.test(row.cells[0].trim())) {
      throw new DatasetFormatError(`${file.name} line ${row.line}: ent_num "${row.cells[0]}" is not a number`);
    }
    yield row;
  }
}

function assertOneSet(files: OfacFiles): void {
  const set = OFAC_FILE_SETS.find((names) => names[0] === baseName(files[0].name));
  files.forEach((file, slot) => {
    if (file && set && baseName(file.name) !== set[slot]) {
      throw new DatasetFormatError(`${file.name} does not belong with ${files[0].name}; expected ${set[slot]}`);
    }
  });
}

/** An alternate name as its row gives it; its type is checked only for an entry of the primary file, as it is used. */
interface AltRow {
  line: number;
  type: string;
  name: string;
}

/** What the three companion files add to each entry number, in their rows' order: small beside the primary file. */
interface Companions {
  alts: Map<string, AltRow[]>;
  addresses: Map<string, string[]>;
  /** Remarks longer than the column allows continue in the comments file, mid-word. */
  continued: Map<string, string>;
}

const append = <T>(map: Map<string, T[]>, key: string, item: T) => {
  const list = map.get(key);
  if (list) list.push(item);
  else map.set(key, [item]);
};

/** The companion files, each read once a record at a time and kept by entry number. */
function readCompanions([, alt, add, comments]: OfacFiles, chunkSize?: number): Companions {
  const companions: Companions = { alts: new Map(), addresses: new Map(), continued: new Map() };
  if (comments) {
    for (const { cells } of ofacRows(comments, 2, chunkSize)) {
      const entNum = cells[0].trim();
      companions.continued.set(entNum, (companions.continued.get(entNum) ?? "") + value(cells[1]));
    }
  }
  if (alt) {
    for (const { line, cells } of ofacRows(alt, 5, chunkSize)) append(companions.alts, cells[0].trim(), { line, type: cells[2], name: cells[3] });
  }
  if (add) {
    for (const { cells } of ofacRows(add, 6, chunkSize)) {
      append(companions.addresses, cells[0].trim(), joinParts([value(cells[2]), value(cells[3]), value(cells[4])]));
    }
  }
  return companions;
}

/**
 * The entries of an OFAC set, one at a time in the primary file's order: the companion files are read first and
 * kept by entry number, then the primary file is read a record at a time and each entry is given with its alternate
 * names, addresses and remarks joined. `chunkSize` is for tests that split records and characters.
 */
export function* readOfacCsv(datasetId: string, files: OfacFiles, chunkSize?: number): Generator<SanctionsEntity> {
  assertOneSet(files);
  const [primary, alt] = files;
  const { alts, addresses, continued } = readCompanions(files, chunkSize);
  const seen = new Set<string>();

  for (const { line, cells } of ofacRows(primary, 12, chunkSize)) {
    const entNum = cells[0].trim();
    if (seen.has(entNum)) throw new DatasetFormatError(`${primary.name} line ${line}: ent_num ${entNum} appears twice`);
    seen.add(entNum);
    const name = value(cells[1]);
    if (!name) throw new DatasetFormatError(`${primary.name} line ${line}: entry ${entNum} has no name`);
    const schema = SCHEMAS[value(cells[2]).toLowerCase()] ?? "Organization";
    const entity = newEntity(datasetId, entNum, schema, name);
    // "[SDGT] [IRGC]" arrives as "SDGT] [IRGC" once the CSV quotes are gone.
    for (const program of value(cells[3]).split(/\]\s*\[/)) addUnique(entity.programs, program.replace(/[[\]]/g, ""));
    if (schema === "Vessel") addUnique(entity.nationalities, value(cells[9]));
    entity.sourceUrl = `https://sanctionssearch.ofac.treas.gov/Details.aspx?id=${entNum}`;

    for (const row of alts.get(entNum) ?? []) {
      const kind = ALT_KINDS[value(row.type).toLowerCase() as keyof typeof ALT_KINDS];
      if (!kind) throw new DatasetFormatError(`${alt!.name} line ${row.line}: unknown alt_type "${row.type.trim()}"`);
      addAlias(entity, value(row.name), kind);
    }
    for (const address of addresses.get(entNum) ?? []) addUnique(entity.addresses, address);

    const remarks = value(cells[11]) + (continued.get(entNum) ?? "");
    if (remarks) {
      entity.remarks = remarks;
      const facts = parseOfacRemarks(remarks);
      for (const date of facts.birthDates) addUnique(entity.birthDates, date);
      for (const country of facts.nationalities) addUnique(entity.nationalities, country);
      for (const alias of facts.weakAliases) addAlias(entity, alias, "weak");
      for (const id of facts.identifiers) addIdentifier(entity, id.kind, id.value, id.country);
    }
    yield entity;
  }
}
