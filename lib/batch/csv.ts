import { parse } from "csv-parse/sync";
import { AppError } from "../errors.ts";
import { createSearchSchema, type CreateSearchFields } from "../screening/schemas.ts";

export const MAX_BATCH_CSV_BYTES = 2 * 1024 * 1024;
export const MAX_BATCH_ROWS = 1000;

const PARSE_FAILED = "Error parsing CSV file. Please check format.";

/**
 * Reads a batch CSV (spec part 1 section 5): the first row is the header, lower-cased and trimmed; a row is
 * kept only with a value in searchterm or name; entityType from entitytype or type (default person);
 * language (default en), country and numLinks (default 10) are optional. The public API's "Name, Type" files
 * are the same format. Every kept row must be a valid search, else the whole file is refused naming the line.
 */
export function parseBatchCsv(content: string): CreateSearchFields[] {
  if (Buffer.byteLength(content) > MAX_BATCH_CSV_BYTES) {
    throw new AppError(413, `The CSV file is larger than ${MAX_BATCH_CSV_BYTES / 1024 / 1024} MB`);
  }
  let records: string[][];
  try {
    records = parse(content.replace(/^\uFEFF/, ""), { relax_column_count: true, skip_empty_lines: true, trim: true });
  } catch (error) {
    throw new AppError(400, `${PARSE_FAILED} ${(error as Error).message}`);
  }
  if (records.length === 0) throw new AppError(400, `${PARSE_FAILED} The file is empty.`);
  const header = records[0].map((h) => h.trim().toLowerCase());
  const column = (...names: string[]) => names.map((n) => header.indexOf(n)).find((i) => i >= 0) ?? -1;
  const termColumn = column("searchterm", "name");
  if (termColumn < 0) throw new AppError(400, `${PARSE_FAILED} The header needs a Name (or searchTerm) column.`);
  const typeColumn = column("entitytype", "type");
  const languageColumn = column("language");
  const countryColumn = column("country");
  const linksColumn = column("numlinks");

  const rows: CreateSearchFields[] = [];
  for (let i = 1; i < records.length; i++) {
    const cell = (index: number) => (index >= 0 ? (records[i][index] ?? "").trim() : "");
    if (!cell(termColumn)) continue;
    const links = cell(linksColumn);
    const parsed = createSearchSchema.safeParse({
      searchTerm: cell(termColumn),
      entityType: cell(typeColumn).toLowerCase() || undefined,
      language: cell(languageColumn).toLowerCase() || undefined,
      country: cell(countryColumn) || undefined,
      numLinks: links ? Number(links) : undefined,
    });
    if (!parsed.success) throw new AppError(400, `Line ${i + 1}: ${parsed.error.issues[0].message}`);
    rows.push(parsed.data);
    if (rows.length > MAX_BATCH_ROWS) throw new AppError(400, `A batch can have at most ${MAX_BATCH_ROWS} entities`);
  }
  if (rows.length === 0) throw new AppError(400, "The CSV file has no entities to screen");
  return rows;
}
