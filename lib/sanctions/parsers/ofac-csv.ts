import { collectGarbage } from "../collect-garbage.ts";
import { type DatasetFile, DatasetFormatError, type EntitySchema, type SanctionsEntity } from "../entity.ts";
import { assertColumnCount, type CsvRow, readCsv } from "./csv.ts";
import { addAlias, addIdentifier, addUnique, joinParts, newEntity } from "./entity-builder.ts";
import { parseOfacRemarks } from "./ofac-remarks.ts";
import { baseName, decodeLegacyText } from "./text.ts";

/** The two published sets share one layout: [primary, alternate names, addresses, remarks continued]. */
export const OFAC_FILE_SETS = [
  ["sdn.csv", "alt.csv", "add.csv", "sdn_comments.csv"],
  ["cons_prim.csv", "cons_alt.csv", "cons_add.csv", "cons_comments.csv"],
] as const;

export type OfacFiles = [primary: DatasetFile, alt?: DatasetFile, add?: DatasetFile, comments?: DatasetFile];

const SCHEMAS: Record<string, EntitySchema> = { individual: "Person", vessel: "Vessel", aircraft: "Aircraft" };
const ALT_KINDS = { aka: "aka", fka: "fka", nka: "nka" } as const;

/** OFAC writes "-0-" (often with a trailing space) for an empty field. */
function value(cell: string | undefined): string {
  const trimmed = (cell ?? "").trim();
  return trimmed === "-0-" ? "" : trimmed;
}

function readOfacCsv(file: DatasetFile, columns: number): CsvRow[] {
  // The legacy files end with a DOS end-of-file byte (0x1A).
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the DOS end-of-file byte is what this removes
  const rows = readCsv(file.name, decodeLegacyText(file).replace(/\x1a\s*$/, ""));
  // The reading's garbage (several times the file) goes before the next file's adds to it.
  collectGarbage();
  for (const row of rows) {
    assertColumnCount(file.name, row, columns);
    if (!/^\d+$/.test(row.cells[0].trim())) {
      throw new DatasetFormatError(`${file.name} line ${row.line}: ent_num "${row.cells[0]}" is not a number`);
    }
  }
  return rows;
}

function assertOneSet(files: OfacFiles): void {
  const set = OFAC_FILE_SETS.find((names) => names[0] === baseName(files[0].name));
  files.forEach((file, slot) => {
    if (file && set && baseName(file.name) !== set[slot]) {
      throw new DatasetFormatError(`${file.name} does not belong with ${files[0].name}; expected ${set[slot]}`);
    }
  });
}

export function parseOfacCsv(datasetId: string, files: OfacFiles): SanctionsEntity[] {
  assertOneSet(files);
  const [primary, alt, add, comments] = files;
  const byId = new Map<string, SanctionsEntity>();
  const remarksById = new Map<string, string>();

  for (const { line, cells } of readOfacCsv(primary, 12)) {
    const entNum = cells[0].trim();
    if (byId.has(entNum)) throw new DatasetFormatError(`${primary.name} line ${line}: ent_num ${entNum} appears twice`);
    const name = value(cells[1]);
    if (!name) throw new DatasetFormatError(`${primary.name} line ${line}: entry ${entNum} has no name`);
    const schema = SCHEMAS[value(cells[2]).toLowerCase()] ?? "Organization";
    const entity = newEntity(datasetId, entNum, schema, name);
    // "[SDGT] [IRGC]" arrives as "SDGT] [IRGC" once the CSV quotes are gone.
    for (const program of value(cells[3]).split(/\]\s*\[/)) addUnique(entity.programs, program.replace(/[[\]]/g, ""));
    if (schema === "Vessel") addUnique(entity.nationalities, value(cells[9]));
    entity.sourceUrl = `https://sanctionssearch.ofac.treas.gov/Details.aspx?id=${entNum}`;
    byId.set(entNum, entity);
    remarksById.set(entNum, value(cells[11]));
  }

  // Remarks longer than the column allows continue in the comments file, mid-word.
  if (comments) {
    for (const { cells } of readOfacCsv(comments, 2)) {
      const entNum = cells[0].trim();
      if (remarksById.has(entNum)) remarksById.set(entNum, remarksById.get(entNum) + value(cells[1]));
    }
  }

  if (alt) {
    for (const { line, cells } of readOfacCsv(alt, 5)) {
      const entity = byId.get(cells[0].trim());
      if (!entity) continue;
      const type = value(cells[2]).toLowerCase();
      const kind = ALT_KINDS[type as keyof typeof ALT_KINDS];
      if (!kind) throw new DatasetFormatError(`${alt.name} line ${line}: unknown alt_type "${cells[2].trim()}"`);
      addAlias(entity, value(cells[3]), kind);
    }
  }

  if (add) {
    for (const { cells } of readOfacCsv(add, 6)) {
      const entity = byId.get(cells[0].trim());
      if (entity) addUnique(entity.addresses, joinParts([value(cells[2]), value(cells[3]), value(cells[4])]));
    }
  }

  for (const [entNum, entity] of byId) {
    const remarks = remarksById.get(entNum) ?? "";
    if (!remarks) continue;
    entity.remarks = remarks;
    const facts = parseOfacRemarks(remarks);
    for (const date of facts.birthDates) addUnique(entity.birthDates, date);
    for (const country of facts.nationalities) addUnique(entity.nationalities, country);
    for (const alias of facts.weakAliases) addAlias(entity, alias, "weak");
    for (const id of facts.identifiers) addIdentifier(entity, id.kind, id.value, id.country);
  }
  return [...byId.values()];
}
