/**
 * List files: a NUL byte or another control character inside a published list (raw, or as a JSON
 * \u0000 escape) must not fail the import (PostgreSQL refuses NUL in text and jsonb): the character is dropped and the
 * entity kept. A file that is mostly NULs is still refused as binary.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { type Database, schema } from "../../data/db.ts";
import { importDatasetFiles } from "../../lib/sanctions/datasets/import.ts";
import { seedDatasets } from "../../lib/sanctions/datasets/registry.ts";
import { parseDatasetFiles } from "../../lib/sanctions/parsers/index.ts";
import { importFiles } from "../../support/import-files.ts";
import { formatErrorOf } from "../fixtures/sanctions/fixtures.ts";
import { openTestDatabase } from "../helpers/database.ts";

const FIXTURES = join(import.meta.dir, "..", "fixtures", "sanctions");
const fixtureText = (path: string) => readFileSync(join(FIXTURES, path), "utf8");
const importFile = (datasetId: string, name: string, text: string) =>
  importDatasetFiles(database.db, datasetId, importFiles({ [name]: text }), { actor: { kind: "system" }, timeoutMs: 10_000 });
const entitiesOf = (datasetId: string) => database.db.select().from(schema.sanctionsEntities).where(eq(schema.sanctionsEntities.datasetId, datasetId));

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedDatasets(database.db);
});
afterAll(async () => {
  await database.close();
});

describe("control characters in list files", () => {
  test("a UN XML list with raw NUL and control bytes in a name imports, the name without them", async () => {
    const xml = fixtureText("un_xml/consolidated.xml").replace("<FIRST_NAME>JANG", "<FIRST_NAME>JA\u0000N\u0001G\u001b");
    const result = await importFile("un_sc_sanctions", "consolidated.xml", xml);
    expect(result.status).toBe("success");
    const names = (await entitiesOf("un_sc_sanctions")).map((e) => e.name);
    expect(names.some((name) => name.startsWith("JANG "))).toBe(true);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the test looks for control characters
    expect(names.filter((name) => /[\u0000-\u001f]/.test(name))).toEqual([]);
  });

  test("JSON escapes \\u0000, \\u0007 and an unpaired \\ud800 in a Senzing record are dropped, the record kept", async () => {
    const json = fixtureText("opensanctions_senzing/senzing.json").replace('"NAME_FULL":"Scott Franklin"', '"NAME_FULL":"Scott\\u0000 Frank\\u0007lin\\ud800"');
    expect(json).toContain("\\u0000");
    const result = await importFile("us_congress_peps", "senzing.json", json);
    expect(result.status).toBe("success");
    const entities = await entitiesOf("us_congress_peps");
    expect(entities.map((e) => e.name)).toContain("Scott Franklin");
    expect(JSON.stringify(entities)).not.toMatch(/\\u0000|\\u0007|\\ud800/);
  });

  test("a CSV with a NUL in a name parses the row unchanged; a file that is mostly NUL bytes is refused as binary", () => {
    const csv = fixtureText("uk_fcdo_csv/UK-Sanctions-List.csv");
    const withNul = csv.replace('"PETROV","Sergei"', '"PET\u0000ROV","Ser\u0001gei"');
    expect(withNul).not.toBe(csv);
    const clean = parseDatasetFiles("uk_fcdo_csv", "gb_fcdo_sanctions", importFiles({ "UK-Sanctions-List.csv": csv }));
    const stripped = parseDatasetFiles("uk_fcdo_csv", "gb_fcdo_sanctions", importFiles({ "UK-Sanctions-List.csv": withNul }));
    expect(stripped).toEqual(clean);

    const utf16 = new Uint8Array([...new TextEncoder().encode("<a>")].flatMap((b) => [b, 0]));
    expect(formatErrorOf(() => parseDatasetFiles("un_xml", "x", [{ name: "consolidated.xml", content: utf16 }]))).toBe(
      "consolidated.xml is binary, not text (NUL byte at offset 1)",
    );
  });
});
