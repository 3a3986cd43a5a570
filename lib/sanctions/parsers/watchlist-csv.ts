/**
 * An organisation's watchlist as CSV (lib/watchlists): the header `name,entityType,aliases,birthDate,nationality,
 * identifiers,reason`, aliases separated by `;`, identifiers written `kind:value` (several separated by `;`). The same
 * text is a watchlist version's stored file (kept with the version, as every list's files are) and the export a user
 * downloads.
 */
import { createHash } from "node:crypto";
import { DatasetFormatError, type EntitySchema, type IdentifierKind, type SanctionsEntity } from "../entity.ts";
import {
  WATCHLIST_BIRTH_DATE,
  WATCHLIST_CSV_HEADER,
  WATCHLIST_IDENTIFIER_KINDS,
  type WatchlistEntityType,
  type WatchlistEntryData,
  watchlistEntryInputSchema,
} from "../watchlist-format.ts";
import { readCsv } from "./csv.ts";

export const WATCHLIST_FILE_NAME = "watchlist.csv";
/** Refused when the header has no name column: the import cannot tell what any line is. */
export const WATCHLIST_HEADER_MISSING = "The CSV needs a header line with a name column: name,entityType,aliases,birthDate,nationality,identifiers,reason";

const SCHEMAS: Record<WatchlistEntityType, EntitySchema> = { person: "Person", company: "Organization", vessel: "Vessel", aircraft: "Aircraft" };
const TYPES = new Map<EntitySchema, WatchlistEntityType>(Object.entries(SCHEMAS).map(([type, schema]) => [schema, type as WatchlistEntityType]));
/** Other words for a type a spreadsheet may hold. */
const TYPE_WORDS: Record<string, WatchlistEntityType> = {
  individual: "person",
  organization: "company",
  organisation: "company",
  entity: "company",
  ship: "vessel",
};

export type WatchlistLine = { line: number; entry: WatchlistEntryData } | { line: number; error: string };

/**
 * Every data line of the file read into an entry, or the reason it cannot be one; the header names the columns (in
 * any order, compared case-insensitively). Throws a DatasetFormatError when there is no name column or the CSV's
 * quoting is broken (then no line can be trusted).
 */
export function readWatchlistLines(text: string): WatchlistLine[] {
  const rows = readCsv(WATCHLIST_FILE_NAME, text);
  const [header, ...lines] = rows;
  const columns = new Map(
    (header?.cells ?? []).map((cell, i) => [
      cell
        .trim()
        .replace(/^\uFEFF/, "")
        .toLowerCase(),
      i,
    ]),
  );
  if (!columns.has("name")) throw new DatasetFormatError(WATCHLIST_HEADER_MISSING);

  // Columns of other names (a spreadsheet's own) are left out.
  const width = header!.cells.length;
  // Each column's place, looked up once: a file may have a million lines.
  const place = Object.fromEntries(WATCHLIST_CSV_HEADER.map((column) => [column, columns.get(column.toLowerCase()) ?? -1]));
  const cell = (cells: string[], column: string) => {
    const value = cells[place[column]];
    return value ? unquoteFormula(value.trim()) : "";
  };
  return lines
    .filter((row) => row.cells.some((c) => c.trim() !== ""))
    .map((row): WatchlistLine => {
      if (row.cells.length > width) return { line: row.line, error: `expected ${width} columns, found ${row.cells.length}` };
      const error = (message: string): WatchlistLine => ({ line: row.line, error: message });
      const get = (column: string) => cell(row.cells, column);
      const typeWord = get("entityType").toLowerCase();
      const entityType = typeWord === "" ? "person" : (TYPE_WORDS[typeWord] ?? typeWord);
      const birthDate = get("birthDate");
      if (birthDate && !WATCHLIST_BIRTH_DATE.test(birthDate)) return error(`birthDate "${birthDate}" is not YYYY, YYYY-MM or YYYY-MM-DD`);
      const identifiers: { kind: string; value: string }[] = [];
      for (const written of splitList(get("identifiers"))) {
        const colon = written.indexOf(":");
        if (colon <= 0) return error(`identifier "${written}" is not written kind:value`);
        const kind = written.slice(0, colon).trim().toLowerCase();
        if (!(WATCHLIST_IDENTIFIER_KINDS as readonly string[]).includes(kind)) {
          return error(`unknown identifier kind "${kind}" (known: ${WATCHLIST_IDENTIFIER_KINDS.join(", ")})`);
        }
        identifiers.push({ kind, value: written.slice(colon + 1).trim() });
      }
      const parsed = watchlistEntryInputSchema.safeParse({
        name: get("name"),
        entityType,
        aliases: splitList(get("aliases")),
        birthDate: birthDate || null,
        nationality: get("nationality") || null,
        identifiers,
        reason: get("reason") || null,
      });
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return error(issue.path[0] === "name" && get("name") === "" ? "name is empty" : issue.message);
      }
      return { line: row.line, entry: parsed.data };
    });
}

/**
 * An entry's id: the same person (name, type and birth date, compared without case and spacing) is the same entry in
 * every version and every import, so a hit cleared once stays cleared and an entry imported twice is one entry.
 */
export function watchlistEntryId(entry: Pick<WatchlistEntryData, "name" | "entityType" | "birthDate">): string {
  const key = [entry.entityType, entry.name.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim(), entry.birthDate ?? ""].join("\u0000");
  return createHash("sha256").update(key).digest("hex").slice(0, 20);
}

/** The entry as the matcher indexes it; its reason is kept as the listing's remarks. */
export function watchlistEntity(datasetId: string, entry: WatchlistEntryData): SanctionsEntity {
  const sourceId = watchlistEntryId(entry);
  return {
    id: `${datasetId}:${sourceId}`,
    datasetId,
    sourceId,
    schema: SCHEMAS[entry.entityType],
    name: entry.name,
    aliases: entry.aliases.map((name) => ({ name, kind: "aka" as const })),
    nationalities: entry.nationality ? [entry.nationality] : [],
    birthDates: entry.birthDate ? [entry.birthDate] : [],
    ...(entry.identifiers.length ? { identifiers: entry.identifiers.map((i) => ({ kind: i.kind as IdentifierKind, value: i.value })) } : {}),
    programs: [],
    addresses: [],
    remarks: entry.reason ?? null,
    listedOn: null,
    sourceUrl: null,
  };
}

/** The entry a stored entity is (the inverse of watchlistEntity). */
export function entryOfEntity(
  e: Pick<SanctionsEntity, "schema" | "name" | "aliases" | "birthDates" | "nationalities" | "identifiers" | "remarks">,
): WatchlistEntryData {
  return {
    name: e.name,
    entityType: TYPES.get(e.schema) ?? "person",
    aliases: e.aliases.map((a) => a.name),
    birthDate: e.birthDates[0] ?? null,
    nationality: e.nationalities[0] ?? null,
    identifiers: (e.identifiers ?? []).map((i) => ({ kind: i.kind, value: i.value })),
    reason: e.remarks,
  };
}

/** The entries as CSV with the header line (RFC 4180: commas, CRLF, quotes doubled), UTF-8 with a byte-order mark. */
export function watchlistCsv(entries: Iterable<WatchlistEntryData>): string {
  const lines = [`\uFEFF${WATCHLIST_CSV_HEADER.join(",")}`];
  for (const e of entries) {
    lines.push(
      [
        e.name,
        e.entityType,
        e.aliases.join("; "),
        e.birthDate ?? "",
        e.nationality ?? "",
        e.identifiers.map((i) => `${i.kind}:${i.value}`).join("; "),
        e.reason ?? "",
      ]
        .map(field)
        .join(","),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}

const splitList = (text: string) =>
  text === ""
    ? []
    : text
        .split(";")
        .map((s) => s.trim())
        .filter(Boolean);

/**
 * A cell a spreadsheet would run as a formula (= + - @ first) is written with a quote before it, and read without
 * it: names come from uploaded files, and an export must import back as it was.
 */
const FORMULA = /^[=+\-@]/;
function field(text: string): string {
  const safe = FORMULA.test(text) ? `'${text}` : text;
  return /[",\r\n;]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}
const unquoteFormula = (text: string) => (text.startsWith("'") && FORMULA.test(text.slice(1)) ? text.slice(1) : text);
